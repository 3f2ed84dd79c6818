import SatwatchBase
import SatwatchRules

/// One condition of a silence: the rule name matches a glob (`--rule 'btc-*'`), or a label has a
/// value (`--match severity=page`; `alertname` and `metric` are labels too).
package enum SilenceMatcher: Sendable, Equatable {
    /// The rule name matches the glob (`*` any run of characters, `?` one character).
    case rule(String)
    /// The label `name` is exactly `value`.
    case label(name: String, value: String)

    /// Whether `notification` meets this condition.
    func matches(_ notification: Notification) -> Bool {
        switch self {
        case .rule(let glob): return GlobPattern(glob).matches(notification.rule)
        case .label(let name, let value):
            if name == "alertname" { return notification.rule == value }
            if name == "metric" { return notification.metric == value }
            return notification.labels.contains { $0.name == name && $0.value == value }
        }
    }

    /// `rule=btc-*` or `severity=page`, as `silence list` shows it.
    package var text: String {
        switch self {
        case .rule(let glob): "rule=~\(glob)"
        case .label(let name, let value): "\(name)=\(value)"
        }
    }
}
