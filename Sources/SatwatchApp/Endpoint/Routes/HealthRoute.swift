import SatwatchNet

/// `/healthz`: 200 while the state file works and every enabled feed is fresh, else 503 with a
/// JSON reason (`EndpointPages.health`).
struct HealthRoute: EndpointRoute {
    let paths = ["/healthz"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        pages.health(now: pages.clock())
    }
}
