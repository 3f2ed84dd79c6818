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
                                  store: EndpointStore(path: "/nonexistent/state.db"), redactor: redactor)
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

    /// `/healthz` never waits for the state file; the routes that read it are answered later,
    /// from its own thread.
    @Test func onlyRoutesThatUseTheStateFileAreAnsweredLater() {
        let (pages, _) = Self.pages(startedAgo: .seconds(1))
        for (path, later) in [("/healthz", false), ("/api/v1/rules", false), ("/metrics", true), ("/", true), ("/api/v1/history", true),
                              ("/api/v1/silences", true)] {
            let reply = pages.reply(to: HTTPServerRequest(method: "GET", path: path))
            if case .later = reply { #expect(later, "\(path)") } else { #expect(!later, "\(path)") }
        }
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
        boards.reloads.record(successful: false, at: loaded + .seconds(60))
        #expect(lines().contains("satwatch_config_last_reload_successful 0"))
        #expect(lines().contains(since))
        boards.reloads.record(successful: true, at: loaded + .seconds(120))
        #expect(lines().contains("satwatch_config_last_reload_successful 1"))
        #expect(lines().contains("satwatch_config_last_reload_success_timestamp_seconds \(PrometheusText.format((loaded + .seconds(120)).seconds))"))
    }
}
