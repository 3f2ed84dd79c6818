/// One value a condition looked at: a metric (`btc.usd`) or an expression
/// (`sma(btc.usd, 200d)`, `change within 1h`), as a notification lists it.
package struct ObservedValue: Sendable, Equatable {
    /// The metric name or expression text.
    package var name: String
    /// Its value.
    package var value: Double

    /// Creates a value.
    package init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}
