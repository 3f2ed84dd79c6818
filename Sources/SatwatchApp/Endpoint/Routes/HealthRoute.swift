import SatwatchNet

/// `/healthz`: 200 while the state file works and every enabled feed is fresh, else 503 with a
/// JSON reason (`EndpointPages.health`).
struct HealthRoute: EndpointRoute {
    let paths = ["/healthz"]
    /// A look at the feeds' and the store's health: quick whatever the rules and series.
    let answersAtOnce = true

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        pages.health(now: pages.clock())
    }
}
