extension FeedConfig {
    /// The service that keeps this feed flowing into `sink`: a polled HTTP feed for Coin Metrics,
    /// a supervised WebSocket for the others.
    public func service(health: FeedHealthBoard, logger: Logger, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        switch kind {
        case .coinmetrics: CoinMetricsFeed(config: self, health: health, logger: logger, sink: sink)
        case .mempool, .coinbase, .kraken: WebSocketFeed(config: self, health: health, logger: logger, sink: sink)
        }
    }
}
