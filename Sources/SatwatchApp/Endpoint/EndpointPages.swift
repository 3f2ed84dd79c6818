import BlockingPool
import Digests
import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchNet
import Synchronization

/// What the endpoint's routes answer from: the live boards, the state file, the config's page
/// settings. Only cheap routes (`/healthz`) are answered on the server's own thread; those that
/// use the state file are answered on its own thread (`EndpointStore`), every other one on the
/// endpoint's work queue (`work`), in turn, within a deadline: no client can hold the server's
/// thread, whatever a request costs (the JSON of thousands of rules, a chart).
struct EndpointPages: Sendable {
    let boards: Boards
    let feeds: [FeedConfig]
    let store: EndpointStore
    /// Where routes that do not use the state file but whose cost grows with the rules or series
    /// are answered (`EndpointPages.work(on:)`); kept across reloads, like `store`.
    let work: EndpointWorkQueue
    /// Feed and store errors can quote a URL or a key: they are shown through this.
    let redactor: Redactor
    /// `http.token` and `http.external_url`.
    var settings = PageSettings()
    /// The names `--channel` takes: the channels and their peers' queues (`/api/v1/history?channel=`
    /// is checked against them).
    var channels: [String] = []
    /// Each delivery queue (a channel, or each peer of an Alertmanager cluster) and what it
    /// sends to, without secrets (`Channel.summary`), by queue name.
    var queues: [String: String] = [:]
    /// The config's derived metrics and portfolios, which no feed publishes.
    var derivedMetrics: [String] = []
    /// The worker's steady time: how long a feed has been quiet, ages, what is due (see `ProcessClock`).
    var clock: @Sendable () -> Timestamp = { ProcessClock.live.now() }
    /// The wall clock: silences start and end on it.
    var calendar: @Sendable () -> Timestamp = { ProcessClock.live.wallNow() }

    /// Every route, in the order they are tried.
    static let routes: [any EndpointRoute] = [
        DashboardRoute(), SilenceFormRoute(), SilenceLinkRoute(), HealthRoute(), MetricsRoute(),
        RulesAPIRoute(), HistoryAPIRoute(), SilencesAPIRoute(), SeriesAPIRoute(), ChartAPIRoute(),
    ]

    /// How long a request may wait on `work` (queued behind others, then its own work) before a
    /// 503 goes out instead: as long as the state file's budget, far above what the dearest route
    /// takes (milliseconds).
    static let workBudget = EndpointStore.budget
    /// Requests waiting on `work` at most: beyond, a request is refused at once (503), so a flood
    /// costs the server's thread one short answer each. With the dearest routes at tens of
    /// milliseconds, those admitted are answered well within `workBudget`.
    static let maximumWaitingWork = 16

    /// The endpoint's work queue (`work`).
    static func work(on pool: BlockingPool = WorkerPools.work) -> EndpointWorkQueue {
        EndpointWorkQueue(on: pool, maximumWaiting: maximumWaitingWork)
    }

    /// The answer to `request`: at once on the server's thread for a cheap route
    /// (`EndpointRoute.answersAtOnce`), later from the state file's own thread for a route that
    /// uses the file (`EndpointRoute.stateFileBudget`), else later from `work`.
    func reply(to request: HTTPServerRequest) -> HTTPServerReply {
        guard let route = Self.routes.first(where: { $0.serves(request.path) }) else {
            return .now(HTTPServerResponse(status: 404, body: "not found: try /, /healthz, /metrics or /api/v1/alerts\n"))
        }
        let allowed = route.methods.contains("GET") ? route.methods + ["HEAD"] : route.methods
        guard allowed.contains(request.method) else {
            return .now(HTTPServerResponse(status: 405, headers: ["Allow": allowed.joined(separator: ", ")], body: "method not allowed\n"))
        }
        if route.answersAtOnce { return .now(route.respond(to: request, pages: self)) }
        guard let budget = route.stateFileBudget else {
            let budget = Self.workBudget
            return work.answer(within: budget, otherwise: { _ in Self.busy(within: budget) }, full: Self.busy(within: nil)) { _ in
                route.respond(to: request, pages: self)
            }
        }
        return store.answer(within: budget, otherwise: { begun in route.unanswered(request, pages: self, begun: begun) }) {
            route.respond(to: request, pages: self)
        }
    }

    /// 503 for a request `work` did not answer: not within `budget`, or refused at once (nil)
    /// because `maximumWaitingWork` were waiting already. Nothing is changed by these routes.
    static func busy(within budget: TimeSpan?) -> HTTPServerResponse {
        let why = budget.map { "no answer within \($0.text)" } ?? "\(maximumWaitingWork) requests are waiting already"
        var response = problem(503, "endpoint busy: \(why); try again")
        response.headers.add("Retry-After", "1")
        return response
    }

    /// Why a request got no answer from the state file within `budget`, and what became of it:
    /// not run at all (it waited behind others), or begun (a write may still be made).
    static func stateFileBusy(_ request: HTTPServerRequest, within budget: TimeSpan, begun: Bool) -> String {
        let reading = request.method == "GET" || request.method == "HEAD"
        let outcome = reading ? "try again" : begun ? "the change may still be made: look before trying again" : "nothing was changed, try again"
        return "state file busy: no answer within \(budget.text) (another process may hold it locked); \(outcome)"
    }

