import LinearRegex
import SatwatchBase
import SatwatchRules

/// One condition of a silence: the rule name matches a glob (`--rule 'btc-*'`), or a label has a
/// value (`--match severity=page`), has not (`severity!=page`), or matches a regular expression
/// (`severity=~page|critical`) or not (`severity!~info`); `alertname` and `metric` are labels too.
/// A notification without the label has it empty, as in Alertmanager (`severity!=page` matches it).
package enum SilenceMatcher: Sendable, Equatable {
    /// The rule name matches the glob (`*` any run of characters, `?` one character).
    case rule(String)
    /// The label `name` is exactly `value`.
    case label(name: String, value: String)
    /// The label `name` is not `value`.
    case labelNot(name: String, value: String)
    /// The whole value of label `name` matches `regex` (`negated`: does not).
    case labelRegex(name: String, regex: LabelRegex, negated: Bool)

    /// Whether `notification` meets this condition.
    func matches(_ notification: Notification) -> Bool {
        switch self {
        case .rule(let glob): return GlobPattern(glob).matches(notification.rule)
        case .label(let name, let value):
            if name == "alertname" { return notification.rule == value }
            if name == "metric" { return notification.metric == value }
            return notification.labels.contains { $0.name == name && $0.value == value }
        case .labelNot(let name, let value): return Self.value(of: name, in: notification) != value
        case .labelRegex(let name, let regex, let negated): return regex.matches(Self.value(of: name, in: notification)) != negated
        }
    }

    /// The value of label `name` of `notification`, empty when it has none.
    private static func value(of name: String, in notification: Notification) -> String {
        if name == "alertname" { return notification.rule }
        if name == "metric" { return notification.metric }
        return notification.labels.first { $0.name == name }?.value ?? ""
    }

    /// `rule=~btc-*`, `severity=page`, `severity!=page`, `severity=~page|critical` or
    /// `severity!~info`, as `silence list` shows it and `--match` takes it.
    package var text: String {
        switch self {
        case .rule(let glob): "rule=~\(glob)"
        case .label(let name, let value): "\(name)=\(value)"
        case .labelNot(let name, let value): "\(name)!=\(value)"
        case .labelRegex(let name, let regex, let negated): "\(name)\(negated ? "!~" : "=~")\(regex.text)"
        }
    }

    /// The label it is about and its operation (`=`, `!=`, `=~`, `!~`); nil for a rule glob.
    package var labelOperator: (name: String, operation: String, value: String)? {
        switch self {
        case .rule: nil
        case .label(let name, let value): (name, "=", value)
        case .labelNot(let name, let value): (name, "!=", value)
        case .labelRegex(let name, let regex, let negated): (name, negated ? "!~" : "=~", regex.text)
        }
    }

    /// The label matcher `name` `operation` `value` (`=`, `!=`, `=~`, `!~`).
    /// - Throws: `LabelRegex.SyntaxError` for a regular expression that does not compile.
    package static func label(_ name: String, _ operation: String, _ value: String) throws(LabelRegex.SyntaxError) -> SilenceMatcher {
        switch operation {
        case "!=": .labelNot(name: name, value: value)
        case "=~": .labelRegex(name: name, regex: try LabelRegex(value), negated: false)
        case "!~": .labelRegex(name: name, regex: try LabelRegex(value), negated: true)
        default: .label(name: name, value: value)
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
        return unsatisfiableLabel(among: matchers)
    }

    /// What the pairs above cannot tell: a label no value of which meets all of its matchers
    /// together (`severity!~.*`; `--rule foo` with `alertname!=foo`; `severity=~a` with
    /// `severity=~b`), decided over the matchers' automata. Every notification has an
    /// `alertname`, never empty. A search that reaches its bound names nothing.
    private static func unsatisfiableLabel(among matchers: [SilenceMatcher]) -> String? {
        var conditions: [String: [LabelRegex.Condition]] = [:]
        var order: [String] = []
        for matcher in matchers {
            guard let (name, condition) = matcher.condition else { return nil }
            if conditions[name] == nil { order.append(name) }
            conditions[name, default: []].append(condition)
        }
        for name in order {
            var all = conditions[name] ?? []
            if name == "alertname", let nonEmpty = try? LabelRegex(".+") { all.append(LabelRegex.Condition(nonEmpty)) }
            guard LabelRegex.satisfiable(all) == false else { continue }
            let texts = matchers.filter { $0.condition?.name == name }.map(\.text)
            let about = name == "alertname" ? "rule name" : "value of label \"\(name)\""
            return texts.count == 1
                ? "no \(about) matches \(texts[0]): this silence would silence nothing"
                : "no \(about) matches all of \(texts.joined(separator: ", ")): a silence needs every matcher to match,"
                    + " so this one would silence nothing"
        }
        return nil
    }

    /// The label this matcher is about and what it asks of the label's value, as a regular
    /// expression; nil when it cannot be written as one (a value too long for a pattern).
    private var condition: (name: String, condition: LabelRegex.Condition)? {
        switch self {
        case .rule(let glob): LabelRegex.glob(glob).map { ("alertname", LabelRegex.Condition($0)) }
        case .label(let name, let value): LabelRegex.exactly(value).map { (name, LabelRegex.Condition($0)) }
        case .labelNot(let name, let value): LabelRegex.exactly(value).map { (name, LabelRegex.Condition($0, negated: true)) }
        case .labelRegex(let name, let regex, let negated): (name, LabelRegex.Condition(regex, negated: negated))
        }
    }

    private static func contradiction(_ first: SilenceMatcher, _ second: SilenceMatcher) -> String? {
        switch (first, second) {
        case (.rule(let a), .rule(let b)):
            return GlobPattern(a).overlaps(GlobPattern(b)) ? nil : "no rule name matches both \"\(a)\" and \"\(b)\""
        case (.rule(let glob), .label(name: "alertname", value: let name)), (.label(name: "alertname", value: let name), .rule(let glob)):
            return GlobPattern(glob).matches(name) ? nil : "alertname \"\(name)\" does not match \"\(glob)\""
        case (.label(name: let a, value: let x), .label(name: let b, value: let y)) where a == b && x != y:
            return "label \"\(a)\" cannot be both \"\(x)\" and \"\(y)\""
        case (.label(name: let a, value: let x), .labelNot(name: let b, value: let y)) where a == b && x == y,
             (.labelNot(name: let b, value: let y), .label(name: let a, value: let x)) where a == b && x == y:
            return "label \"\(a)\" cannot be both \"\(x)\" and not \"\(y)\""
        case (.label(name: let a, value: let x), .labelRegex(name: let b, regex: let regex, negated: let negated)) where a == b && regex.matches(x) == negated,
             (.labelRegex(name: let b, regex: let regex, negated: let negated), .label(name: let a, value: let x)) where a == b && regex.matches(x) == negated:
            return "\(a)=\(x) and \(SilenceMatcher.labelRegex(name: b, regex: regex, negated: negated).text) cannot both hold"
        default:
            return nil
        }
    }
}
