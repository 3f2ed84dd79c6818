extension ExpressionLexer {
    /// Reads a name: ASCII letters, digits and `_`, with `.` between words. Uppercase and words
    /// that do not start with a letter are read too, so the error names the whole name.
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
        guard !name.unicodeScalars.contains(where: { ("A"..."Z").contains($0) }) else {
            // Metric names are lowercase everywhere (`btc.usd`); say how to write this one.
            throw ExpressionError("names are lowercase: write \"\(name.lowercased())\"", at: start)
        }
        let words = name.split(separator: ".", omittingEmptySubsequences: false)
        guard words.allSatisfy({ $0.unicodeScalars.first.map { ("a"..."z").contains($0) } ?? false }) else {
            throw ExpressionError("invalid name \"\(name)\" (each word between dots starts with a letter)", at: start)
        }
        return .name(name)
    }

    private func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }
}
