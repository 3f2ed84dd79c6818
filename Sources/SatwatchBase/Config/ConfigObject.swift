import SatwatchJSON

/// Reads one JSON object of a config, rule or test file key by key and reports every problem at
/// its exact place: wrong types, bad durations, unset variables, and, in `finish()`, every key
/// that no reader asked for ("unknown key").
package struct ConfigObject {
    /// The file, for diagnostics.
    package let path: String
    /// The object node.
    package let node: JSONNode
    /// Where problems go.
    package let log: DiagnosticLog
    /// Set for config files: `${NAME}` in strings expands from it.
    package let environment: ConfigEnvironment?
    package let members: [JSONMember]
    package private(set) var asked: [String] = []

    /// Wraps `node` when it is an object; otherwise reports `expected an object`, followed by
    /// `hint` in parentheses when there is one (what the file should look like), and returns nil.
    package init?(_ node: JSONNode, path: String, log: DiagnosticLog, environment: ConfigEnvironment? = nil, hint: String? = nil) {
        guard let members = node.members else {
            log.report(path, at: node.location, "expected an object, found \(node.typeWithArticle)" + (hint.map { " (\($0))" } ?? ""))
            return nil
        }
        self.path = path
        self.node = node
        self.log = log
        self.environment = environment
        self.members = members
    }

    /// The member for `key` (the last one if repeated), marking the key as known.
    package mutating func member(_ key: String) -> JSONMember? {
        if !asked.contains(key) { asked.append(key) }
        return members.last { $0.key == key }
    }

    /// True when the object has `key` (without marking it known).
    package func has(_ key: String) -> Bool { members.contains { $0.key == key } }

    /// Reports `message` at the value of `key`, or at the object when the key is absent.
    package func report(_ key: String?, _ message: String) {
        let location = key.flatMap { k in members.last { $0.key == k }?.node.location } ?? node.location
        log.report(path, at: location, message)
    }

    /// Reports `message` at `location` in this file.
    package func report(at location: SourceLocation, _ message: String) {
        log.report(path, at: location, message)
    }

    /// Reports every key nobody asked for, and repeated keys.
    package func finish() {
        var seen: Set<String> = []
        for member in members {
            if !seen.insert(member.key).inserted {
                log.report(path, at: member.keyLocation, "duplicate key \"\(member.key)\"")
            } else if !asked.contains(member.key) {
                var message = "unknown key \"\(member.key)\""
                let close = asked.map { ($0, EditDistance.between($0, member.key)) }.filter { $0.1 <= 2 }
                if let best = close.min(by: { $0.1 < $1.1 }) { message += " (did you mean \"\(best.0)\"?)" }
                log.report(path, at: member.keyLocation, message)
            }
        }
    }
}

extension ConfigObject {
    /// The location of the character at `offset` inside the JSON string (a value or a key) whose
    /// opening quote is at `start` in this file, exact also after escapes (`\u0065` is six
    /// columns; see ``SourceLocation/inString(at:source:)``).
    package func location(at offset: Int, inStringAt start: SourceLocation) -> SourceLocation {
        start.inString(at: offset, source: log.source(of: path))
    }
}
