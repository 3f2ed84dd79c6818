import SatwatchBase
import SatwatchRules

extension RuleTestFile {
    /// One `expect` entry: `at`, `rule`, `status`, and optionally `message`, `labels`, `channels`.
    static func parseExpected(_ item: ConfigObject, ruleNames: Set<String>) -> RuleTestCase.Expected? {
        var item = item
        defer { item.finish() }
        let at = item.span("at", required: true), rule = parseRule(&item, ruleNames: ruleNames)
        let status = item.string("status", required: true)
        if let status, status != "firing", status != "resolved" {
            item.report("status", "expected \"firing\" or \"resolved\", found \"\(status)\"")
        }
        let message = item.string("message")
        let labels = item.has("labels") ? RuleParser.parseLabels(&item) : nil
        let channels = item.strings("channels")
        guard let at, let rule, let status else { return nil }
        return .init(at: at, rule: rule, status: status, message: message, labels: labels, channels: channels)
    }

    /// One `states` entry: `at`, `rule`, `state`.
    static func parseStateCheck(_ item: ConfigObject, ruleNames: Set<String>) -> RuleTestCase.StateCheck? {
        var item = item
        defer { item.finish() }
        let at = item.span("at", required: true), rule = parseRule(&item, ruleNames: ruleNames)
        let text = item.string("state", required: true)
        let state = text.flatMap(AlertStatus.init(rawValue:))
        if let text, state == nil {
            item.report("state", "expected \"inactive\", \"pending\" or \"firing\", found \"\(text)\"")
        }
        guard let at, let rule, let state else { return nil }
        return .init(at: at, rule: rule, state: state)
    }

    private static func parseRule(_ item: inout ConfigObject, ruleNames: Set<String>) -> String? {
        let rule = item.string("rule", required: true)
        if let rule, !ruleNames.contains(rule) { item.report("rule", "no rule named \"\(rule)\" in the loaded rule files") }
        return rule
    }
}
