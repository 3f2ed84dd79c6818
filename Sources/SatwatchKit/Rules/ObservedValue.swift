/// One value a condition looked at: a metric (`btc.usd`) or an expression
/// (`sma(btc.usd, 200d)`, `change within 1h`), as a notification lists it.
public struct ObservedValue: Sendable, Equatable {
    /// The metric name or expression text.
    public var name: String
    /// Its value.
    public var value: Double

    /// Creates a value.
    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}
