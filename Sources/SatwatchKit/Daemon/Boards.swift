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
}
