import SatwatchBase
import SatwatchNet

/// `GET /api/v1/history?since=24h&rule=GLOB&channel=C`: what `history --json` prints, for the
/// last `since` (default 24h); 422 naming the configured channels for a channel `history`
/// would refuse.
struct HistoryAPIRoute: EndpointRoute {
    let paths = ["/api/v1/history"]
    var stateFileBudget: TimeSpan? { EndpointStore.budget }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let query = request.queryFields
        let text = query.first("since") ?? "24h"
        guard let span = TimeSpan(parsing: text) else {
            return EndpointPages.problem(400, "invalid duration \"\(text)\" for since (use e.g. 2h, 7d)")
        }
        let filter = HistoryFilter(since: pages.clock() - span, rule: query.first("rule"), channel: query.first("channel"))
        do {
            let log = try pages.store.use { try $0.notificationLog.entries(since: filter.since) }
            // A mistyped channel would otherwise answer an empty history, as if nothing was sent.
            if let unknown = HistoryCommand.unknownChannel(filter, known: pages.channels, log: log) {
                return EndpointPages.problem(422, unknown.message)
            }
            return EndpointPages.json(HistoryReport(log: filter.apply(log), redactor: pages.redactor).json)
        } catch {
            return EndpointPages.problem(503, "state file unreadable: \(pages.redactor.redact("\(error)"))")
        }
    }
}
