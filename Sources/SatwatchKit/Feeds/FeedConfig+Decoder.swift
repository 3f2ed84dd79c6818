extension FeedConfig {
    /// A fresh decoder for this feed's frames.
    public func makeDecoder() -> any FrameDecoder {
        switch kind {
        case .mempool: MempoolDecoder()
        case .coinbase: CoinbaseDecoder(products: products)
        case .kraken: KrakenDecoder(symbols: symbols)
        case .coinmetrics: CoinMetricsDecoder()
        }
    }
}
