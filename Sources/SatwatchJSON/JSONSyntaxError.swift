/// A text that is not JSON: what was wrong and where.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A short lowercase message, e.g. `expected ',' or '}' after object member`.
    public var message: String
    /// Where the problem was found.
    public var location: SourceLocation

    /// Creates an error.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location.line):\(location.column): \(message)" }
}
