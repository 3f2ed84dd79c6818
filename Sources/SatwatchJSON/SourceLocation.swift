/// A place in a source text: 1-based line and column (columns count Unicode scalars), and the
/// 0-based UTF-8 byte offset. Diagnostics print it as `line:column`.
package struct SourceLocation: Sendable, Hashable, Comparable {
    /// 1-based line number.
    package var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    package var column: Int
    /// 0-based byte offset into the UTF-8 source.
    package var offset: Int

    /// Creates a location.
    package init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a text.
    package static let start = SourceLocation(line: 1, column: 1, offset: 0)

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
