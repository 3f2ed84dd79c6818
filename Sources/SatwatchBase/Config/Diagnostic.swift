import SatwatchJSON

/// One problem found in a config, rule or test file, printed as `path:line:column: message`,
/// or `path: message` when it concerns the whole file (it cannot be read).
package struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user can find it (relative to the working directory when given so).
    package var path: String
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int
    /// What is wrong, in a short lowercase sentence.
    package var message: String

    /// Creates a diagnostic at `location` in `path`.
    package init(path: String, at location: SourceLocation, _ message: String) {
        self.path = path
        self.line = location.line
        self.column = location.column
        self.message = message
    }

    /// Creates a diagnostic about the whole file (line and column 0).
    package init(path: String, _ message: String) {
        self.path = path
        self.line = 0
        self.column = 0
        self.message = message
    }

    package var description: String { line == 0 ? "\(path): \(message)" : "\(path):\(line):\(column): \(message)" }
}
