import SatwatchBase
import SatwatchCharts
import SatwatchRules
import SatwatchState

/// Everything the page shows, gathered once per request from the boards and the state file.
package struct DashboardData: Sendable {
    /// One enabled feed and its health.
    struct Feed: Sendable {
        var name: String
        var fresh: Bool
        var lastFrameAt: Timestamp?
        var error: String?
    }

    /// One rule: its overview, how `status` words its state, its chart's series and the periods
    /// it fired in the chart's range.
    struct Rule: Sendable {
        var overview: RuleOverview
        var line: StatusRuleLine
        var points: [(at: Timestamp, value: Double)]
        var firing: [ChartSpan]
    }

    /// One delivery queue: a channel, or one peer of a channel of several (`am#2`).
    struct Delivery: Sendable {
        var name: String
        /// What it sends to, without secrets (`alertmanager 10.0.0.2:9093`).
        var summary: String
        var counts: OutboxCounts
        /// The entry due first, when one is pending.
        var next: OutboxEntry?
    }

    var feeds: [Feed]
    var rules: [Rule]
    /// Every delivery queue, by name.
    var deliveries: [Delivery] = []
    /// The last notifications, newest first, with each channel's outcome.
    var notifications: [LoggedNotification]
    /// Silences not ended yet.
    var silences: [Silence]
    /// Whether the page offers forms (`http.token` is set).
    var canWrite: Bool
    /// Why the state file could not be read, when it could not.
    var storeError: String?
    /// The last reload, when it was rejected (its problem without secrets).
    var reloadRejection: ReloadRejectionStore.Rejection?
    var now: Timestamp
}

extension DashboardData {
    /// A page of `rules`, each charting `points` (what the benchmark renders: nothing read from
    /// a state file or a board).
    package static func rules(_ rules: [RuleOverview], points: [(at: Timestamp, value: Double)], now: Timestamp) -> DashboardData {
        DashboardData(feeds: [], rules: rules.map { overview in
                          Rule(overview: overview, line: StatusRuleLine(name: overview.name, state: overview.state, disabled: false),
                               points: points, firing: [])
                      },
                      notifications: [], silences: [], canWrite: true, storeError: nil, now: now)
    }
}
