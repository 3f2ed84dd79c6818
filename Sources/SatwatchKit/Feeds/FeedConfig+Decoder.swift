extension FeedConfig {
    /// A fresh decoder for this feed's frames.
    public func makeDecoder() -> any FrameDecoder {
        switch kind {
        case .mempool: MempoolDecoder()
        case .coinbase: CoinbaseDecoder(products: pairs)
        case .kraken: KrakenDecoder(symbols: pairs)
        case .coinmetrics: CoinMetricsDecoder()
        }
    }
}
