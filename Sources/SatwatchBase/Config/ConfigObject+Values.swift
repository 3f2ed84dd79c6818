import SatwatchJSON

extension ConfigObject {
    /// A string value (with `${NAME}` expanded in config files) of at most 64 KiB characters
    /// (see ``ValueLength``); nil when absent or invalid.
    package mutating func string(_ key: String, required: Bool = false) -> String? {
        string(key, required: required, length: .text)
    }

    /// A string value (with `${NAME}` expanded in config files) of at most `length`; nil when
    /// absent or invalid.
    package mutating func string(_ key: String, required: Bool = false, length: ValueLength) -> String? {
        guard let member = present(key, required: required) else { return nil }
        return expandedString(member.node, length: length)
    }

    /// A number value; nil when absent or not a number.
    package mutating func number(_ key: String, required: Bool = false) -> Double? {
        guard let member = present(key, required: required) else { return nil }
        guard let value = member.node.number else {
            return typeMismatch(member.node, expected: "a number")
        }
        return value
    }

    /// A boolean value; nil when absent or not a boolean.
    package mutating func bool(_ key: String) -> Bool? {
        guard let member = present(key, required: false) else { return nil }
        guard let value = member.node.bool else { return typeMismatch(member.node, expected: "true or false") }
        return value
    }

    /// A duration (`500ms`, `30s`, `1h30m`); nil when absent or invalid.
    package mutating func span(_ key: String, required: Bool = false) -> TimeSpan? {
        guard let member = present(key, required: required), let text = expandedString(member.node) else { return nil }
        guard let span = TimeSpan(parsing: text) else {
            report(at: member.node.location,
                   "invalid duration \"\(text)\" (use e.g. 500ms, 30s, 5m, 2h, 1d, 1h30m)")
            return nil
        }
        return span
    }

    /// A size in bytes: a whole JSON number or a string such as `"512KiB"` (see ``ByteSize``);
    /// nil when absent or invalid.
    package mutating func byteSize(_ key: String) -> ByteSize? {
        guard let member = present(key, required: false) else { return nil }
        if let number = member.node.number {
            guard number >= 0, number < 1e12, number == number.rounded() else {
                report(at: member.node.location, "invalid size \(DisplayNumber.format(number)) (use a whole number of bytes)")
                return nil
            }
            return ByteSize(bytes: Int(number))
        }
        guard let text = expandedString(member.node) else { return nil }
        guard let size = ByteSize(parsing: text) else {
            report(at: member.node.location, "invalid size \"\(text)\" (use e.g. 65536, 512KiB, 1MiB, 2MB)")
            return nil
        }
        return size
    }

    /// An array of strings; nil when absent or invalid (each bad element is reported).
    package mutating func strings(_ key: String, required: Bool = false) -> [String]? {
        strings(key, required: required, length: .text)
    }

    /// An array of strings, each of at most `length`; nil when absent or invalid (each bad
    /// element is reported).
    package mutating func strings(_ key: String, required: Bool = false, length: ValueLength) -> [String]? {
        guard let member = present(key, required: required) else { return nil }
        guard let elements = member.node.array else {
            return typeMismatch(member.node, expected: "an array of strings")
        }
        var values: [String] = []
        var valid = true
        for element in elements {
            if let value = expandedString(element, length: length) { values.append(value) } else { valid = false }
        }
        return valid ? values : nil
    }

    /// A nested object reader sharing this one's file, log and environment.
    package mutating func object(_ key: String, required: Bool = false) -> ConfigObject? {
        guard let member = present(key, required: required) else { return nil }
        return ConfigObject(member.node, path: path, log: log, environment: environment)
    }

    /// The member when present; reports `missing required key` when required and absent.
    package mutating func present(_ key: String, required: Bool) -> JSONMember? {
        guard let member = member(key) else {
            if required { report(at: node.location, "missing required key \"\(key)\"") }
            return nil
        }
        return member
    }

    /// The node's string with variables expanded, of at most `length`; reports a type
    /// mismatch, an unset variable or a value too long.
    package func expandedString(_ node: JSONNode, length: ValueLength = .text) -> String? {
        guard let raw = node.string else { return typeMismatch(node, expected: "a string") }
        guard let environment else { return checked(raw, node, length) }
        switch environment.expand(raw) {
        case .success(let value): return checked(value, node, length)
        case .failure(let unset):
            var location = node.location
            location.column += 1 + unset.offset  // past the opening quote
            log.reportUnset(path, at: location, name: unset.name)
            return nil
        }
    }

    /// `value` when it is within `length`; otherwise reports it at `node` and gives nil.
    private func checked(_ value: String, _ node: JSONNode, _ length: ValueLength) -> String? {
        guard let problem = length.problem(value) else { return value }
        report(at: node.location, problem)
        return nil
    }

    /// Whether the key of `member` (a name the user chose: a channel, an interval) is within
    /// `length`; reports it at the key when not.
    package func checkKeyLength(_ member: JSONMember, _ length: ValueLength = .name) -> Bool {
        guard let problem = length.problem(member.key) else { return true }
        report(at: member.keyLocation, problem)
        return false
    }

    package func typeMismatch<T>(_ node: JSONNode, expected: String) -> T? {
        report(at: node.location, "expected \(expected), found \(node.typeWithArticle)")
        return nil
    }
}
