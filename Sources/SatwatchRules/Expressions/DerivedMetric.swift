/// A metric computed from others (`"fee.usd": "fee.fastest * 140 * btc.usd / 1e8"` under the
/// config's `derived`): published with source `derived` each time one of its inputs changes,
/// and stale while any of them is.
package struct DerivedMetric: Sendable, Equatable {
    /// The metric's name, as rules read it.
    package var name: String
    /// How it is computed.
    package var expression: Expression

    /// Creates a derived metric.
    package init(name: String, expression: Expression) {
        self.name = name
        self.expression = expression
    }

    /// The source derived samples carry.
    package static let source = "derived"
}
