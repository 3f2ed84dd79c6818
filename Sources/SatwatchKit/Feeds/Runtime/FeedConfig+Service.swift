extension FeedConfig {
    /// The service that keeps this feed flowing into `sink`: a polled HTTP feed for Coin Metrics,
    /// a supervised WebSocket for the others. With `backlog`, a feed waits for its turn there
    /// before handing over each frame (whoever consumes `sink` marks frames done there).
    func service(health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog? = nil,
                 sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        switch kind {
        case .coinmetrics: CoinMetricsFeed(config: self, health: health, logger: logger, backlog: backlog, sink: sink)
        case .mempool, .coinbase, .kraken: WebSocketFeed(config: self, health: health, logger: logger, backlog: backlog, sink: sink)
        }
    }
}
