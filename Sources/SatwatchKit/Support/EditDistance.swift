/// Levenshtein distance, for "did you mean" hints in diagnostics.
enum EditDistance {
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

    /// The candidate nearest to `name`, if within `max(2, name.count / 4)` edits: what a
    /// diagnostic offers as "did you mean".
    static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let scored = candidates.map { ($0, between($0, name)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, name.count / 4) else { return nil }
        return best
    }

    /// ` (did you mean "x"?)` when a candidate is close to `name`, else `otherwise`.
    static func hint(for name: String, in candidates: some Sequence<String>, otherwise: String = "") -> String {
        closest(to: name, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? otherwise
    }
}
