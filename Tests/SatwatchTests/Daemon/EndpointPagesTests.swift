@testable import SatwatchApp
@testable import SatwatchBase
@testable import SatwatchDelivery
@testable import SatwatchFeeds
import SatwatchNet
@testable import SatwatchState
import Testing

/// `/healthz` from the boards: the store's health, the feeds' freshness, and no secret in either.
@Suite struct EndpointPagesTests {
    static let logger = Logger(level: .error, sink: { _ in })

    static func pages(startedAgo: TimeSpan, redactor: Redactor = []) -> (EndpointPages, Boards) {
        let boards = Boards(health: FeedHealthBoard([.mempool]), metrics: MetricBoard(), rules: RuleStateBoard(),
                            deliveries: DeliveryCounters(), histories: HistoryHandover(),
                            store: StoreHealthBoard(logger: logger), startedAt: WallClock.now() - startedAgo)
        let pages = EndpointPages(boards: boards, feeds: [FeedConfig(kind: .mempool, staleAfter: .seconds(60))],
                                  store: EndpointStore(path: "/nonexistent/state.db"), work: EndpointPages.work(), redactor: redactor)
        return (pages, boards)
    }

    @Test func healthyWhileTheStoreWorksAndFeedsAreFresh() {
        let (pages, _) = Self.pages(startedAgo: .seconds(1))
        let response = pages.health(now: WallClock.now())
        #expect(response.status == 200)
        #expect(response.body.contains(#""status":"ok""#))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func thePagesOnlyReadSoOtherMethodsGet405(_ method: String) async throws {
        let (pages, _) = Self.pages(startedAgo: .seconds(1))
        #expect(try await EndpointStoreTests.response(pages.reply(to: HTTPServerRequest(method: method, path: "/nope"))).status == 404)
        for path in ["/healthz", "/metrics", "/api/v1/rules", "/api/v1/history"] {
            let response = try await EndpointStoreTests.response(pages.reply(to: HTTPServerRequest(method: method, path: path)))
            #expect(response.status == 405)
            #expect(response.headers.first("Allow") == "GET, HEAD")
        }
        #expect(try await EndpointStoreTests.response(pages.reply(to: HTTPServerRequest(method: "HEAD", path: "/metrics"))).status == 200)
    }

