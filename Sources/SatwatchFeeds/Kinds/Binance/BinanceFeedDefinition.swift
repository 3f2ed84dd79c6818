import SatwatchBase

extension FeedKind {
    /// Binance spot trades over WebSocket (combined `@trade` streams), for the configured `symbols`.
    package static let binance = FeedKind(defining: "binance")
}

/// The Binance spot trade feed.
enum BinanceFeedDefinition: FeedDefinition {
    typealias Settings = PairSettings

    static var kind: FeedKind { .binance }
    static var defaultURL: String { "wss://stream.binance.com:9443/stream" }
    /// Binance writes pairs without a separator (`BTCUSDT`): the quote is split off the end.
    static var pairSpelling: PairSpelling? {
        PairSpelling(key: "symbols", noun: "symbol", separator: nil, quotes: BinanceDecoder.quoteAssets, example: "BTCUSDT")
    }

    /// The most streams Binance serves on one connection.
    static let maxStreams = 1024

    /// A trade stream has no heartbeat: silence means no trades. BTCUSDT (the default) trades
    /// several times a second around the clock, so a minute of nothing is an outage; it also
    /// leaves room for quieter pairs, whose gaps run to tens of seconds (the feed is stale only
    /// when all its pairs are quiet). A dead connection is found sooner by the ping below.
    static func defaultStaleAfter(_ settings: PairSettings) -> TimeSpan { .seconds(60) }

    /// `symbols`, refusing more than one connection carries, and a `url` that names streams
    /// itself (they are built from `symbols`).
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> PairSettings {
        let settings = PairSettings(reading: &object, spelling: pairSpelling!, feed: kind)
        if settings.pairs.count > maxStreams {
            object.report("symbols", "Binance serves at most \(maxStreams) streams on one connection; \"symbols\" lists \(settings.pairs.count)")
        }
        if feed.url.contains("streams=") {
            object.report("url", "\"url\" must not name streams: they are built from \"symbols\"")
        }
        return settings
    }

    /// Only prices in Binance's quote assets exist there (no `btc.usd`).
    static func canPublish(base: String, quote: String) -> Bool {
        BinanceDecoder.quoteAssets.contains(quote.uppercased())
    }

    static func makeDecoder(_ settings: PairSettings) -> any FrameDecoder { BinanceDecoder(symbols: settings.pairs) }

    /// The streams go in the URL, so a connection is subscribed from its first frame and a
    /// reconnect subscribes again by itself; nothing is sent after connecting. A quiet stream is
    /// probed with LIST_SUBSCRIPTIONS. Binance ends every connection at 24 h: it is renewed at
    /// 23 h, as planned and not as an outage.
    static func wire(_ feed: FeedConfig, _ settings: PairSettings) -> FeedWire {
        var wire = FeedWire(openingMessages: [], ping: BinanceDecoder.pingMessage, quietBeforePing: min(.seconds(30), feed.staleAfter),
                            pongTimeout: .seconds(10), isPong: BinanceDecoder.isPong)
        wire.url = BinanceDecoder.streamsURL(feed.url, symbols: settings.pairs)
        wire.maxConnectionAge = .hours(23)
        return wire
    }
}
