@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import Testing

/// Silence matchers: rule globs (`--rule 'btc-*'`) and labels (`--match severity=page`), all of
/// which must match.
@Suite struct SilenceMatcherTests {
    static let notification = SatwatchRules.Notification(
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

extension SilenceMatcherTests {
    /// Matchers no notification can meet together are named; any set one may meet is not.
    @Test(arguments: [
        ([SilenceMatcher.rule("cheap-*"), .rule("fee-*")], #"no rule name matches both "cheap-*" and "fee-*""#),
        ([.rule("btc-*"), .rule("*-high")], nil),
        ([.rule("btc-*"), .rule("btc-*")], nil),
        ([.label(name: "severity", value: "page"), .label(name: "severity", value: "info")], #"label "severity" cannot be both "page" and "info""#),
        ([.label(name: "severity", value: "page"), .label(name: "team", value: "ops")], nil),
        ([.label(name: "severity", value: "page"), .label(name: "severity", value: "page")], nil),
        ([.label(name: "alertname", value: "a"), .label(name: "alertname", value: "b")], #"label "alertname" cannot be both "a" and "b""#),
        ([.rule("fee-*"), .label(name: "alertname", value: "btc-high")], #"alertname "btc-high" does not match "fee-*""#),
        ([.label(name: "alertname", value: "fee-high"), .rule("fee-*")], nil),
        ([.rule("a*"), .rule("*b"), .rule("c*")], #"no rule name matches both "a*" and "c*""#),
        ([.label(name: "metric", value: "btc.usd")], nil),
    ] as [([SilenceMatcher], String?)])
    func contradiction(_ matchers: [SilenceMatcher], _ reason: String?) {
        let found = SilenceMatcher.contradiction(among: matchers)
        #expect(found.map { String($0.prefix(reason?.count ?? 0)) } == reason)
    }
}
