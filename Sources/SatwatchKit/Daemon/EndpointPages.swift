import SatwatchJSON
import SatwatchNet
import Synchronization

/// Renders the endpoint's pages from the live boards.
struct EndpointPages: Sendable {
    let boards: Boards
    let feeds: [FeedConfig]
    let outbox: OutboxGauge
    /// Feed and store errors can quote a URL or a key: they are shown through this.
    let redactor: Redactor

    func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        // The server passes every method through; these pages only read.
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPServerResponse(status: 405, headers: ["Allow": "GET, HEAD"], body: "method not allowed\n")
        }
        return switch request.path {
        case "/healthz": health(now: WallClock.now())
        case "/metrics": HTTPServerResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: metrics(now: WallClock.now()))
        default: HTTPServerResponse(status: 404, body: "not found: try /healthz or /metrics\n")
        }
    }

    /// 200 when the state file works and every enabled feed delivered within its `stale_after`
    /// (counting from start until its first frame), else 503 naming the failing store part and
    /// each stale feed.
    func health(now: Timestamp) -> HTTPServerResponse {
        var reasons = boards.store.failing.sorted { $0.key < $1.key }.map { part, failure in
            "state store: \(part) failing for \((now - failure.since).text): \(failure.error)"
        }
        let storeFailing = !reasons.isEmpty
        var states: [(String, JSONValue)] = []
        let snapshot = boards.health.snapshot
        for feed in feeds {
            let health = snapshot.first { $0.kind == feed.kind }
            let silence = now - (health?.lastFrameAt ?? boards.startedAt)
            let fresh = silence < feed.staleAfter
            if !fresh {
                let detail = health?.lastFrameAt == nil ? "no frame since start \(silence.text) ago" : "no frame for \(silence.text)"
                reasons.append("feed \(feed.kind.rawValue): \(detail) (stale after \(feed.staleAfter.text))"
                               + (health?.lastError.map { "; last error: \($0)" } ?? ""))
            }
            states.append((feed.kind.rawValue, .string(fresh ? "fresh" : "stale")))
        }
        let status = storeFailing ? "store failing" : reasons.isEmpty ? "ok" : "stale"
        var body: [(String, JSONValue)] = [("status", .string(status))]
        if !reasons.isEmpty { body.append(("reason", .string(redactor.redact(reasons.joined(separator: "; "))))) }
        body.append(("feeds", .object(states.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })))
        body.append(("state", .string(storeFailing ? "failing" : "ok")))
        let text = JSONValue.object(body.map { JSONMember(key: $0.0, node: JSONNode($0.1)) }).jsonText() + "\n"
        return HTTPServerResponse(status: reasons.isEmpty ? 200 : 503, contentType: "application/json", body: text)
    }
}
