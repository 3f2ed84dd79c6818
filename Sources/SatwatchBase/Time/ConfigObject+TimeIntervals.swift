extension ConfigObject {
    /// `"time_intervals": {"night": [...]}` as named lists of intervals; nil when the key is
    /// absent. Problems are reported; names with a problem are left out (and listed as broken).
    package mutating func timeIntervals(_ key: String = "time_intervals", zoneRoot: String = "/usr/share/zoneinfo")
        -> KnownTimeIntervals? {
        guard var names = object(key) else { return nil }
        var parser = TimeIntervalParser(zoneRoot: zoneRoot)
        return parser.namedIntervals(&names)
    }

    /// `"mute_during": ["night"]` or `"active_during"`: names of time intervals, each of which
    /// must be in `known` (else reported with "did you mean", unless it is defined with a
    /// problem of its own); nil when absent or invalid.
    mutating func timeIntervalNames(_ key: String, known: KnownTimeIntervals) -> [String]? {
        guard let member = present(key, required: false) else { return nil }
        guard let elements = member.node.array else { return typeMismatch(member.node, expected: "an array of time interval names") }
        var names: [String] = []
        for element in elements {
            guard let name = expandedString(element) else { continue }
            guard known.valid[name] != nil else {
                if known.broken.contains(name) { continue }
                let hint = EditDistance.hintOrList(for: name, among: known.valid.keys.sorted(), label: "time_intervals has")
                report(at: element.location, "unknown time interval \"\(name)\"" + hint)
                continue
            }
            names.append(name)
        }
        return names.count == elements.count ? names : nil
    }
}
