/// One plain metric name in an ``Expression`` (`btc.usd` in `btc.usd * 2`), where it is written.
package struct MetricReference: Sendable, Equatable {
    /// The metric's name, e.g. `btc.usd`.
    package var name: String
    /// The 0-based offset, in Unicode scalars, of the name's first character in the expression
    /// text, so a diagnostic can point at an unknown metric inside the string.
    package var offset: Int
}
