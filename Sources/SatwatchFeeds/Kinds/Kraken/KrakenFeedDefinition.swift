import SatwatchBase

extension FeedKind {
    /// Kraken tickers over WebSocket (API v2), for the configured `symbols`.
    package static let kraken = FeedKind(defining: "kraken")
}

/// The Kraken ticker feed.
enum KrakenFeedDefinition: FeedDefinition {
    typealias Settings = PairSettings

    static var kind: FeedKind { .kraken }
    static var defaultURL: String { "wss://ws.kraken.com/v2" }
    /// Kraken's legacy `XBT` is bitcoin.
    static var pairSpelling: PairSpelling? {
        PairSpelling(key: "symbols", noun: "symbol", separator: "/", aliases: ["XBT": "btc"], example: "BTC/USD")
    }

    /// Heartbeats arrive every second.
    static func defaultStaleAfter(_ settings: PairSettings) -> TimeSpan { .seconds(30) }

    static func makeDecoder(_ settings: PairSettings) -> any FrameDecoder { KrakenDecoder(symbols: settings.pairs) }

    /// Subscribes after each connect, pings a quiet stream; a symbol Kraken refuses is reported
    /// once (see `KrakenDecoder.notices`).
    static func wire(_ feed: FeedConfig, _ settings: PairSettings) -> FeedWire {
        var wire = FeedWire(openingMessages: [KrakenDecoder.subscribeMessage(symbols: settings.pairs)], ping: KrakenDecoder.pingMessage,
                            quietBeforePing: min(.seconds(10), feed.staleAfter), pongTimeout: .seconds(5), isPong: KrakenDecoder.isPong)
        wire.notices = KrakenDecoder.notices
        return wire
    }
}
