import SatwatchBase
import SatwatchCharts
import SatwatchRules
import SatwatchState

extension EndpointPages {
    /// How far back the page's charts and notifications reach.
    static let dashboardRange = TimeSpan.hours(24)
    /// The shortest time axis a chart shows while its data covers less than the range.
    static let chartMinimumSpan = TimeSpan.minutes(10)
    /// The most notifications the page lists.
    static let dashboardNotifications = 50

    /// What the page shows now.
    func dashboardData(now: Timestamp) -> DashboardData {
        let since = now - Self.dashboardRange
        var storeError: String?
        let (log, silences): ([LoggedNotification], [Silence])
        var deliveries: [DashboardData.Delivery] = []
        do {
            (log, silences) = try store.use { store in
                (try store.notificationLog.entries(since: since, completing: Self.dashboardNotifications), try store.silences.list(endingAfter: now))
            }
        } catch {
            (log, silences) = ([], [])
            storeError = redactor.redact("\(error)")
        }
        do {
            deliveries = try store.use { store in
                let counts = try store.outbox.counts()
                return try Set(queues.keys).union(counts.keys).sorted().map { name in
                    var next = (counts[name]?.pending ?? 0) > 0 ? try store.outbox.nextDueEntry(channel: name) : nil
                    if let error = next?.lastError { next?.lastError = redactor.redact(error) }
                    return DashboardData.Delivery(name: name, summary: queues[name] ?? "no longer configured",
                                                  counts: counts[name] ?? OutboxCounts(), next: next)
                }
            }
        } catch {
            storeError = storeError ?? redactor.redact("\(error)")
        }
        let byRule = Dictionary(grouping: log, by: \.notification.rule)
        var inactive = 0
        let rules = boards.rules.overview.map { overview in
            // Only the first inactive rules get a card (`DashboardPage.inactiveCards`): the
            // others' series are not read.
            if overview.state.status == .inactive { inactive += 1 }
            let drawn = overview.state.status != .inactive || inactive <= DashboardPage.inactiveCards
            return DashboardData.Rule(overview: overview, line: StatusRuleLine(name: overview.name, state: overview.state, disabled: false),
                                      points: drawn ? boards.series.series(metric: overview.metric, source: overview.source,
                                                                           since: since, now: now) : [],
                                      firing: drawn ? Self.firingSpans(of: overview, in: byRule[overview.name] ?? [], now: now) : [])
        }
        var data = DashboardData(feeds: feedStates(now: now).map { feed, health, fresh in
                                 DashboardData.Feed(name: feed.kind.rawValue, fresh: fresh, lastFrameAt: health?.lastFrameAt,
                                                    error: health?.lastError.map(redactor.redact))
                             },
                             rules: rules, notifications: Array(log.reversed().prefix(Self.dashboardNotifications)),
                             silences: silences, canWrite: settings.token != nil, storeError: storeError, now: now)
        data.deliveries = deliveries
        data.reloadRejection = boards.reloads.rejection.map { .init(at: $0.at, problem: redactor.redact($0.problem)) }
        return data
    }

    /// When `rule` fired within `log`: from each firing to its resolve, and from the current
    /// firing to now.
    static func firingSpans(of rule: RuleOverview, in log: [LoggedNotification], now: Timestamp) -> [ChartSpan] {
        var spans: [ChartSpan] = []
        var open: Timestamp?
        for entry in log where entry.notification.rule == rule.name {
            let notification = entry.notification
            switch notification.status {
            case .firing: open = open ?? notification.startsAt
            case .resolved:
                spans.append(ChartSpan(from: open ?? notification.startsAt, to: notification.at))
                open = nil
            }
        }
        if rule.state.status == .firing { spans.append(ChartSpan(from: rule.state.firedAt ?? open ?? now, to: now)) }
        return spans
    }
}
