import SatwatchBase

extension FeedKind {
    /// Coinbase Exchange tickers over WebSocket, for the configured `products`.
    package static let coinbase = FeedKind(defining: "coinbase")
}

/// The Coinbase Exchange ticker feed.
enum CoinbaseFeedDefinition: FeedDefinition {
    typealias Settings = PairSettings

    static var kind: FeedKind { .coinbase }
    static var defaultURL: String { "wss://ws-feed.exchange.coinbase.com" }
    /// Coinbase lists bitcoin as BTC only; an XBT product would be refused at subscribe time.
    static var pairSpelling: PairSpelling? {
        PairSpelling(key: "products", noun: "product", separator: "-", refused: ["XBT"], example: "BTC-USD")
    }

    /// Heartbeats arrive every second.
    static func defaultStaleAfter(_ settings: PairSettings) -> TimeSpan { .seconds(30) }

    static func makeDecoder(_ settings: PairSettings) -> any FrameDecoder { CoinbaseDecoder(products: settings.pairs) }

    /// Heartbeats arrive every second, so a silent stream is dead (no ping). Coinbase drops a
    /// client that has not subscribed within 5 s, so the subscribe goes out first thing. A
    /// product Coinbase refuses is reported once (see `CoinbaseDecoder.notices`).
    static func wire(_ feed: FeedConfig, _ settings: PairSettings) -> FeedWire {
        var wire = FeedWire(openingMessages: [CoinbaseDecoder.subscribeMessage(products: settings.pairs)], ping: nil,
                            quietBeforePing: min(.seconds(10), feed.staleAfter), pongTimeout: .zero, isPong: { _ in false })
        let products = settings.pairs.map(\.symbol)
        wire.notices = { CoinbaseDecoder.notices($0, products: products) }
        return wire
    }
}
