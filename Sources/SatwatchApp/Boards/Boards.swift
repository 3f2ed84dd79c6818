import SatwatchBase
import SatwatchDelivery
import SatwatchFeeds
import SatwatchState

/// The live state the HTTP endpoint reads, shared across reloads.
struct Boards: Sendable {
    let health: FeedHealthBoard
    let metrics: MetricBoard
    let rules: RuleStateBoard
    let deliveries: DeliveryCounters
    let histories: HistoryHandover
    let store: StoreHealthBoard
    let startedAt: Timestamp
    /// Created with the worker's first (successful) load; SIGHUP reloads update it.
    let reloads = ConfigReloadBoard()
    /// Every metric's last 24 h a minute apiece, for the page, the API and charts; kept across
    /// reloads, saved with the evaluator's flush and taken up from the state file at start.
    let series = SeriesBoard()
    /// How the firing alerts read now, for Alertmanager's re-sends.
    let firing = FiringBoard()
    /// Rung once the evaluator has taken up what the state file kept (charts, histories), so the
    /// worker says `started` only when its page and API show them.
    let historyRestored = Doorbell()
}
