import SatwatchBase

extension FeedKind {
    /// Kraken tickers over WebSocket (API v2), for the configured `symbols`.
    package static let kraken = FeedKind(defining: "kraken")
}

/// The Kraken ticker feed.
enum KrakenFeedDefinition: FeedDefinition {
    static var kind: FeedKind { .kraken }
    static var defaultURL: String { "wss://ws.kraken.com/v2" }
    /// Kraken's legacy `XBT` is bitcoin.
    static var pairSpelling: PairSpelling? {
        PairSpelling(key: "symbols", noun: "symbol", separator: "/", aliases: ["XBT": "btc"], example: "BTC/USD")
    }

    /// Heartbeats arrive every second.
    static func defaultStaleAfter(_ feed: FeedConfig) -> TimeSpan { .seconds(30) }

    static func makeDecoder(_ feed: FeedConfig) -> any FrameDecoder { KrakenDecoder(symbols: feed.pairs) }

    static func wire(_ feed: FeedConfig) -> FeedWire {
        FeedWire(openingMessages: [KrakenDecoder.subscribeMessage(symbols: feed.pairs)], ping: KrakenDecoder.pingMessage,
                 quietBeforePing: min(.seconds(10), feed.staleAfter), pongTimeout: .seconds(5), isPong: KrakenDecoder.isPong)
    }
}
