/// Splits an expression's text into tokens, counting offsets in Unicode scalars (the unit
/// ``ExpressionError`` and the references report).
///
/// Numbers: digits with an optional fraction and exponent (`140`, `0.5`, `.5`, `1e8`, `2.5E-3`);
/// `.5` is accepted because it cannot be mistaken for anything else, `1.` is not (the point must
/// be followed by a digit, as in JSON). Names: `[a-z][a-z0-9_]*` words joined by `.`.
struct ExpressionLexer {
    let scalars: [Unicode.Scalar]
    /// The offset just past the last token read.
    var index = 0

    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// The next token and the offset of its first scalar (the text's length at the end).
    mutating func next() throws(ExpressionError) -> (token: ExpressionToken, offset: Int) {
        skipSpace()
        let start = index
        guard index < scalars.count else { return (.end, start) }
        let scalar = scalars[index]
        if isDigit(at: index) || (scalar == "." && isDigit(at: index + 1)) { return (try number(), start) }
        if scalar.properties.isAlphabetic, scalar.isASCII { return (try name(), start) }
        guard "+-*/(),".unicodeScalars.contains(scalar) else {
            throw ExpressionError("unexpected character \"\(scalar)\"", at: start)
        }
        index += 1
        return (.symbol(scalar), start)
    }

    /// The text of `range`, for messages and literals.
    func text(_ range: Range<Int>) -> String {
        String(String.UnicodeScalarView(scalars[range]))
    }

    /// Skips whitespace and returns its end: where the next token starts.
    @discardableResult
    mutating func skipSpace() -> Int {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
        return index
    }

    private func isDigit(at offset: Int) -> Bool {
        offset < scalars.count && ("0"..."9").contains(scalars[offset])
    }

    private mutating func skipDigits() {
        while isDigit(at: index) { index += 1 }
    }

    private mutating func number() throws(ExpressionError) -> ExpressionToken {
        let start = index
        skipDigits()
        if index < scalars.count, scalars[index] == ".", isDigit(at: index + 1) {
            index += 1
            skipDigits()
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            var cursor = index + 1
            if cursor < scalars.count, scalars[cursor] == "+" || scalars[cursor] == "-" { cursor += 1 }
            guard isDigit(at: cursor) else {
                throw ExpressionError("invalid number \"\(text(start..<cursor))\" (expected digits in the exponent)", at: start)
            }
            index = cursor
            skipDigits()
        }
        let literal = text(start..<index)
        guard let value = Double(literal), value.isFinite else {
            throw ExpressionError("number \(literal) is out of range", at: start)
        }
        return .number(value)
    }
}
