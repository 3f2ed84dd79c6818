/// A shell-style name pattern (`btc-*`, `fee-?h`): `*` matches any run of characters (none
/// included), `?` exactly one, every other character itself, case-sensitively as rule names
/// are. A pattern without either wildcard matches only that exact name.
///
/// Matched over `Character`s, so a name with accents or emoji counts each as one character.
package struct GlobPattern: Sendable, Equatable {
    /// The pattern as written.
    let text: String
    private let characters: [Character]

    /// The pattern `text`.
    package init(_ text: String) {
        self.text = text
        characters = Array(text)
    }

    /// Whether the pattern has a wildcard (otherwise it names one rule exactly).
    var hasWildcard: Bool { characters.contains("*") || characters.contains("?") }

    /// Whether `name` matches the whole pattern.
    ///
    /// Greedy with one backtrack point, the last `*` seen: linear in practice and never
    /// exponential, however many stars a pattern holds (`a*a*a*a*b` against a long run of `a`).
    package func matches(_ name: String) -> Bool {
        let subject = Array(name)
        var (p, s) = (0, 0)
        var star: (pattern: Int, subject: Int)?
        while s < subject.count {
            if p < characters.count, characters[p] == "*" {
                star = (p, s)
                p += 1
            } else if p < characters.count, characters[p] == "?" || characters[p] == subject[s] {
                p += 1
                s += 1
            } else if let last = star {
                // Let the last star take one more character and try again from there.
                star = (last.pattern, last.subject + 1)
                (p, s) = (last.pattern + 1, last.subject + 1)
            } else {
                return false
            }
        }
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }

    /// Whether some name matches both this pattern and `other` (`btc-*` and `*-usd` both match
    /// `btc-usd`; `cheap-*` and `fee-*` share no name): a silence needing both matches nothing
    /// otherwise.
    ///
    /// Walks both patterns together, one character of a common name at a time: a state is a
    /// position in each, so at most (length + 1)² states are visited, whatever the stars.
    package func overlaps(_ other: GlobPattern) -> Bool {
        let (a, b) = (characters, other.characters)
        let width = b.count + 1
        var seen = [Bool](repeating: false, count: (a.count + 1) * width)
        var queue = [(0, 0)]
        let wild: Set<Character> = ["*", "?"]
        while let (i, j) = queue.popLast() {
            guard !seen[i * width + j] else { continue }
            seen[i * width + j] = true
            if i == a.count, j == b.count { return true }
            // A star may match no character at all.
            if i < a.count, a[i] == "*" { queue.append((i + 1, j)) }
            if j < b.count, b[j] == "*" { queue.append((i, j + 1)) }
            guard i < a.count, j < b.count else { continue }
            // One character both accept: any, when both have a wildcard here; else the literal.
            let (x, y) = (a[i], b[j])
            guard wild.contains(x) || wild.contains(y) || x == y else { continue }
            queue.append((x == "*" ? i : i + 1, y == "*" ? j : j + 1))
        }
        return false
    }
}
