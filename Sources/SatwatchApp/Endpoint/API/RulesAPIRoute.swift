import SatwatchNet

/// `GET /api/v1/rules`: every rule, then each feed's `feed-stale:` alert (`RuleOverview.json`);
/// `GET /api/v1/alerts`: only those firing or pending, firing first.
struct RulesAPIRoute: EndpointRoute {
    let paths = ["/api/v1/rules", "/api/v1/alerts"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        var rules = pages.boards.rules.overviewWithFeeds
        if request.path == "/api/v1/alerts" {
            rules = rules.filter { $0.state.status == .firing } + rules.filter { $0.state.status == .pending }
        }
        return EndpointPages.json(.list(rules.map(\.json)))
    }
}
