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

extension SilenceMatcher {
    /// Why a silence needing every one of `matchers` could silence nothing, or nil when some
    /// notification may match them all: two rule globs no rule name matches both of (the API's
    /// `"rule": ["cheap-*", "fee-*"]`), one label with two values, an `alertname` a rule glob
    /// does not match. Checked pair by pair, so what it names is certain.
    package static func contradiction(among matchers: [SilenceMatcher]) -> String? {
        for (index, first) in matchers.enumerated() {
            for second in matchers[(index + 1)...] {
                if let problem = contradiction(first, second) {
                    return problem + ": a silence needs every matcher to match, so this one would silence nothing"
                        + " (to silence both, add a silence for each)"
                }
            }
        }
        return nil
    }

    private static func contradiction(_ first: SilenceMatcher, _ second: SilenceMatcher) -> String? {
        switch (first, second) {
        case (.rule(let a), .rule(let b)):
            return GlobPattern(a).overlaps(GlobPattern(b)) ? nil : "no rule name matches both \"\(a)\" and \"\(b)\""
        case (.rule(let glob), .label(name: "alertname", value: let name)), (.label(name: "alertname", value: let name), .rule(let glob)):
            return GlobPattern(glob).matches(name) ? nil : "alertname \"\(name)\" does not match \"\(glob)\""
        case (.label(name: let a, value: let x), .label(name: let b, value: let y)) where a == b && x != y:
            return "label \"\(a)\" cannot be both \"\(x)\" and \"\(y)\""
        default:
            return nil
        }
    }
}
