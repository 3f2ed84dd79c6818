/// Why a document was refused, and where: `line 3, column 14: undefined entity &nbsp;`.
package struct XMLError: Error, Equatable, CustomStringConvertible {
    /// 1-based line of the problem (0 when it concerns the whole document, e.g. its encoding).
    package var line: Int
    /// 1-based column, in characters, of the problem on its line (0 with `line` 0).
    package var column: Int
    /// What is wrong.
    package var message: String

    /// A problem at `line`:`column`.
    package init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// A problem of the whole document (its size, its encoding).
    package init(_ message: String) { self.init(line: 0, column: 0, message) }

    package var description: String { line == 0 ? message : "line \(line), column \(column): \(message)" }
}
