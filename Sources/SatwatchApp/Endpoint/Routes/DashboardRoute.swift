import SatwatchBase
import SatwatchNet

/// `/`: the page (`DashboardPage`), read and rendered on the state file's thread.
struct DashboardRoute: EndpointRoute {
    let paths = ["/"]
    var stateFileBudget: TimeSpan? { EndpointStore.budget }

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let html = DashboardPage.render(pages.dashboardData(now: pages.clock()))
        // No framing by other sites: the page has forms.
        return HTTPServerResponse(status: 200, contentType: "text/html; charset=utf-8",
                                  headers: ["X-Frame-Options": "DENY", "Content-Security-Policy": DashboardStyle.contentSecurityPolicy],
                                  body: html)
    }

    func unanswered(_ request: HTTPServerRequest, pages: EndpointPages, begun: Bool) -> HTTPServerResponse {
        SilenceFormRoute.page(503, "The page could not be made: \(EndpointPages.stateFileBusy(request, within: EndpointStore.budget, begun: begun)).",
                              at: request.path)
    }
}