    /// Only `/healthz` (and a 404) is answered on the server's thread; every route whose cost
    /// grows with the rules, series or state is answered later, off it (the state file's thread
    /// or the work queue), so no flood of them can hold `/healthz`.
    @Test(arguments: [
        ("/healthz", false), ("/nope", false), ("/metrics", true), ("/", true), ("/api/v1/history", true), ("/api/v1/silences", true),
        ("/api/v1/rules", true), ("/api/v1/alerts", true), ("/api/v1/chart", true), ("/api/v1/series", true), ("/silence", true),
        ("/silences", true),
    ])
    func onlyCheapRoutesAreAnsweredOnTheServersThread(_ path: String, _ later: Bool) {
        let (pages, _) = Self.pages(startedAgo: .seconds(1))
        let reply = pages.reply(to: HTTPServerRequest(method: path == "/silences" ? "POST" : "GET", path: path))
        if case .later = reply { #expect(later) } else { #expect(!later) }
    }

    /// A feed not stale yet but never heard from is `waiting`, as on the page; `fresh` once a
    /// frame came, `stale` past `stale_after`, whose reason gives the silence to the second.
    @Test func eachFeedIsWaitingFreshOrStale() {
        let (pages, boards) = Self.pages(startedAgo: .seconds(1))
        let started = boards.startedAt
        let waiting = pages.health(now: started + .seconds(1))
        #expect(waiting.status == 200)
        #expect(waiting.body.contains(#""feeds":{"mempool":"waiting"}"#))
        let late = pages.health(now: started + TimeSpan(milliseconds: 300_250))
        #expect(late.status == 503)
        #expect(late.body.contains(#""feeds":{"mempool":"stale"}"#))
        #expect(late.body.contains("feed mempool: no frame since start 5m ago (stale after 1m)"))
        boards.health.update(.mempool) { $0.lastFrameAt = started + .seconds(2) }
        #expect(pages.health(now: started + .seconds(3)).body.contains(#""feeds":{"mempool":"fresh"}"#))
        #expect(pages.health(now: started + TimeSpan(milliseconds: 92_001)).body.contains("feed mempool: no frame for 1m30s (stale after 1m)"))
    }

    /// A series the worker neither recorded nor can publish is a 404 with the nearest name;
    /// one it can publish but has no minute of yet is an empty series, as is a derived metric.
    @Test(arguments: [
        ("fee.fastst", 404, #"{"error":"unknown metric \"fee.fastst\" (did you mean \"fee.fastest\"?)"}"#),
        ("eth.usd", 404, #"{"error":"no enabled feed publishes \"eth.usd\""}"#),
        ("btc.usdd", 404, #"{"error":"unknown metric \"btc.usdd\" (did you mean \"btc.usd\"?)"}"#),
        ("fee.fastest", 200, #"{"metric":"fee.fastest","source":null,"points":[]}"#),
        ("btc.eur", 200, #"{"metric":"btc.eur","source":null,"points":[]}"#),
        ("portfolio.main", 200, #"{"metric":"portfolio.main","source":null,"points":[]}"#),
    ] as [(String, Int, String)])
    func anUnknownSeriesIsNotFound(_ metric: String, _ status: Int, _ body: String) async throws {
        var (pages, _) = Self.pages(startedAgo: .seconds(1))
        pages.derivedMetrics = ["portfolio.main"]
        let response = try await EndpointStoreTests.response(pages.reply(to: HTTPServerRequest(method: "GET", path: "/api/v1/series", query: "metric=\(metric)")))
        #expect(response.status == status)
        #expect(response.body == body + "\n")
    }

    @Test func aFailingStorePartMakesItUnhealthyUntilItSucceeds() {
        let (pages, boards) = Self.pages(startedAgo: .seconds(1))
        struct Full: Error, CustomStringConvertible { var description: String { "database or disk is full" } }
        boards.store.failed("evaluator commits", Full(), at: WallClock.now())
        let failing = pages.health(now: WallClock.now())
        #expect(failing.status == 503)
        #expect(failing.body.contains(#""status":"store failing""#))
        #expect(failing.body.contains("state store: evaluator commits failing for"))
        #expect(failing.body.contains("database or disk is full"))
        boards.store.succeeded("evaluator commits", at: WallClock.now())
        #expect(pages.health(now: WallClock.now()).status == 200)
    }

    @Test func feedErrorsAreShownWithoutSecrets() {
        let (pages, boards) = Self.pages(startedAgo: .minutes(5), redactor: ["K3y-0f-the-feed"])
        boards.health.update(.mempool) { $0.lastError = "HTTP 401 for /v4?api_key=K3y-0f-the-feed" }
        let response = pages.health(now: WallClock.now())
        #expect(response.status == 503)
        #expect(response.body.contains("last error: HTTP 401 for /v4?api_key=***"))
        #expect(!response.body.contains("K3y-0f-the-feed"))
    }

    @Test func metricsNameTheRevisionAndTheLastReload() {
        let (pages, boards) = Self.pages(startedAgo: .seconds(1))
        let loaded = boards.reloads.snapshot.lastSuccess
        let lines = { pages.metrics(now: WallClock.now()).split(separator: "\n").map(String.init) }
        #expect(lines().contains("satwatch_build_info{version=\"\(SatwatchVersion.current)\",revision=\"\(SatwatchVersion.revision)\"} 1"))
        #expect(lines().contains("satwatch_config_last_reload_successful 1"))
        let since = "satwatch_config_last_reload_success_timestamp_seconds \(PrometheusText.format(loaded.seconds))"
        #expect(lines().contains(since))
        boards.reloads.record(ReloadRejectionStore.Rejection(at: loaded + .seconds(60), problem: "rules/a.json:1:2: trailing comma"))
        #expect(lines().contains("satwatch_config_last_reload_successful 0"))
        #expect(lines().contains(since))
        // `/healthz` says when and why until a reload succeeds.
        let rejected = #"last_reload_rejected":{"at":"\#((loaded + .seconds(60)).rfc3339)","problem":"rules/a.json:1:2: trailing comma"}"#
        #expect(pages.health(now: WallClock.now()).body.contains(rejected))
        boards.reloads.recordSuccess(at: loaded + .seconds(120))
        #expect(lines().contains("satwatch_config_last_reload_successful 1"))
        #expect(lines().contains("satwatch_config_last_reload_success_timestamp_seconds \(PrometheusText.format((loaded + .seconds(120)).seconds))"))
        #expect(!pages.health(now: WallClock.now()).body.contains("last_reload_rejected"))
    }
}
