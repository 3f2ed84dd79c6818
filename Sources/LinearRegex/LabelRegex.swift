/// A regular expression a silence matches a label's value with (`--match 'severity=~page|critical'`),
/// as Alertmanager's matchers take them: the whole value must match (`^` and `$` are implied, and
/// allowed at the ends), with literals, `.`, classes (`[a-z]`, `[^0-9]`, `\d`, `\w`, `\s`),
/// groups (`(…)`, `(?:…)`), alternation `|` and the repetitions `*`, `+` and `?`.
///
/// Matched by simulating its automaton over the value (Thompson's construction), so the time is
/// at most the value's length times the pattern's, whatever the pattern: unlike a backtracking
/// engine, no `(a+)+$` can stall the deliveries a silence is checked against. Counted repetition
/// (`{2,3}`) and back-references are refused with the reason.
package struct LabelRegex: Sendable, Equatable {
    /// The pattern as written.
    package let text: String
    let program: [Instruction]

    /// A pattern that does not compile, with the reason.
    package struct SyntaxError: Error, Equatable {
        /// What is wrong, e.g. `unclosed group`.
        package var message: String
    }

    /// The longest pattern taken, as long as a label value may be.
    static let maxLength = 1024
    /// The most groups inside one another: the parser recurses once per level.
    static let maxDepth = 32

    /// Compiles `text`.
    package init(_ text: String) throws(SyntaxError) {
        guard text.count <= Self.maxLength else { throw SyntaxError(message: "longer than \(Self.maxLength) characters") }
        var parser = Parser(Array(text))
        let node = try parser.parsePattern()
        var program: [Instruction] = []
        Self.emit(node, into: &program)
        program.append(.match)
        self.text = text
        self.program = program
    }

    package static func == (lhs: LabelRegex, rhs: LabelRegex) -> Bool { lhs.text == rhs.text }

    /// Whether the whole of `value` matches.
    package func matches(_ value: String) -> Bool {
        var seen = [Int](repeating: -1, count: program.count)
        var current: [Int] = []
        add(0, to: &current, seen: &seen, generation: 0)
        var generation = 0
        for character in value {
            generation += 1
            var next: [Int] = []
            for pc in current {
                if case .test(let test) = program[pc], test.accepts(character) { add(pc + 1, to: &next, seen: &seen, generation: generation) }
            }
            guard !next.isEmpty else { return false }
            current = next
        }
        return current.contains { program[$0] == .match }
    }

    /// Adds `pc` and every instruction it reaches without reading a character.
    func add(_ pc: Int, to list: inout [Int], seen: inout [Int], generation: Int) {
        var stack = [pc]
        while let pc = stack.popLast() {
            guard seen[pc] != generation else { continue }
            seen[pc] = generation
            switch program[pc] {
            case .jump(let target): stack.append(target)
            case .split(let first, let second): stack += [second, first]
            case .test, .match: list.append(pc)
            }
        }
    }

    // MARK: - Compiling

    /// One step of the automaton.
    enum Instruction: Sendable, Equatable {
        /// Reads one character that passes the test.
        case test(CharacterTest)
        /// Goes on at both.
        case split(Int, Int)
        case jump(Int)
        case match
    }

    /// What one character must be.
    enum CharacterTest: Sendable, Equatable {
        case literal(Character)
        case any
        case set([ClosedRange<Character>], negated: Bool)

        func accepts(_ character: Character) -> Bool {
            switch self {
            case .literal(let expected): character == expected
            case .any: true
            case .set(let ranges, let negated): ranges.contains { $0.contains(character) } != negated
            }
        }
    }

    private indirect enum Node {
        case test(CharacterTest)
        case sequence([Node])
        case either([Node])
        case star(Node)
        case plus(Node)
        case optional(Node)
    }

    private static func emit(_ node: Node, into program: inout [Instruction]) {
        switch node {
        case .test(let test): program.append(.test(test))
        case .sequence(let nodes): for node in nodes { emit(node, into: &program) }
        case .either(let nodes):
            var jumps: [Int] = []
            for (index, node) in nodes.enumerated() {
                guard index < nodes.count - 1 else { emit(node, into: &program); break }
                let split = program.count
                program.append(.match)  // patched below
                emit(node, into: &program)
                jumps.append(program.count)
                program.append(.match)  // patched below
                program[split] = .split(split + 1, program.count)
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .star(let inner):
            let split = program.count
            program.append(.match)
            emit(inner, into: &program)
            program.append(.jump(split))
            program[split] = .split(split + 1, program.count)
        case .plus(let inner):
            let start = program.count
            emit(inner, into: &program)
            program.append(.split(start, program.count + 1))
        case .optional(let inner):
            let split = program.count
            program.append(.match)
            emit(inner, into: &program)
            program[split] = .split(split + 1, program.count)
        }
    }

    /// Recursive descent over the pattern's characters.
    private struct Parser {
        let characters: [Character]
        var index = 0
        var depth = 0

        init(_ characters: [Character]) { self.characters = characters }

        mutating func parsePattern() throws(SyntaxError) -> Node {
            // The whole value always has to match: a leading ^ or trailing $ says so again.
            var end = characters.count
            if characters.first == "^" { index = 1 }
            if end > index, characters[end - 1] == "$", end < 2 || characters[end - 2] != "\\" { end -= 1 }
            let body = Parser(Array(characters[index..<end]))
            var inner = body
            let node = try inner.parseAlternation()
            if inner.index < inner.characters.count {
                throw SyntaxError(message: inner.characters[inner.index] == ")" ? "unmatched )" : "unexpected \(inner.characters[inner.index])")
            }
            return node
        }

        private var peek: Character? { index < characters.count ? characters[index] : nil }

        mutating func parseAlternation() throws(SyntaxError) -> Node {
            var branches = [try parseSequence()]
            while peek == "|" {
                index += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .either(branches)
        }

        private mutating func parseSequence() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let next = peek, next != "|", next != ")" {
                var atom = try parseAtom()
                if let operation = peek, "*+?{".contains(operation) {
                    index += 1
                    switch operation {
                    case "*": atom = .star(atom)
                    case "+": atom = .plus(atom)
                    case "?": atom = .optional(atom)
                    default: throw SyntaxError(message: "counted repetition {m,n} is not supported (write it out, or use * or +)")
                    }
                    // As in Go's regexp (Alertmanager's): a lazy `*?` matches the same whole
                    // values as `*`, and a repetition of a repetition is refused.
                    if peek == "?" { index += 1 }
                    if let again = peek, "*+?{".contains(again) { throw SyntaxError(message: "nested repetition \(operation)\(again): put the inner one in a group") }
                }
                items.append(atom)
            }
            return .sequence(items)
        }

        private mutating func parseAtom() throws(SyntaxError) -> Node {
            let character = characters[index]
            index += 1
            switch character {
            case "(":
                depth += 1
                defer { depth -= 1 }
                guard depth <= LabelRegex.maxDepth else { throw SyntaxError(message: "groups nested more than \(LabelRegex.maxDepth) deep") }
                if peek == "?" {
                    guard index + 1 < characters.count, characters[index + 1] == ":" else {
                        throw SyntaxError(message: "only (?:…) groups are supported")
                    }
                    index += 2
                }
                let inner = try parseAlternation()
                guard peek == ")" else { throw SyntaxError(message: "unclosed group: missing )") }
                index += 1
                return inner
            case ".": return .test(.any)
            case "[": return .test(try parseClass())
            case "\\": return .test(try parseEscape())
            case "*", "+", "?", "{": throw SyntaxError(message: "\(character) has nothing to repeat")
            case "^", "$": throw SyntaxError(message: "\(character) only at the pattern's ends (the whole value always has to match)")
            default: return .test(.literal(character))
            }
        }

        private mutating func parseEscape() throws(SyntaxError) -> CharacterTest {
            guard let escaped = peek else { throw SyntaxError(message: "trailing \\") }
            index += 1
            switch escaped {
            case "d": return .set(["0"..."9"], negated: false)
            case "D": return .set(["0"..."9"], negated: true)
            case "w": return .set(Self.word, negated: false)
            case "W": return .set(Self.word, negated: true)
            case "s": return .set(Self.space, negated: false)
            case "S": return .set(Self.space, negated: true)
            case "t": return .literal("\t")
            case "n": return .literal("\n")
            default:
                guard !escaped.isLetter, !escaped.isNumber else { throw SyntaxError(message: "unknown escape \\\(escaped)") }
                return .literal(escaped)
            }
        }

        private static let word: [ClosedRange<Character>] = ["a"..."z", "A"..."Z", "0"..."9", "_"..."_"]
        private static let space: [ClosedRange<Character>] = [" "..." ", "\t"..."\t", "\n"..."\n", "\r"..."\r"]

        private mutating func parseClass() throws(SyntaxError) -> CharacterTest {
            let negated = peek == "^"
            if negated { index += 1 }
            var ranges: [ClosedRange<Character>] = []
            var first = true
            while let character = peek, character != "]" || first {
                first = false
                index += 1
                var low = character
                if character == "\\" {
                    switch try parseEscape() {
                    case .literal(let literal): low = literal
                    case .set(let more, negated: false): ranges += more; continue
                    default: throw SyntaxError(message: "a negated class escape inside [...] is not supported")
                    }
                }
                if peek == "-", index + 1 < characters.count, characters[index + 1] != "]" {
                    index += 1
                    var high = characters[index]
                    index += 1
                    if high == "\\" {
                        guard case .literal(let literal) = try parseEscape() else { throw SyntaxError(message: "invalid range in [...]") }
                        high = literal
                    }
                    guard low <= high else { throw SyntaxError(message: "invalid range \(low)-\(high) in [...]") }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            guard peek == "]" else { throw SyntaxError(message: "unclosed [...]") }
            index += 1
            return .set(ranges, negated: negated)
        }
    }
}
