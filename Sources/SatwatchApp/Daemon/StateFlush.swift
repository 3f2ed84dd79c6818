import SatwatchBase
import SatwatchRules
import SatwatchState

/// What the evaluator saves every minute and at shutdown: every rule's last state, the latest
/// metric values (for `status`), the `change` histories' points, and the daily closes and
/// metric series minutes the file does not have yet.
struct StateFlush: Sendable {
    var states: [String: RuleState]
    var metrics: [Sample]
    var history: [String: [HistoryPoint]]
    var keepingFrom: [String: Timestamp]
    var at: Timestamp
    /// Daily closes to upsert, by key (`DailyCloses.unsavedCloses`).
    var closes: [String: [(day: Int64, value: Double)]] = [:]
    /// Per key a window reads, the oldest day it holds (`DailyCloses.oldestDay`): kept even when
    /// older than `DailyCloseStore.keptDays` allows.
    var closesKeepingFrom: [String: Int64] = [:]
    /// Series minutes recorded since the last flush (`SeriesBoard.takeChanged`).
    var series: [MetricKey: [SeriesBucket]] = [:]
    /// The oldest minute the file keeps; older series rows are deleted.
    var seriesKeepingFrom: Int64 = .min

    /// One flush that stores what both would: the newer states and metrics, every history point,
    /// close and series minute (the newer last, so a day or minute saved twice keeps the newer
    /// value).
    func merged(with newer: StateFlush) -> StateFlush {
        StateFlush(states: newer.states, metrics: newer.metrics,
                   history: history.merging(newer.history) { $0 + $1 }, keepingFrom: newer.keepingFrom, at: newer.at,
                   closes: closes.merging(newer.closes) { $0 + $1 }, closesKeepingFrom: newer.closesKeepingFrom,
                   series: series.merging(newer.series) { $0 + $1 }, seriesKeepingFrom: newer.seriesKeepingFrom)
    }

    /// Saves everything in one write transaction (each part's own joins it): one commit a
    /// minute, and a failed flush leaves nothing half-written for its retry to redo.
    func save(to store: StateStore) throws {
        try store.inTransaction {
            try store.ruleStates.save(states, at: at)
            try store.latestValues.save(metrics)
            try store.changeHistory.save(history, keepingFrom: keepingFrom)
            try store.dailyCloses.save(closes, keepingFrom: closesKeepingFrom, today: at.utcDay)
            try store.series.save(series, keepingFrom: seriesKeepingFrom)
        }
    }
}
