import SatwatchBase
import SatwatchCharts
import SatwatchDelivery
import SatwatchRules
import SatwatchState
import Synchronization

/// What the page adds to notifications as they are sent: with `http.external_url`, a signed
/// "silence 1h" link, valid for a day after the notification, and the page's own address for a
/// group too large to list; on channels with `"chart": true`, a PNG of the metric's last 24
/// hours with the rule's levels and firing period.
final class PageExtras: NotificationExtrasSource {
    /// How long a link silences, and how long after its notification it may be followed.
    static let silenceFor = TimeSpan.hours(1)
    static let linkLifetime = TimeSpan.hours(24)
    /// The attached chart's size in pixels: small enough for every service (about 6 KB).
    static let chartSize = (width: 600, height: 300)

    let externalURL: String?
    private let boards: Boards
    /// The signing key, read from the state file by `prepare` (off the cooperative pool).
    private let key = Mutex<[UInt8]?>(nil)

    init(externalURL: String?, boards: Boards) {
        self.externalURL = externalURL
        self.boards = boards
    }

    func prepare(_ store: StateStore) throws {
        guard externalURL != nil else { return }
        let stored = try store.secrets.signingKey()
        key.withLock { $0 = stored }
    }

    func extras(for notification: Notification, chart: Bool) -> NotificationExtras {
        var extras = NotificationExtras()
        if let externalURL, let key = key.withLock({ $0 }), !notification.rule.hasPrefix("feed-stale:") {
            let link = SilenceLink(rule: notification.rule, duration: Self.silenceFor, expires: notification.at + Self.linkLifetime)
            extras.silenceURL = externalURL + "/silence?" + link.query(key: key)
        }
        if chart { extras.chart = self.chart(for: notification) }
        return extras
    }

    /// The chart of the notification's metric over the 24 hours up to it, with its rule's levels
    /// and the period it fired; nil when the metric has no recorded minute.
    func chart(for notification: Notification) -> [UInt8]? {
        let levels = boards.rules.overview(named: notification.rule)?.levels ?? []
        return Self.chart(metric: notification.metric, source: nil, levels: levels,
                          firing: [ChartSpan(from: notification.startsAt, to: notification.at)],
                          title: "\(notification.rule): \(notification.metric)", to: notification.at, series: boards.series)
    }

    /// A PNG of `metric` over the 24 hours up to `to`, with `levels` as lines and `firing`
    /// shaded; nil when the metric has no recorded minute then.
    static func chart(metric: String, source: String?, levels: [Double], firing: [ChartSpan], title: String, to: Timestamp,
                      series: SeriesBoard) -> [UInt8]? {
        let points = series.series(metric: metric, source: source, since: to - .hours(24), now: to)
        guard !points.isEmpty else { return nil }
        let from = ChartSpec.start(of: points, spans: firing, to: to, range: .hours(24), minimum: EndpointPages.chartMinimumSpan)
        let spec = ChartSpec(points: points, from: from, to: to,
                             lines: levels.map { ChartLine(value: $0, label: DisplayNumber.format($0)) }, spans: firing, title: title)
        return PNGChart.render(spec, width: chartSize.width, height: chartSize.height)
    }
}
