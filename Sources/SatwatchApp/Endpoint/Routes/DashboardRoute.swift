import SatwatchNet

/// `/`: the page (`DashboardPage`).
struct DashboardRoute: EndpointRoute {
    let paths = ["/"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let html = DashboardPage.render(pages.dashboardData(now: pages.clock()))
        // No framing by other sites: the page has forms.
        return HTTPServerResponse(status: 200, contentType: "text/html; charset=utf-8",
                                  headers: ["X-Frame-Options": "DENY", "Content-Security-Policy": DashboardStyle.contentSecurityPolicy],
                                  body: html)
    }
}