    /// 200 when the state file works and every enabled feed delivered within its `stale_after`
    /// (counting from start until its first frame), else 503 naming the failing store part and
    /// each stale feed. Each feed is `fresh`, `stale`, or `waiting` (no frame yet, not stale).
    /// After a rejected reload, until one succeeds, `last_reload_rejected` says when and why.
    func health(now: Timestamp) -> HTTPServerResponse {
        var reasons = boards.store.failing.sorted { $0.key < $1.key }.map { part, failure in
            "state store: \(part) failing for \((now - failure.since).text): \(failure.error)"
        }
        let storeFailing = !reasons.isEmpty
        // Read without a descriptor: the board is memory, and this answer needs none either.
        let shortage = DescriptorShortage.process.current(at: now)
        if let shortage {
            reasons.append("\(DescriptorShortage.errnoName(shortage.code)): \(shortage.refusals) refused for "
                           + "\((now - shortage.since).wholeSecondsText), first while \(shortage.part)")
        }
        var states: [(String, JSONValue)] = []
        for (feed, health, fresh) in feedStates(now: now) {
            let silence = now - (health?.lastFrameAt ?? boards.startedAt)
            if !fresh {
                let detail = health?.lastFrameAt == nil ? "no frame since start \(silence.wholeSecondsText) ago" : "no frame for \(silence.wholeSecondsText)"
                reasons.append("feed \(feed.kind.rawValue): \(detail) (stale after \(feed.staleAfter.text))"
                               + (health?.lastError.map { "; last error: \($0)" } ?? ""))
            }
            // Not stale yet but never heard from is "waiting", as on the page: "fresh" would
            // say more than is known.
            states.append((feed.kind.rawValue, .string(!fresh ? "stale" : health?.lastFrameAt == nil ? "waiting" : "fresh")))
        }
        let status = storeFailing ? "store failing" : shortage != nil ? "too many open files" : reasons.isEmpty ? "ok" : "stale"
        var body: [(String, JSONValue)] = [("status", .string(status))]
        if !reasons.isEmpty { body.append(("reason", .string(redactor.redact(reasons.joined(separator: "; "))))) }
        body.append(("feeds", .object(states.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })))
        body.append(("state", .string(storeFailing ? "failing" : "ok")))
        // Healthy all the same: the worker runs its previous config and rules.
        if let rejection = boards.reloads.rejection {
            body.append(("last_reload_rejected", .members([("at", .string(rejection.at.rfc3339)),
                                                            ("problem", .string(redactor.redact(rejection.problem)))])))
        }
        let text = JSONValue.object(body.map { JSONMember(key: $0.0, node: JSONNode($0.1)) }).jsonText() + "\n"
        return HTTPServerResponse(status: reasons.isEmpty ? 200 : 503, contentType: "application/json", body: text)
    }

    /// Every metric the worker has a series of or can publish: what it recorded in the last
    /// 24 hours, what its feeds publish as configured, and its derived metrics and portfolios.
    var knownMetrics: Set<String> {
        var known = Set(boards.series.keys.map(\.metric)).union(derivedMetrics)
        for feed in feeds {
            known.formUnion(feed.priceMetrics)
            known.formUnion(MetricCatalog.fixed.filter { $0.sources.contains(feed.kind) }.map(\.name))
        }
        return known
    }

    /// Each enabled feed, its health, and whether it delivered within its `stale_after`
    /// (counting from start until its first frame).
    func feedStates(now: Timestamp) -> [(FeedConfig, FeedHealth?, fresh: Bool)] {
        let snapshot = boards.health.snapshot
        return feeds.map { feed in
            let health = snapshot.first { $0.kind == feed.kind }
            return (feed, health, now - (health?.lastFrameAt ?? boards.startedAt) < feed.staleAfter)
        }
    }
}

extension EndpointPages {
    /// Nil when `presented` (the bearer token of the request, or the token a form sent) may
    /// write; else the refusal: 403 when no `http.token` is set (read-only), 401 when it is
    /// missing or wrong. Compared in constant time.
    func refuseWrite(presenting presented: String?) -> HTTPServerResponse? {
        guard let token = settings.token else {
            return Self.problem(403, "read-only: set \"http.token\" in the config to add and expire silences here")
        }
        guard let presented, HMACSHA256.constantTimeEqual(Array(presented.utf8), Array(token.utf8)) else {
            var response = Self.problem(401, "a write needs \"Authorization: Bearer <http.token>\"")
            response.headers.add("WWW-Authenticate", "Bearer realm=\"satwatch\"")
            return response
        }
        return nil
    }

    /// The token of `Authorization: Bearer <token>`, if any.
    static func bearer(_ request: HTTPServerRequest) -> String? {
        guard let value = request.headers.first("authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst(7).drop { $0 == " " })
    }

    /// `{"error": message}` with `status`.
    static func problem(_ status: Int, _ message: String) -> HTTPServerResponse {
        json(["error": .string(message)], status: status)
    }

    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200) -> HTTPServerResponse {
        HTTPServerResponse(status: status, contentType: "application/json", body: value.jsonText() + "\n")
    }
}
