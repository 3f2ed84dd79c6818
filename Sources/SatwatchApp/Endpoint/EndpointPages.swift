import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchNet
import Synchronization

/// What the endpoint's routes answer from: the live boards, the state file, the config's page
/// settings. Requests are answered on the server's own thread, one at a time, except those that
/// use the state file: they are answered on its own thread, in turn, within a deadline
/// (`EndpointStore`).
struct EndpointPages: Sendable {
    let boards: Boards
    let feeds: [FeedConfig]
    let store: EndpointStore
    /// Feed and store errors can quote a URL or a key: they are shown through this.
    let redactor: Redactor
    /// `http.token` and `http.external_url`.
    var settings = PageSettings()
    /// Each delivery queue (a channel, or each peer of an Alertmanager cluster) and what it
    /// sends to, without secrets (`Channel.summary`), by queue name.
    var queues: [String: String] = [:]
    /// The config's derived metrics and portfolios, which no feed publishes.
    var derivedMetrics: [String] = []
    var clock: @Sendable () -> Timestamp = { WallClock.now() }

    /// Every route, in the order they are tried.
    static let routes: [any EndpointRoute] = [
        DashboardRoute(), SilenceFormRoute(), SilenceLinkRoute(), HealthRoute(), MetricsRoute(),
        RulesAPIRoute(), HistoryAPIRoute(), SilencesAPIRoute(), SeriesAPIRoute(), ChartAPIRoute(),
    ]

    /// The answer to `request`: at once on the server's thread, or later from the state file's
    /// own thread for a route that uses the file (`EndpointRoute.stateFileBudget`).
    func reply(to request: HTTPServerRequest) -> HTTPServerReply {
        guard let route = Self.routes.first(where: { $0.serves(request.path) }) else {
            return .now(HTTPServerResponse(status: 404, body: "not found: try /, /healthz, /metrics or /api/v1/alerts\n"))
        }
        let allowed = route.methods.contains("GET") ? route.methods + ["HEAD"] : route.methods
        guard allowed.contains(request.method) else {
            return .now(HTTPServerResponse(status: 405, headers: ["Allow": allowed.joined(separator: ", ")], body: "method not allowed\n"))
        }
        guard let budget = route.stateFileBudget else { return .now(route.respond(to: request, pages: self)) }
        return store.answer(within: budget, otherwise: { begun in route.unanswered(request, pages: self, begun: begun) }) {
            route.respond(to: request, pages: self)
        }
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
    func health(now: Timestamp) -> HTTPServerResponse {
        var reasons = boards.store.failing.sorted { $0.key < $1.key }.map { part, failure in
            "state store: \(part) failing for \((now - failure.since).text): \(failure.error)"
        }
        let storeFailing = !reasons.isEmpty
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
        let status = storeFailing ? "store failing" : reasons.isEmpty ? "ok" : "stale"
        var body: [(String, JSONValue)] = [("status", .string(status))]
        if !reasons.isEmpty { body.append(("reason", .string(redactor.redact(reasons.joined(separator: "; "))))) }
        body.append(("feeds", .object(states.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })))
        body.append(("state", .string(storeFailing ? "failing" : "ok")))
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
