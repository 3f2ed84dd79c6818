/// Ordered `key=value` fields of a log event, written as a dictionary literal.
public struct LogFields: ExpressibleByDictionaryLiteral, Sendable {
    /// The fields in the order written.
    public var pairs: [(String, String)]

    /// Creates fields from pairs.
    public init(_ pairs: [(String, String)]) { self.pairs = pairs }

    public init(dictionaryLiteral elements: (String, String)...) { pairs = elements }
}
