import SatwatchJSON
import SatwatchRules

extension RuleOverview {
    /// The API's view of a rule: `{"rule","state","metric","source","criterion","levels","value",
    /// "since","waiting","labels","description","channels"}`, `state` worded as `status` words it.
    var json: JSONValue {
        let line = StatusRuleLine(name: name, state: state, disabled: false)
        return .members([
            ("rule", .string(name)), ("state", .string(line.state)), ("metric", .string(metric)),
            ("source", source.map(JSONValue.string) ?? .null), ("criterion", .string(criterion)),
            ("levels", .list(levels.map(JSONValue.number))), ("value", line.lastValue.map(JSONValue.number) ?? .null),
            ("since", line.since.map { .string($0.rfc3339) } ?? .null), ("waiting", line.waiting.map(JSONValue.string) ?? .null),
            ("labels", .strings(labels)), ("description", description.map(JSONValue.string) ?? .null),
            ("channels", .list(channels.map(JSONValue.string))),
        ])
    }
}
