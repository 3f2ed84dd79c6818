import SatwatchBase
import SatwatchFeeds
import SatwatchJSON
import SatwatchNet

/// `GET /api/v1/series?metric=M&source=S&since=D`: a metric's minutes (the last value of each)
/// over the last `since` (default and at most 24h), oldest first; 404 with the nearest name for
/// a metric the worker neither recorded nor can publish (an empty series would hide a typo).
struct SeriesAPIRoute: EndpointRoute {
    let paths = ["/api/v1/series"]

    func respond(to request: HTTPServerRequest, pages: EndpointPages) -> HTTPServerResponse {
        let query = request.queryFields
        guard let metric = query.first("metric"), !metric.isEmpty else {
            return EndpointPages.problem(400, "say which metric: ?metric=btc.usd")
        }
        let known = pages.knownMetrics
        guard known.contains(metric) else {
            // A price of known codes is meant as written (as `check` reads it): no other name.
            if let (base, quote) = MetricCatalog.price(of: metric), MetricCatalog.knowsBoth(base: base, quote: quote, published: Array(known)) {
                return EndpointPages.problem(404, "no enabled feed publishes \"\(metric)\"")
            }
            return EndpointPages.problem(404, "unknown metric \"\(metric)\"" + EditDistance.hint(for: metric, among: known.sorted()))
        }
        let text = query.first("since") ?? "24h"
        guard let span = TimeSpan(parsing: text), span.milliseconds > 0 else {
            return EndpointPages.problem(400, "invalid duration \"\(text)\" for since (use e.g. 2h, 24h)")
        }
        let now = pages.clock()
        let source = query.first("source")
        let points = pages.boards.series.series(metric: metric, source: source, since: now - min(span, EndpointPages.dashboardRange), now: now)
        return EndpointPages.json(.members([
            ("metric", .string(metric)), ("source", source.map(JSONValue.string) ?? .null),
            ("points", .list(points.map { .members([("at", .string($0.at.rfc3339)), ("value", .number($0.value))]) })),
        ]))
    }
}
