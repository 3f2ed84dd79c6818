extension LabelRegex {
    /// One condition on a value: it matches `regex` as a whole, or (`negated`) it does not.
    package struct Condition: Sendable {
        package var regex: LabelRegex
        package var negated: Bool

        package init(_ regex: LabelRegex, negated: Bool = false) {
            self.regex = regex
            self.negated = negated
        }
    }

    /// The most automaton steps `satisfiable` takes before it gives up and answers nil: what
    /// bounds its time (tens of milliseconds) whatever an API client sends.
    package static let maxSearchSteps = 100_000

    /// Whether some value meets every one of `conditions`: false when none can, true when one
    /// can, nil when that could not be decided within the search's bounds (which a caller
    /// refusing what "can match nothing" must take as "may match").
    ///
    /// Runs the conditions' automata side by side over the values they could read, one character
    /// at a time, as a search for a value that leaves each of them accepting (or, negated, not):
    /// a state is the set of instructions each automaton is at, so a negated condition is its
    /// automaton's complement for free. Characters are tried one of each kind: every character
    /// the patterns name, and one between each two of those (in `Character` order, what their
    /// ranges test), which all tests treat alike.
    package static func satisfiable(_ conditions: [Condition], maxSteps: Int = maxSearchSteps) -> Bool? {
        guard let alphabet = representatives(of: conditions.map(\.regex)) else { return nil }
        let start = conditions.map { $0.regex.closure(of: [0]) }
        var seen: Set<[[Int]]> = [start]
        var queue = [start]
        var steps = 0
        while let state = queue.popLast() {
            if zip(conditions, state).allSatisfy({ $0.regex.accepts($1) != $0.negated }) { return true }
            characters: for character in alphabet {
                var next: [[Int]] = []
                for (condition, at) in zip(conditions, state) {
                    steps += 1
                    guard steps <= maxSteps else { return nil }
                    let stepped = condition.regex.step(at, reading: character)
                    // A condition that must match and can no longer: nothing down this way does.
                    if stepped.isEmpty, !condition.negated { continue characters }
                    next.append(stepped)
                }
                if seen.insert(next).inserted { queue.append(next) }
            }
        }
        return false
    }

    /// The regular expression matching exactly `value`.
    package static func exactly(_ value: String) -> LabelRegex? {
        try? LabelRegex(value.map(escaped).joined())
    }

    /// The regular expression matching what the shell-style `glob` does (`*`: `.*`, `?`: `.`).
    package static func glob(_ glob: String) -> LabelRegex? {
        try? LabelRegex(glob.map { $0 == "*" ? ".*" : $0 == "?" ? "." : escaped($0) }.joined())
    }

    /// `character` as a pattern: letters and digits as they are, anything else escaped.
    private static func escaped(_ character: Character) -> String {
        character.isLetter || character.isNumber ? String(character) : "\\\(character)"
    }

    // MARK: The automaton, a set of instructions at a time

    /// The test and match instructions reached from `pcs` without reading a character, sorted.
    func closure(of pcs: [Int]) -> [Int] {
        var seen = [Int](repeating: -1, count: program.count)
        var list: [Int] = []
        for pc in pcs { add(pc, to: &list, seen: &seen, generation: 0) }
        return list.sorted()
    }

    /// Where the automaton at `pcs` is after reading `character`.
    func step(_ pcs: [Int], reading character: Character) -> [Int] {
        closure(of: pcs.filter { if case .test(let test) = program[$0] { test.accepts(character) } else { false } }.map { $0 + 1 })
    }

    /// Whether the automaton at `pcs` has matched the value read so far.
    func accepts(_ pcs: [Int]) -> Bool { pcs.contains { program[$0] == .match } }

    // MARK: One character of each kind

    /// A character of each kind the patterns of `regexes` tell apart, or nil when one kind has
    /// no character found for it (then no answer is certain).
    ///
    /// The tests compare a character with the characters the patterns name (literals and the
    /// ends of ranges): those split all characters into the named ones and the runs between
    /// two named ones in order, and every character of a run passes the same tests. So each
    /// named character, one in each run, one below them all and one above them all is enough.
    static func representatives(of regexes: [LabelRegex]) -> [Character]? {
        var named: Set<Character> = []
        for regex in regexes {
            for case .test(let test) in regex.program {
                switch test {
                case .literal(let character): named.insert(character)
                case .set(let ranges, _): for range in ranges { named.formUnion([range.lowerBound, range.upperBound]) }
                case .any: continue
                }
            }
        }
        let points = named.sorted()
        var result = points
        let lowest: Character = "\u{0}"
        if let first = points.first, lowest < first { result.append(lowest) }
        if points.isEmpty { result.append("a") }
        for (index, point) in points.enumerated() {
            let next = index + 1 < points.count ? points[index + 1] : nil
            // The run between `point` and the next named character, when it has characters.
            guard let between = justAbove(point, below: next) else {
                if let next, !mayLieBetween(point, next) { continue }
                return nil
            }
            result.append(between)
        }
        return result
    }

    /// A character above `low` and below `high` (or just above `low`, with no `high`).
    private static func justAbove(_ low: Character, below high: Character?) -> Character? {
        // Under Swift's order (normalized scalars, compared in turn) the next scalar comes
        // first to mind; but between "a" and "b" lie "a" and a mark with no precomposed form.
        var candidates: [Character] = []
        let scalars = Array(low.unicodeScalars)
        let marked = String(low) + "\u{363}"
        if marked.count == 1 { candidates.append(Character(marked)) }
        if scalars.count == 1, let next = Unicode.Scalar(scalars[0].value + 1) { candidates.append(Character(next)) }
        return candidates.first { candidate in low < candidate && high.map { candidate < $0 } ?? true }
    }

    /// Whether characters may lie between `low` and `high` though none was found: false only
    /// when `high` is the scalar right after `low`, and `low` takes no mark (then none can).
    private static func mayLieBetween(_ low: Character, _ high: Character) -> Bool {
        let (a, b) = (Array(low.unicodeScalars), Array(high.unicodeScalars))
        return !(a.count == 1 && b.count == 1 && a[0].value + 1 == b[0].value && (String(low) + "\u{363}").count != 1)
    }
}
