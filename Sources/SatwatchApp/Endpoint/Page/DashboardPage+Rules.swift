import SatwatchBase
import SatwatchCharts
import SatwatchRules

extension DashboardPage {
    /// Chart size on the page, in CSS pixels (it scales down to the screen's width).
    static let chartSize = (width: 480, height: 160)

    /// The most cards of inactive rules the page draws: with thousands of rules, a chart each
    /// would make a page of megabytes. Firing and pending rules always get theirs.
    static let inactiveCards = 100

    /// A card per rule: state, metric, criterion, last value and a chart of the last 24 hours
    /// with its levels and the periods it fired.
    static func rules(_ data: DashboardData) -> String {
        guard !data.rules.isEmpty else { return "<section><h2>Rules</h2><p>No rule loaded.</p></section>\n" }
        // Firing first, then pending, then the rest, each in load order.
        let order: [AlertStatus: Int] = [.firing: 0, .pending: 1, .inactive: 2]
        let sorted = data.rules.enumerated().sorted {
            (order[$0.element.overview.state.status] ?? 3, $0.offset) < (order[$1.element.overview.state.status] ?? 3, $1.offset)
        }.map(\.element)
        let active = sorted.prefix { $0.overview.state.status != .inactive }
        let shown = sorted.prefix(active.count + inactiveCards)
        let more = sorted.count - shown.count
        let note = more > 0 ? "<p class=\"muted\">\(more) more inactive rules: <a href=\"/api/v1/rules\">/api/v1/rules</a> lists every rule.</p>" : ""
        return "<section><h2>Rules</h2><div class=\"rules\">\(shown.map { card($0, now: data.now) }.joined())</div>\(note)</section>\n"
    }

    static func card(_ rule: DashboardData.Rule, now: Timestamp) -> String {
        let overview = rule.overview
        let line = rule.line
        var facts = ["<code>\(MarkupText.escape(overview.metric))</code> \(MarkupText.escape(overview.criterion))"]
        if let value = line.lastValue { facts.append("last <b>\(MarkupText.escape(DisplayNumber.format(value)))</b>") }
        if let since = line.since { facts.append("since \(dateTime(since)) UTC") }
        if let waiting = line.waiting { facts.append("waiting: \(MarkupText.escape(waiting))") }
        let labels = overview.labels.map { "<span class=\"label\">\(MarkupText.escape($0.name))=\(MarkupText.escape($0.value))</span>" }
        let description = overview.description.map { "<p class=\"muted\">\(MarkupText.escape($0))</p>" } ?? ""
        let from = now - EndpointPages.dashboardRange
        // Two points per two pixels: the same picture from a third of a day's minutes.
        let points = ChartSpec.thinned(rule.points, from: from, to: now, buckets: chartSize.width / 2)
        let spec = ChartSpec(points: points, from: from, to: now,
                             lines: overview.levels.map { ChartLine(value: $0, label: DisplayNumber.format($0)) },
                             spans: rule.firing, title: "")
        let chart = rule.points.isEmpty ? "<p class=\"muted chart-empty\">no data in the last 24 h</p>"
            : SVGChart.render(spec, width: chartSize.width, height: chartSize.height)
        return """
            <article class="rule \(line.state)" id="rule-\(MarkupText.escape(overview.name))">
            <h3>\(badge(line.state)) \(MarkupText.escape(overview.name))</h3>
            <p>\(facts.joined(separator: " · "))</p>\(labels.isEmpty ? "" : "<p>\(labels.joined(separator: " "))</p>")\(description)
            <div class="chart">\(chart)</div></article>

            """
    }
}
