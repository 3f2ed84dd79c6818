/// Ordered `key=value` fields of a log event, written as a dictionary literal.
package struct LogFields: ExpressibleByDictionaryLiteral, Sendable {
    /// The fields in the order written.
    package var pairs: [(String, String)]

    /// Creates fields from pairs.
    package init(_ pairs: [(String, String)]) { self.pairs = pairs }

    package init(dictionaryLiteral elements: (String, String)...) { pairs = elements }
}
