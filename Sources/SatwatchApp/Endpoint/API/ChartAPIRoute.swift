import SatwatchCharts
import SatwatchNet

/// `GET /api/v1/chart?rule=R`: the PNG a notification of rule `R` would attach now (its
/// metric's last 24 hours with its levels and current firing period), for embedding elsewhere.
struct ChartAPIRoute: EndpointRoute {
    let paths = ["/api/v1/chart"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let name = request.queryFields.first("rule") ?? ""
        guard let rule = pages.boards.rules.overview(named: name) else {
            return EndpointPages.problem(404, "no rule \"\(name)\" (say which: ?rule=NAME)")
        }
        let now = pages.clock()
        let firing = rule.state.status == .firing ? [ChartSpan(from: rule.state.firedAt ?? now, to: now)] : []
        let png = PageExtras.chart(metric: rule.metric, source: rule.source, levels: rule.levels, firing: firing,
                                   title: "\(rule.name): \(rule.metric)", to: now, series: pages.boards.series)
        guard let png else { return EndpointPages.problem(404, "no data for \(rule.metric) in the last 24 hours") }
        return HTTPServerResponse(status: 200, contentType: "image/png", bodyBytes: png)
    }
}
