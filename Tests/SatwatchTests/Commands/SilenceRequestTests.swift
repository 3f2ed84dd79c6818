@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchState
import Testing

/// What `silence add`, the API and the page accept as a silence, and how they say what is wrong:
/// `metric` is a label like any other; a silence that can match nothing is refused with the
/// reason; neither `--for` nor `--until` means 1h; the API's messages name its fields, never the
/// command's options.
@Suite struct SilenceRequestTests {
    static let now = Timestamp(rfc3339: "2026-11-24T12:00:00Z")!

    static func request(_ arguments: [String]) throws(UsageError) -> Silence {
        let parsed = try ArgumentList(arguments, options: ["rule", "match", "for", "until", "comment"])
        return try SilenceRequest(parsed, environment: ["USER": "alice"], now: now).silence
    }

    @Test(arguments: [
        (["--match", "metric=eth.eur"], [SilenceMatcher.label(name: "metric", value: "eth.eur")]),
        (["--match", "alertname=fees-high"], [.label(name: "alertname", value: "fees-high")]),
        (["--match", "severity=page", "--rule", "btc-*"], [.rule("btc-*"), .label(name: "severity", value: "page")]),
        (["--rule", "btc-*", "--rule", "*-high"], [.rule("btc-*"), .rule("*-high")]),
        (["--rule", "fees-*", "--match", "alertname=fees-high"], [.rule("fees-*"), .label(name: "alertname", value: "fees-high")]),
        (["--match", "severity!=info"], [.labelNot(name: "severity", value: "info")]),
        (["--match", "severity=~page|critical"], [try! SilenceMatcher.label("severity", "=~", "page|critical")]),
        (["--match", "metric!~eth\\..*"], [try! SilenceMatcher.label("metric", "!~", "eth\\..*")]),
        (["--match", "note==x"], [.label(name: "note", value: "=x")]),
        // amtool's positional matchers: a label matcher each, `rule=GLOB` a rule glob.
        (["alertname=fees-high"], [.label(name: "alertname", value: "fees-high")]),
        (["severity!=info", "--rule", "btc-*"], [.rule("btc-*"), .labelNot(name: "severity", value: "info")]),
        (["rule=btc-*", "metric=~btc\\..*"], [.rule("btc-*"), try! SilenceMatcher.label("metric", "=~", "btc\\..*")]),
    ] as [([String], [SilenceMatcher])])
    func accepts(_ arguments: [String], _ matchers: [SilenceMatcher]) throws {
        let silence = try Self.request(arguments + ["--for", "2h"])
        #expect(silence.matchers == matchers)
        #expect(silence.endsAt == Self.now + .hours(2))
    }

    /// The most a sender can ask for is still checked at once: 64 globs of 200 stars, every pair.
    @Test func theLargestSilenceIsCheckedQuickly() throws {
        let started = ContinuousClock.now
        let globs = (0..<64).map { String(repeating: "*", count: 199 - $0) + "a" + String(repeating: "*", count: $0) }
        let silence = try Self.request(globs.flatMap { ["--rule", $0] })
        #expect(silence.matchers.count == 64)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func neitherForNorUntilLastsAnHour() throws {
        let silence = try Self.request(["--rule", "fees-*"])
        #expect((silence.startsAt, silence.endsAt) == (Self.now, Self.now + .hours(1)))
    }

    @Test(arguments: [
        (["--rule", "cheap-*", "--rule", "fee-*", "--for", "1h"],
         #"no rule name matches both "cheap-*" and "fee-*": a silence needs every matcher to match, so this one would silence nothing (to silence both, add a silence for each)"#),
        (["--match", "severity=page", "--match", "severity=info"], #"label "severity" cannot be both "page" and "info": a silence needs"#),
        (["--match", "metric=btc.usd", "--match", "metric=eth.usd"], #"label "metric" cannot be both "btc.usd" and "eth.usd""#),
        (["--rule", "fees-*", "--match", "alertname=btc-high"], #"alertname "btc-high" does not match "fees-*""#),
        (["--match", "sev-level=page"], #"--match: invalid label name "sev-level""#),
        (["--match", "severity"], "--match takes KEY=VALUE, e.g. severity=page (or !=, =~ a regular expression, !~), found \"severity\""),
        (["--match", "severity="], "--match takes KEY=VALUE"),
        (["--match", "severity!page"], "--match takes KEY=VALUE"),
        (["--match", "team=~(ops"], #"--match: invalid regular expression "(ops": unclosed group: missing )"#),
        (["--match", "team=~a{2}"], #"--match: invalid regular expression "a{2}": counted repetition"#),
        (["--for", "1h"], "say what to silence: --rule or --match (at least one)"),
        (["fees-high"], #"unexpected argument "fees-high" (name what to silence with --rule GLOB or --match KEY=VALUE, or as amtool does, alertname=NAME)"#),
        (["=x"], #"unexpected argument "=x" (name what"#),
        (["severity="], "--match takes KEY=VALUE"),
        (["--rule", "x", "--for", "soon"], #"invalid duration "soon" for --for"#),
        (["--rule", "x", "--for", "1h", "--until", "2030-01-01T00:00:00Z"], "say how long: --for D or --until TIME, not both"),
        (["--rule", "x", "--until", "2001-01-01T00:00:00Z"], "--until 2001-01-01T00:00:00Z is not in the future"),
        (["--rule", String(repeating: "*", count: 201)], "--rule \"********************…\" is longer than 200 characters, as no rule name is"),
        ((0..<65).flatMap { ["--rule", "r\($0)*"] }, "a silence takes at most 64 matchers (--rule and --match together)"),
    ] as [([String], String)])
    func refuses(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError.self) { try Self.request(arguments) }
        do { _ = try Self.request(arguments) } catch { #expect(error.message.hasPrefix(message), "\(error.message)") }
    }

    /// The API (and the page) has fields, not options: its messages name them as sent.
    @Test(arguments: [
        ([], [], "1h", nil, #"say what to silence: "rule" or "match" (at least one)"#),
        (["x"], [], "soon", nil, #"invalid duration "soon" for "for" (use e.g. 30m, 2h, 1d)"#),
        (["x"], [], nil, "tomorrow", #"invalid time "tomorrow" for "until" (use RFC 3339"#),
        (["x"], [], "1h", "2030-01-01T00:00:00Z", #"say how long: "for" D or "until" TIME, not both"#),
        ([""], [], "1h", nil, #""rule" takes a rule name or glob"#),
        (["x"], ["=page"], "1h", nil, #""match" takes label values, e.g. {"severity": "page"}"#),
        (["cheap-*", "fee-*"], [], "1h", nil, #"no rule name matches both "cheap-*" and "fee-*""#),
    ] as [([String], [String], String?, String?, String)])
    func apiMessagesNameFields(_ rules: [String], _ matches: [String], _ duration: String?, _ until: String?, _ message: String) {
        do {
            _ = try SilenceRequest(rules: rules, matches: matches, for: duration, until: until, comment: "", author: "api",
                                   now: Self.now, asker: .api)
            Issue.record("accepted")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(!error.message.contains("--"), "\(error.message)")
        }
    }
}
