import Foundation
@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchCharts
import SatwatchNet
@testable import SatwatchRules
@testable import SatwatchState
import SatwatchTestSupport
import Testing

/// The page's pure parts: escaping, what a rule card shows, firing periods, routing and the
/// write check.
@Suite struct DashboardPageTests {
    @Test(arguments: [
        ("plain", "plain"), ("a & b", "a &amp; b"), ("<b>", "&lt;b&gt;"), (#""q" 'q'"#, "&quot;q&quot; &#39;q&#39;"),
        ("</svg><script>alert(1)</script>", "&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), ("ü 🙂", "ü 🙂"),
    ])
    func escaping(_ text: String, _ escaped: String) {
        #expect(MarkupText.escape(text) == escaped)
    }

    static func rule(_ name: String, status: AlertStatus = .inactive, labels: [Label] = [], description: String? = nil) -> DashboardData.Rule {
        var state = RuleState(digest: "d")
        state.status = status
        state.lastValue = 12.5
        if status == .firing { state.firedAt = Timestamp(milliseconds: 1_765_375_200_000) }
        let overview = RuleOverview(name: name, metric: "fee.fastest", source: nil, criterion: "above 10", levels: [10],
                                    labels: labels, description: description, channels: ["hook"], state: state)
        let now = Timestamp(milliseconds: 1_765_378_800_000)
        return DashboardData.Rule(overview: overview, line: StatusRuleLine(name: name, state: state, disabled: false),
                                  points: (0..<60).map { (now - .minutes(Int64(60 - $0)), Double($0)) }, firing: [])
    }

    static func data(_ rules: [DashboardData.Rule], canWrite: Bool = true, silences: [Silence] = []) -> DashboardData {
        DashboardData(feeds: [.init(name: "mempool", fresh: false, lastFrameAt: nil, error: "<b>boom</b>")], rules: rules,
                      notifications: [], silences: silences, canWrite: canWrite, storeError: nil,
                      now: Timestamp(milliseconds: 1_765_378_800_000))
    }

    @Test func hostileNamesLabelsDescriptionsAndErrorsNeverBecomeMarkup() {
        let hostile = #"<img src=x onerror="alert(1)">"#
        let silence = Silence(id: "0000abcd", matchers: [.rule(hostile), .label(name: "team", value: hostile)],
                              startsAt: .epoch, endsAt: Timestamp(milliseconds: 1_865_378_800_000), comment: hostile,
                              author: hostile, createdAt: .epoch)
        let html = DashboardPage.render(Self.data([Self.rule(hostile, status: .firing, labels: [Label("note", hostile)],
                                                            description: hostile)], silences: [silence]))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>boom"))
        #expect(html.components(separatedBy: "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;").count - 1 >= 6)
        // The only scripts and tags are the page's own.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test func aCardShowsStateCriterionValueSinceAndAChart() {
        let html = DashboardPage.card(Self.rule("fees-high", status: .firing), now: Timestamp(milliseconds: 1_765_378_800_000))
        #expect(html.contains(#"class="rule firing""#))
        #expect(html.contains("<code>fee.fastest</code> above 10"))
        #expect(html.contains("last <b>12.5</b>"))
        #expect(html.contains("since 2025-12-10 14:00 UTC"))
        #expect(html.contains("<svg"))
        var empty = Self.rule("quiet")
        empty.points = []
        #expect(DashboardPage.card(empty, now: .epoch).contains("no data in the last 24 h"))
    }

    @Test func firingRulesComeFirstAndReadOnlyPagesHaveNoForms() {
        let html = DashboardPage.render(Self.data([Self.rule("a-quiet"), Self.rule("b-firing", status: .firing)], canWrite: false))
        let firing = try! #require(html.range(of: "b-firing"))
        let quiet = try! #require(html.range(of: "a-quiet"))
        #expect(firing.lowerBound < quiet.lowerBound)
        #expect(!html.contains("<form"))
        #expect(html.contains("Read-only"))
        #expect(DashboardPage.render(Self.data([])).contains(#"action="silences""#))
    }

    /// A feed not stale yet but never heard from says so, rather than "fresh".
    @Test(arguments: [(true, nil, "waiting"), (true, Timestamp(milliseconds: 1), "fresh"), (false, nil, "stale"),
                      (false, Timestamp(milliseconds: 1), "stale")] as [(Bool, Timestamp?, String)])
    func feedStates(_ fresh: Bool, _ lastFrameAt: Timestamp?, _ badge: String) {
        var data = Self.data([])
        data.feeds = [.init(name: "mempool", fresh: fresh, lastFrameAt: lastFrameAt, error: nil)]
        #expect(DashboardPage.feeds(data).contains(#"<span class="badge \#(badge)">\#(badge)</span> <b>mempool</b>"#))
        #expect(DashboardPage.render(Self.data([Self.rule("one")])).contains("0 pending · 1 rule\n"))
    }

    /// Thousands of rules: every firing one drawn, inactive ones up to the cap, the rest counted.
    @Test func inactiveCardsAreCappedAndFiringOnesAlwaysShown() {
        let rules = (0..<250).map { Self.rule("quiet-\($0)") } + (0..<120).map { Self.rule("firing-\($0)", status: .firing) }
        let html = DashboardPage.render(Self.data(rules))
        #expect(html.components(separatedBy: "<article").count - 1 == 120 + DashboardPage.inactiveCards)
        #expect(html.contains("firing-119") && html.contains("quiet-99") && !html.contains("quiet-100\""))
        #expect(html.contains("150 more inactive rules"))
    }

    /// Firing periods: a firing to its resolve; one still firing, to now.
    /// A delivery a stage holds shows as held, why and until when, as `status` says it; one
    /// that merely waits for its try stays pending.
    @Test func aHeldDeliveryShowsUntilWhen() {
        let until = Timestamp(rfc3339: "2025-12-11T07:00:00Z")!
        func delivery(_ id: Int64, _ channel: String, hold: String?) -> LoggedDelivery {
            LoggedDelivery(id: id, channel: channel, state: "pending", attempts: 0, nextAttemptAt: until, createdAt: .epoch,
                           updatedAt: .epoch, lastError: nil, holdKind: hold)
        }
        var data = Self.data([])
        data.notifications = [LoggedNotification(
            notification: SatwatchRules.Notification(rule: "r", status: .firing, metric: "m", value: 1, threshold: 1, at: .epoch, startsAt: .epoch,
                                                     message: "", channels: ["quiet", "hook"]),
            deliveries: [delivery(1, "quiet", hold: "muted"), delivery(2, "hook", hold: nil)])]
        let html = DashboardPage.notifications(data)
        #expect(html.contains(#"quiet <span class="badge held">held</span> (muted) until <time datetime="2025-12-11T07:00:00.000Z">07:00 UTC</time>"#))
        #expect(html.contains(#"hook <span class="badge pending">pending</span></span></td>"#))
    }

    /// A dozen channels: three named, those that need a look first, and a count whose title
    /// names every channel with its outcome; four or fewer are all named.
    @Test(arguments: [(12, 3, "+9"), (5, 3, "+2"), (4, 4, nil), (1, 1, nil)] as [(Int, Int, String?)])
    func manyChannelsAreSummarised(_ count: Int, _ named: Int, _ more: String?) {
        let at = Timestamp(rfc3339: "2025-12-11T07:00:00Z")!
        let deliveries = (0..<count).map { index in
            LoggedDelivery(id: Int64(index), channel: "chat\(index)", state: index == count - 1 && count > 1 ? "dead" : "sent",
                           attempts: 1, nextAttemptAt: at, createdAt: .epoch, updatedAt: .epoch, lastError: nil, holdKind: nil)
        }
        let html = DashboardPage.channelOutcomes(deliveries)
        #expect(html.components(separatedBy: #"<span class="ch">"#).count - 1 == named)
        if let more {
            let everyOne = (0..<count).map { "chat\($0) \($0 == count - 1 ? "dead" : "sent")" }.joined(separator: ", ")
            #expect(html.hasSuffix(#"<span class="more" title="\#(everyOne)">\#(more)</span>"#))
            // The dead one is among those named, though it is the last.
            #expect(html.hasPrefix(#"<span class="ch">chat\#(count - 1) <span class="badge dead">"#))
        } else {
            #expect(!html.contains("more"))
        }
    }

    /// Less than the range of data (a new install): the time axis starts at the data (or a
    /// firing period), at least 10 minutes before now; a day of data keeps the whole day.
    @Test(arguments: [
        ([-60], [], -60), ([-3], [], -10), ([], [], -1440), ([-1440, -60], [], -1440), ([-1400], [], -1440),
        ([-30], [-45], -45), ([-700, -10], [], -700),
    ] as [([Int64], [Int64], Int64)])
    func aChartOfLessThanADayStartsAtItsData(_ minutes: [Int64], _ spans: [Int64], _ start: Int64) {
        let now = Timestamp(rfc3339: "2025-12-10T15:00:00Z")!
        let points = minutes.map { (at: now + .minutes($0), value: 1.0) }
        let firing = spans.map { ChartSpan(from: now + .minutes($0), to: now) }
        #expect(ChartSpec.start(of: points, spans: firing, to: now, range: .hours(24), minimum: .minutes(10)) == now + .minutes(start))
    }

    /// An hour of data fills the card's chart: ticks every 10 minutes across the hour, not every
    /// three hours across a day with the hour squeezed at the right edge.
    @Test func anHourOfDataFillsTheChart() {
        let html = DashboardPage.card(Self.rule("fees-high", status: .firing), now: Timestamp(milliseconds: 1_765_378_800_000))
        for label in ["14:10", "14:30", "14:50"] { #expect(html.contains(">\(label)</text>")) }
        #expect(!html.contains(">18:00</text>"))
    }

    @Test func firingSpans() {
        func logged(_ status: SatwatchRules.Notification.Status, startsAt: Int64, at: Int64) -> LoggedNotification {
            LoggedNotification(notification: SatwatchRules.Notification(rule: "r", status: status, metric: "m", value: 1, threshold: 1,
                                                                       at: Timestamp(milliseconds: at), startsAt: Timestamp(milliseconds: startsAt),
                                                                       message: "", channels: []), deliveries: [])
        }
        let log = [logged(.firing, startsAt: 100, at: 100), logged(.firing, startsAt: 100, at: 150), logged(.resolved, startsAt: 100, at: 200),
                   logged(.firing, startsAt: 300, at: 300)]
        var overview = Self.rule("r", status: .firing).overview
        overview.state.firedAt = Timestamp(milliseconds: 300)
        #expect(EndpointPages.firingSpans(of: overview, in: log, now: Timestamp(milliseconds: 400))
                == [ChartSpan(from: Timestamp(milliseconds: 100), to: Timestamp(milliseconds: 200)),
                    ChartSpan(from: Timestamp(milliseconds: 300), to: Timestamp(milliseconds: 400))])
    }

    @Test(arguments: [("/", "/", true), ("/", "/api/v1/rules", false), ("/api/v1/silences/", "/api/v1/silences/ab", true),
                      ("/api/v1/silences/", "/api/v1/silences/", true), ("/api/v1/silences", "/api/v1/silencesx", false)])
    func routesMatchTheirPaths(_ path: String, _ request: String, _ serves: Bool) {
        struct Probe: EndpointRoute {
            let paths: [String]
            func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse { HTTPServerResponse(status: 200, body: "") }
        }
        #expect(Probe(paths: [path]).serves(request) == serves)
    }

    @Test func writesNeedTheTokenAndNoTokenMeansReadOnly() {
        var (pages, _) = EndpointPagesTests.pages(startedAgo: .seconds(1))
        #expect(pages.refuseWrite(presenting: "anything")?.status == 403)
        pages.settings.token = "0123456789abcdef"
        #expect(pages.refuseWrite(presenting: nil)?.status == 401)
        #expect(pages.refuseWrite(presenting: nil)?.headers.first("WWW-Authenticate") == "Bearer realm=\"satwatch\"")
        #expect(pages.refuseWrite(presenting: "0123456789abcdeF")?.status == 401)
        #expect(pages.refuseWrite(presenting: "0123456789abcdef") == nil)
        #expect(EndpointPages.bearer(HTTPServerRequest(method: "POST", path: "/", headers: ["Authorization": "Bearer t0k"])) == "t0k")
        #expect(EndpointPages.bearer(HTTPServerRequest(method: "POST", path: "/", headers: ["Authorization": "Basic t0k"])) == nil)
    }

    @Test(arguments: [
        (#""token": "short""#, #""token" must be at least 16 characters"#),
        (#""token": "has a space in it 123""#, "printable ASCII without spaces"),
        (#""external_url": "alerts.example.com""#, #""external_url" must be an http:// or https:// URL"#),
        (#""external_url": "https://a.example/?x=1""#, "without query"),
    ])
    func pageSettingsAreChecked(_ keys: String, _ problem: String) throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("satwatch.json").path
        try #"{"rules": [], "http": {"listen": "127.0.0.1:0", \#(keys)}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (_, problems) = Setup.load(path: path, environment: [:], logger: Logger(level: .error, sink: { _ in }))
        #expect(problems.contains { $0.message.contains(problem) }, "\(problems)")
    }

    @Test(arguments: [("0.0.0.0:9464", nil, true), ("127.0.0.1:9464", nil, false), ("[::1]:9464", nil, false),
                      ("0.0.0.0:9464", "0123456789abcdef", false)] as [(String, String?, Bool)])
    func anOpenListenWithoutATokenIsWarnedAbout(_ listen: String, _ token: String?, _ warned: Bool) throws {
        let folder = try TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("satwatch.json").path
        let tokenKey = token.map { #", "token": "\#($0)""# } ?? ""
        try #"{"rules": [], "http": {"listen": "\#(listen)"\#(tokenKey)}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (setup, problems) = Setup.load(path: path, environment: [:], logger: Logger(level: .error, sink: { _ in }))
        #expect(problems.isEmpty, "\(problems)")
        #expect((setup?.warnings.contains { $0.message.contains("reachable from other machines") } ?? false) == warned)
    }
}
