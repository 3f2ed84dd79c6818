import SatwatchNet

/// `/metrics`: the Prometheus exposition (`EndpointPages.metrics`).
struct MetricsRoute: EndpointRoute {
    let paths = ["/metrics"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        HTTPServerResponse(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8", body: pages.metrics(now: pages.clock()))
    }
}
