@testable import SatwatchBase
@testable import SatwatchRules
@testable import SatwatchState
import SQLiteKit
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
        ([.labelNot(name: "severity", value: "info")], true),
        ([.labelNot(name: "severity", value: "page")], false),
        ([.labelNot(name: "absent", value: "x")], true),
        ([.labelNot(name: "absent", value: "")], false),
        ([try! SilenceMatcher.label("severity", "=~", "page|critical")], true),
        ([try! SilenceMatcher.label("severity", "=~", "pag")], false),
        ([try! SilenceMatcher.label("severity", "!~", "info|warn")], true),
        ([try! SilenceMatcher.label("metric", "=~", "btc\\..*")], true),
        ([try! SilenceMatcher.label("alertname", "!~", "btc-.*")], false),
        ([try! SilenceMatcher.label("absent", "=~", ".*")], true),
        ([try! SilenceMatcher.label("absent", "=~", ".+")], false),
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
        ([.label(name: "severity", value: "page"), .labelNot(name: "severity", value: "page")], #"label "severity" cannot be both "page" and not "page""#),
        ([.label(name: "severity", value: "page"), .labelNot(name: "severity", value: "info")], nil),
        ([.label(name: "severity", value: "page"), try! SilenceMatcher.label("severity", "=~", "info|warn")], "severity=page and severity=~info|warn cannot both hold"),
        ([.label(name: "severity", value: "page"), try! SilenceMatcher.label("severity", "!~", "page|warn")], "severity=page and severity!~page|warn cannot both hold"),
        ([.label(name: "severity", value: "page"), try! SilenceMatcher.label("severity", "=~", "pa.e")], nil),
        // Beyond pairs of exact values and globs: each label's matchers together, and alone.
        ([try! SilenceMatcher.label("severity", "!~", ".*")], #"no value of label "severity" matches severity!~.*: this silence would silence nothing"#),
        ([try! SilenceMatcher.label("severity", "!~", ".+")], nil),
        ([try! SilenceMatcher.label("alertname", "!~", ".+")], "no rule name matches alertname!~.+"),
        ([try! SilenceMatcher.label("alertname", "=~", "")], "no rule name matches alertname=~"),
        ([.rule("foo"), .labelNot(name: "alertname", value: "foo")], "no rule name matches all of rule=~foo, alertname!=foo"),
        ([.rule("foo*"), .labelNot(name: "alertname", value: "foo")], nil),
        ([.rule("foo"), try! SilenceMatcher.label("alertname", "=~", "bar")], "no rule name matches all of rule=~foo, alertname=~bar"),
        ([.rule("fee-*"), try! SilenceMatcher.label("alertname", "=~", "btc.*")], "no rule name matches all of rule=~fee-*, alertname=~btc.*"),
        ([.rule("fee-*"), try! SilenceMatcher.label("alertname", "=~", ".*-high")], nil),
        ([try! SilenceMatcher.label("severity", "=~", "a"), try! SilenceMatcher.label("severity", "=~", "b")],
         #"no value of label "severity" matches all of severity=~a, severity=~b"#),
        ([try! SilenceMatcher.label("severity", "=~", "a|b"), try! SilenceMatcher.label("severity", "!~", "a"), .label(name: "team", value: "ops")], nil),
        ([try! SilenceMatcher.label("severity", "=~", "a|b"), try! SilenceMatcher.label("severity", "!~", "a"), .labelNot(name: "severity", value: "b")],
         #"no value of label "severity" matches all of severity=~a|b, severity!~a, severity!=b"#),
        ([.labelNot(name: "team", value: "")], nil),
    ] as [([SilenceMatcher], String?)])
    func contradiction(_ matchers: [SilenceMatcher], _ reason: String?) {
        let found = SilenceMatcher.contradiction(among: matchers)
        #expect(found.map { String($0.prefix(reason?.count ?? 0)) } == reason)
    }

    /// Every kind of matcher is stored and read back as it was; exact ones as before.
    @Test func storedMatchersReadBack() throws {
        let matchers: [SilenceMatcher] = [.rule("btc-*"), .label(name: "severity", value: "page"), .labelNot(name: "team", value: "dev"),
                                          try SilenceMatcher.label("metric", "=~", "btc\\..*"), try SilenceMatcher.label("x", "!~", "a|b")]
        let text = StoredSilenceMatchers.text(matchers)
        #expect(text.hasPrefix(#"[["rule","btc-*"],["label","severity","page"],["label!=","team","dev"],["label=~","metric","#))
        #expect(try StoredSilenceMatchers.matchers(text) == matchers)
        #expect(throws: SQLiteError.self) { try StoredSilenceMatchers.matchers(#"[["label=~","x","(a"]]"#) }
    }
}
