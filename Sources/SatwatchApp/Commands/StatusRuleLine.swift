import SatwatchBase
import SatwatchJSON
import SatwatchRules

/// One rule as `status` shows it, decided once for the text and the JSON alike.
struct StatusRuleLine: Equatable {
    /// The rule name.
    var name: String
    /// `inactive`, `pending`, `firing`, `disabled` (loaded, not evaluated) or `spent` (a
    /// `once` rule that fired).
    var state: String
    /// Since when it is firing or pending; when it fired, for a spent rule.
    var since: Timestamp?
    /// The last value it saw; nil before any data.
    var lastValue: Double?
    /// A compound rule's values as it last decided, each named (`lastValue` is its first's).
    var decidedValues: [ObservedValue] = []
    /// What a rule that cannot decide waits for (a window still filling).
    var waiting: String?
    /// For a feed's staleness alert: when the newest stored value from that feed was taken. Its
    /// own value is the silence it fired on, none while the feed delivers, which would read as
    /// a feed that never sent anything.
    var feedDataAt: Timestamp?
    /// Whether this is a feed's staleness alert, whose text shows `feedDataAt` (or that the
    /// feed sent nothing yet) instead of its value: a bare `last 5` is seconds of silence.
    var watchesFeed = false

    /// The line for `name` with its stored `state` (nil: never evaluated).
    init(name: String, state: RuleState?, disabled: Bool) {
        self.name = name
        lastValue = state?.lastValue
        decidedValues = state?.decidedValues ?? []
        waiting = state?.waiting
        let status = state?.status ?? .inactive
        if disabled {
            self.state = "disabled"
        } else if state?.isSpent == true, let at = state?.firedAt {
            (self.state, since) = ("spent", at)
        } else {
            self.state = status.rawValue
            if status == .firing { since = state?.firedAt }
            if status == .pending { since = state?.activeSince }
        }
    }

    /// The text columns: name, state, since, last value or what it waits for.
    var cells: [String] {
        switch state {
        case "disabled": return [name, state]
        case "spent": return [name, state, since.map { "once, at \($0.rfc3339)" } ?? ""]
        default:
            var value = lastValue.map { "last \(DisplayNumber.format($0))" } ?? "no data yet"
            if !decidedValues.isEmpty {
                value = "decided on " + decidedValues.map { "\($0.name) \(DisplayNumber.format($0.value))" }.joined(separator: ", ")
            }
            if let waiting { value = "waiting: \(waiting)" }
            // A stale feed's alert keeps the feed's last error as what its data waits for.
            if watchesFeed { value = (feedDataAt.map { "feed data at \($0.rfc3339)" } ?? "no feed data yet") + (waiting.map { "; \($0)" } ?? "") }
            return [name, state, since.map { "since \($0.rfc3339)" } ?? "", value]
        }
    }

    /// The JSON of `status --json`, local or through `--url` alike:
    /// `{"name","state","since","last_value","waiting"}`, absent facts `null`.
    var json: JSONValue {
        .members([("name", .string(name)), ("state", .string(state)), ("since", since.map { .string($0.rfc3339) } ?? .null),
                  ("last_value", lastValue.map { .number($0) } ?? .null), ("waiting", waiting.map { .string($0) } ?? .null)])
    }
}

extension StatusRuleLine {
    /// The line for a rule as the API's `/api/v1/rules` shows it (`RuleOverview.json`); nil
    /// when `json` is not one.
    init?(api json: JSONNode) {
        guard let name = json["rule"]?.string, let state = json["state"]?.string else { return nil }
        self.name = name
        self.state = state
        since = json["since"]?.string.flatMap(Timestamp.init(rfc3339:))
        lastValue = json["value"]?.number
        waiting = json["waiting"]?.string
    }
}
