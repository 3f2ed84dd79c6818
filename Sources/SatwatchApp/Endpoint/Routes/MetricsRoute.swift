import SatwatchBase
import SatwatchNet

/// `/metrics`: the Prometheus exposition (`EndpointPages.metrics`). The outbox counts come from
/// the state file, read afresh for each scrape on the file's own thread (a scrape sees what
/// `satwatch retry` or `purge` did a moment ago); when the file does not answer within 300 ms
/// (another process holds it locked and a write waits before this read), the scrape is answered
/// with the counts last read, well within the 1 s the contract allows.
struct MetricsRoute: EndpointRoute {
    let paths = ["/metrics"]
    var stateFileBudget: TimeSpan? { TimeSpan(milliseconds: 300) }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        pages.store.refreshCounts()
        return Self.exposition(pages)
    }

    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse {
        Self.exposition(pages)
    }

    private static func exposition(_ pages: EndpointPages) -> HTTPServerResponse {
        HTTPServerResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: pages.metrics(now: pages.clock()))
    }
}
