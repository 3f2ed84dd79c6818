import SatwatchBase
import SatwatchJSON

/// systemd's `EnvironmentFile` syntax, state for state as systemd's own parser
/// (`src/basic/env-file.c`, systemd.exec(5)): `NAME=value` lines; `#` and `;` start a comment
/// only at the start of a line; unquoted values keep interior whitespace and lose surrounding
/// whitespace, `\` escapes the next character and `\` at the end of a line continues it;
/// `'…'` is verbatim; `"…"` unescapes `\"`, `\\`, `` \` ``, `\$` and keeps other `\x` as
/// written; quoted values may span lines; later assignments win.
///
/// Where systemd only warns and drops a line (no `=`, an invalid name such as `export NAME`,
/// invalid UTF-8) or reads an unterminated quote to the end of the file, this reports a problem
/// instead: a file accepted here means the same to the unit, and a mistake that would leave a
/// secret unset under the unit is found by the first command that reads the file.
struct EnvironmentFileParser {
    private enum State { case preKey, key, preValue, value, valueEscape, singleQuote, doubleQuote, doubleQuoteEscape, comment, commentEscape }

    /// The file, for diagnostics.
    let path: String
    /// The assignments read so far.
    private(set) var variables: [String: String] = [:]
    /// Every problem, at `path:line:column`.
    private(set) var problems: [Diagnostic] = []

    private var state = State.preKey
    private var key: [Unicode.Scalar] = [], value: [Unicode.Scalar] = []
    private var keyTrailingSpace: Int?, valueTrailingSpace: Int?
    private var keyStart = SourceLocation.start, quoteStart = SourceLocation.start

    init(path: String) { self.path = path }

    /// Parses a whole file.
    static func parse(_ bytes: [UInt8], path: String) -> EnvironmentFileParser {
        var parser = EnvironmentFileParser(path: path)
        var location = SourceLocation.start
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .emptyInput:
                parser.finish()
                return parser
            case .error:
                // The decoder skips one bad sequence; its length is not reported, so step a byte.
                parser.report(at: location, "invalid UTF-8")
                consumed += 1
                location.offset = consumed
                location.column += 1
            case .scalarValue(let scalar):
                if scalar == "\0" { parser.report(at: location, "NUL byte") } else { parser.consume(scalar, at: location) }
                consumed += UTF8.width(scalar)
                location.offset = consumed
                if scalar == "\n" { location.line += 1; location.column = 1 } else { location.column += 1 }
            }
        }
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
    private static func isNewline(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" }

    mutating func consume(_ c: Unicode.Scalar, at location: SourceLocation) {
        switch state {
        case .preKey:
            if c == "#" || c == ";" { state = .comment } else if !Self.isSpace(c) {
                state = .key
                key = [c]
                keyTrailingSpace = nil
                keyStart = location
            }
        case .key:
            if Self.isNewline(c) {
                report(at: keyStart, "expected NAME=value")
                state = .preKey
            } else if c == "=" {
                state = .preValue
                value = []
                valueTrailingSpace = nil
            } else {
                if !Self.isSpace(c) { keyTrailingSpace = nil } else if keyTrailingSpace == nil { keyTrailingSpace = key.count }
                key.append(c)
            }
        case .preValue:
            if Self.isNewline(c) { assign(); state = .preKey } else if c == "'" || c == "\"" {
                quoteStart = location
                state = c == "'" ? .singleQuote : .doubleQuote
            } else if c == "\\" { state = .valueEscape } else if !Self.isSpace(c) {
                value.append(c)
                state = .value
            }
        case .value:
            if Self.isNewline(c) { assign(); state = .preKey } else if c == "\\" {
                state = .valueEscape
                valueTrailingSpace = nil
            } else {
                if !Self.isSpace(c) { valueTrailingSpace = nil } else if valueTrailingSpace == nil { valueTrailingSpace = value.count }
                value.append(c)
            }
        case .valueEscape:
            state = .value
            if !Self.isNewline(c) { value.append(c) }  // an escaped newline continues the line
        case .singleQuote:
            if c == "'" { state = .preValue } else { value.append(c) }
        case .doubleQuote:
            if c == "\"" { state = .preValue } else if c == "\\" { state = .doubleQuoteEscape } else { value.append(c) }
        case .doubleQuoteEscape:
            state = .doubleQuote
            if "\"\\`$".unicodeScalars.contains(c) { value.append(c) } else if c != "\n" { value += ["\\", c] }
        case .comment:
            if c == "\\" { state = .commentEscape } else if Self.isNewline(c) { state = .preKey }
        case .commentEscape:
            // Since systemd 254 a comment ending in `\` does not swallow the next line.
            state = Self.isNewline(c) ? .preKey : .comment
        }
    }

    mutating func finish() {
        switch state {
        case .key: report(at: keyStart, "expected NAME=value")
        case .singleQuote, .doubleQuote, .doubleQuoteEscape: report(at: quoteStart, "unterminated quote")
        case .preValue, .value, .valueEscape: assign()
        case .preKey, .comment, .commentEscape: break
        }
        state = .preKey
    }

    private mutating func assign() {
        if state == .value, let cut = valueTrailingSpace { value.removeSubrange(cut...) }
        if let cut = keyTrailingSpace { key.removeSubrange(cut...) }
        let name = String(String.UnicodeScalarView(key))
        if Self.isValidName(key) {
            variables[name] = String(String.UnicodeScalarView(value))
        } else if name.hasPrefix("export ") || name.hasPrefix("export\t") {
            report(at: keyStart, "\"export\" is shell syntax: an environment file has NAME=value lines")
        } else {
            report(at: keyStart, "invalid variable name \"\(name)\" (letters, digits and _, not starting with a digit)")
        }
    }

    /// systemd's `env_name_is_valid`: `[A-Za-z_][A-Za-z0-9_]*`.
    private static func isValidName(_ name: [Unicode.Scalar]) -> Bool {
        guard let first = name.first, !("0"..."9").contains(first) else { return false }
        return name.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    private mutating func report(at location: SourceLocation, _ message: String) {
        problems.append(Diagnostic(path: path, at: location, message))
    }
}
