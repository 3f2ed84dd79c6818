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
}
