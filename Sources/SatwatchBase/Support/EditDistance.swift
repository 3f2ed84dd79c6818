/// Levenshtein distance, for "did you mean" hints in diagnostics.
package enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension EditDistance {
    /// The candidate closest to `word`, when it is close enough to be a likely typo (at most 2
    /// edits, or a quarter of the word for long ones); for "did you mean" hints. Case is no
    /// edit: `BTC.USD` is nearest `btc.usd`. Nil when `word` is itself a candidate.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let folded = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            if candidate == word { return nil }
            let distance = between(candidate.lowercased(), folded)
            if best.map({ distance < $0.distance }) ?? true { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, word.count / 4) else { return nil }
        return best.candidate
    }

    /// ` (did you mean "X"?)` for the closest candidate, or "" when none is close.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
    }

    /// The hint, or, when no candidate is close, the whole list: ` (known: a, b)` (`label`
    /// names it; "none" when there are no candidates).
    package static func hintOrList(for word: String, among candidates: [String], label: String = "known") -> String {
        let hint = hint(for: word, among: candidates)
        guard hint.isEmpty else { return hint }
        return " (\(label): \(candidates.isEmpty ? "none" : candidates.joined(separator: ", ")))"
    }
}
