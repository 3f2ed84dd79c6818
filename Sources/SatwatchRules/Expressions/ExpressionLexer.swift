/// Splits an expression's text into tokens, counting offsets in Unicode scalars (the unit
/// ``ExpressionError`` and the references report).
///
/// Numbers: digits with an optional fraction and exponent (`140`, `0.5`, `.5`, `1e8`, `2.5E-3`);
/// `.5` is accepted because it cannot be mistaken for anything else, `1.` is not (the point must
/// be followed by a digit, as in JSON). Names: `[a-z0-9][a-z0-9_]*` words joined by `.`; the
/// first starts with a letter, or with a digit when it has a letter and a dot follows
/// (`btc.usd`, `mark.1000pepeusdt`, `1inch.usdt`).
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
        if isDigit(at: index), startsName() { return (try name(), start) }
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

extension ExpressionLexer {
    /// Reads a window function's duration argument as one word (`200d`, `1h30m`, even a bad
    /// `1.5h`), up to whitespace, a comma or a parenthesis, so `TimeSpan` judges all of it.
    mutating func word() -> (text: String, offset: Int) {
        let start = skipSpace()
        while index < scalars.count, !scalars[index].properties.isWhitespace,
              !",()".unicodeScalars.contains(scalars[index]) {
            index += 1
        }
        return (text(start..<index), start)
    }

    /// How many arguments follow, from here to the `)` that closes the current call (at least
    /// one, even if empty), for "got 3" when a call has too many.
    func argumentsAhead() -> Int {
        var depth = 0, count = 1
        for scalar in scalars[index...] {
            switch scalar {
            case "(": depth += 1
            case ")" where depth == 0: return count
            case ")": depth -= 1
            case "," where depth == 0: count += 1
            default: break
            }
        }
        return count
    }
}

extension ExpressionLexer {
    /// Whether the word at `index`, which starts with a digit, begins a name (`1inch.usdt`, an
    /// asset code Binance lists) rather than a number: it has a letter, a dot and another word
    /// follow (so `100k` and a misplaced `200d` stay a number and an unexpected word), and it is
    /// not a number with an exponent (`1e8`, or `2e` and `1e` of `1e-3`, which `number()` reads
    /// or refuses).
    private func startsName() -> Bool {
        var end = index
        while end < scalars.count, isNamePart(scalars[end]) { end += 1 }
        let word = scalars[index..<end]
        guard word.contains(where: { $0.properties.isAlphabetic }), end + 1 < scalars.count, scalars[end] == ".",
              isNamePart(scalars[end + 1]) else { return false }
        let digits = word.prefix { ("0"..."9").contains($0) }
        let rest = word.dropFirst(digits.count)
        return !(rest.first == "e" || rest.first == "E") || !rest.dropFirst().allSatisfy { ("0"..."9").contains($0) }
    }

    /// Reads a name: ASCII letters, digits and `_`, with `.` between words. Uppercase and words
    /// that start with `_` are read too, so the error names the whole name.
    mutating func name() throws(ExpressionError) -> ExpressionToken {
        let start = index
        index += 1
        while index < scalars.count {
            if isNamePart(scalars[index]) {
                index += 1
            } else if scalars[index] == ".", index + 1 < scalars.count, isNamePart(scalars[index + 1]) {
                index += 1
            } else {
                break
            }
        }
        let name = text(start..<index)
        if Self.notNumbers.contains(name.lowercased()) {
            // JSON has no such numbers, and a threshold that is one would never decide.
            throw ExpressionError("\"\(name)\" is not a number satwatch takes: write a finite number (e.g. 1e308 for a bound nothing reaches)",
                                  at: start)
        }
        guard !name.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) else {
            // Metric names are lowercase everywhere (`btc.usd`); say how to write this one.
            throw ExpressionError("names are lowercase: write \"\(name.lowercased())\"", at: start)
        }
        let words = name.split(separator: ".", omittingEmptySubsequences: false)
        guard words.allSatisfy({ $0.unicodeScalars.first.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) } ?? false }) else {
            throw ExpressionError("invalid name \"\(name)\" (each word between dots starts with a letter or a digit)", at: start)
        }
        return .name(name)
    }

    /// The words other languages read as numbers (`NaN`, `Infinity`, lowercased), which are not
    /// numbers here.
    private static let notNumbers: Set = ["nan", "inf", "infinity"]

    private func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }
}

/// One token of an expression's text, as ``ExpressionLexer`` reads it.
enum ExpressionToken: Equatable {
    /// A numeric literal (`140`, `0.8`, `1e8`).
    case number(Double)
    /// A metric or function name, already checked to be lowercase dotted words (`btc.usd`).
    case name(String)
    /// One of `+ - * / ( ) ,`.
    case symbol(Unicode.Scalar)
    /// Past the last token.
    case end
}
