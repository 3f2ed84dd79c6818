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
