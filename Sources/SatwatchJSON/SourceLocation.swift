/// A place in a source text: 1-based line and column (columns count Unicode scalars), and the
/// 0-based UTF-8 byte offset. Diagnostics print it as `line:column`.
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, in Unicode scalars from the start of the line.
    public var column: Int
    /// 0-based byte offset into the UTF-8 source.
    public var offset: Int

    /// Creates a location.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of a text.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool { lhs.offset < rhs.offset }
}
