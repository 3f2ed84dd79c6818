import SatwatchJSON

/// One problem found in a config, rule or test file, printed as `path:line:column: message`.
public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user can find it (relative to the working directory when given so).
    public var path: String
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong, in a short lowercase sentence.
    public var message: String

    /// Creates a diagnostic at `location` in `path`.
    public init(path: String, at location: SourceLocation, _ message: String) {
        self.path = path
        self.line = location.line
        self.column = location.column
        self.message = message
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
