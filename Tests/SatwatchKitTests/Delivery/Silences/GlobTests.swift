import Testing
@testable import SatwatchKit

/// Rule globs (`--rule 'btc-*'`) and label matchers (`--match severity=page`).
@Suite struct GlobTests {
    @Test(arguments: [
        ("btc-*", "btc-above-100k", true), ("btc-*", "btc-", true), ("btc-*", "eth-above", false),
        ("*", "", true), ("*", "anything", true), ("", "", true), ("", "x", false),
        ("?tc-*", "btc-x", true), ("?tc-*", "tc-x", false), ("*-100k", "btc-above-100k", true),
        ("*a*b*c", "xaxxbxxc", true), ("*a*b*c", "xaxxcxxb", false), ("a*a*a", "aaaa", true),
        ("exact", "exact", true), ("exact", "exactly", false), ("fee-*-high", "fee-fastest-high", true),
    ] as [(String, String, Bool)])
    func globs(_ pattern: String, _ text: String, _ matches: Bool) {
        #expect(Glob.matches(pattern, text) == matches, "\(pattern) ~ \(text)")
    }

    static let notification = SatwatchKit.Notification(
        rule: "btc-above-100k", status: .firing, metric: "btc.usd", value: 1, threshold: 1, at: .epoch, startsAt: .epoch,
        message: "m", labels: [Label("severity", "page"), Label("team", "ops")], channels: ["c"])

    @Test(arguments: [
        ([SilenceMatcher.rule("btc-*")], true),
        ([.rule("eth-*")], false),
        ([.label(name: "severity", value: "page")], true),
        ([.label(name: "severity", value: "info")], false),
        ([.label(name: "alertname", value: "btc-above-100k")], true),
        ([.label(name: "metric", value: "btc.usd")], true),
        ([.rule("btc-*"), .label(name: "team", value: "ops")], true),
        ([.rule("btc-*"), .label(name: "team", value: "dev")], false),
    ] as [([SilenceMatcher], Bool)])
    func everyMatcherMustMatch(_ matchers: [SilenceMatcher], _ matches: Bool) {
        let silence = Silence(id: "s", matchers: matchers, startsAt: .epoch, endsAt: .epoch + .hours(1), comment: "",
                              author: "me", createdAt: .epoch)
        #expect(silence.matches(Self.notification) == matches)
    }
}
