/// A text that is not JSON: what was wrong and where.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A short lowercase message, e.g. `expected ',' or '}' after object member`.
    package var message: String
    /// Where the problem was found.
    package var location: SourceLocation
    /// Whether the text is JSON with an object that repeats a key, refused by
    /// ``JSONParser/parseObject(_:keeping:maxValues:)``, rather than no JSON at all.
    package var isDuplicateKey = false

    /// Creates an error.
    package init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location.line):\(location.column): \(message)" }
}
