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
