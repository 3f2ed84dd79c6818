extension ConfigObject {
    /// `"time_intervals": {"night": [...]}` as named lists of intervals; nil when the key is
    /// absent. Problems are reported; names with a problem are left out.
    mutating func timeIntervals(_ key: String = "time_intervals", zoneRoot: String = "/usr/share/zoneinfo")
        -> [String: [TimeInterval]]? {
        guard var names = object(key) else { return nil }
        var parser = TimeIntervalParser(zoneRoot: zoneRoot)
        return parser.namedIntervals(&names)
    }

    /// `"mute_during": ["night"]` or `"active_during"`: names of time intervals, each of which
    /// must be in `known` (else reported with "did you mean"); nil when absent or invalid.
    mutating func timeIntervalNames(_ key: String, known: [String: [TimeInterval]]) -> [String]? {
        guard let member = present(key, required: false) else { return nil }
        guard let elements = member.node.array else { return typeMismatch(member.node, expected: "an array of time interval names") }
        var names: [String] = []
        for element in elements {
            guard let name = expandedString(element) else { continue }
            guard known[name] != nil else {
                let hint = EditDistance.hintOrList(for: name, among: known.keys.sorted(), label: "time_intervals has")
                report(at: element.location, "unknown time interval \"\(name)\"" + hint)
                continue
            }
            names.append(name)
        }
        return names.count == elements.count ? names : nil
    }
}
