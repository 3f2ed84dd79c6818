import SatwatchBase

/// One kind of feed, all in one type: its config key and settings, what it publishes (for
/// `check`), how it is reached (a WebSocket stream or a poller) and how its frames decode. A new
/// feed is one conforming type in `Feeds/Kinds/`, listed in `FeedKinds.all`, plus its decoder.
package protocol FeedDefinition: Sendable {
    /// Its key under `feeds` in the config, and its `source` in samples.
    static var kind: FeedKind { get }
    /// The public endpoint used when the config gives no `url`.
    static var defaultURL: String { get }
    /// Whether it is polled over HTTP(S) (false: a WebSocket stream).
    static var isPolled: Bool { get }
    /// How markets are spelt in its config (`products: ["ETH-USD"]`); nil for feeds that take none.
    static var pairSpelling: PairSpelling? { get }
    /// The catalog metrics it publishes besides prices (`fee.fastest`, `mvrv`).
    static var fixedMetrics: [MetricDescriptor] { get }
    /// Whether its samples are daily values (Coin Metrics): they seed daily closes as history
    /// and never count as today's running close.
    static var publishesDailyValues: Bool { get }

    /// How long without data before it counts as stale, when `stale_after` is not set.
    static func defaultStaleAfter(_ feed: FeedConfig) -> TimeSpan
    /// Reads the settings of its own (`every`, …) beyond `url`, `ca_file`, `stale_after`,
    /// `max_frame` and its pairs, reporting problems at their place.
    static func readSettings(_ settings: inout ConfigObject, into feed: inout FeedConfig)
    /// Whether it can publish the price `base.quote` once configured to (for `check`'s hints).
    static func canPublish(base: String, quote: String) -> Bool
    /// The prices it publishes as configured (`btc.usd`, `eth.eur`).
    static func priceMetrics(_ feed: FeedConfig) -> [String]
    /// For a feed without pairs: the entries `feed` lacks to publish `base.quote` (CoinGecko:
    /// `("sol", "coins")`, `("eur", "vs")`), for `check`'s hints; empty when none would help.
    static func missingEntries(base: String, quote: String, _ feed: FeedConfig) -> [(value: String, key: String)]
    /// A fresh decoder for its frames.
    static func makeDecoder(_ feed: FeedConfig) -> any FrameDecoder
    /// How a stream talks: subscriptions, pings (WebSocket feeds only).
    static func wire(_ feed: FeedConfig) -> FeedWire
    /// The service that keeps it flowing into `sink`.
    static func makeService(_ feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                            sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service
}

extension FeedDefinition {
    static var isPolled: Bool { false }
    static var pairSpelling: PairSpelling? { nil }
    static var fixedMetrics: [MetricDescriptor] { [] }
    static var publishesDailyValues: Bool { false }
    static func readSettings(_ settings: inout ConfigObject, into feed: inout FeedConfig) {}
    static func canPublish(base: String, quote: String) -> Bool { pairSpelling != nil }
    static func priceMetrics(_ feed: FeedConfig) -> [String] { feed.pairs.map(\.metric) }
    static func missingEntries(base: String, quote: String, _ feed: FeedConfig) -> [(value: String, key: String)] { [] }

    static func wire(_ feed: FeedConfig) -> FeedWire {
        FeedWire(openingMessages: [], ping: nil, quietBeforePing: feed.staleAfter, pongTimeout: .zero, isPong: { _ in false })
    }

    static func makeService(_ feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                            sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        WebSocketFeed(config: feed, health: health, logger: logger, backlog: backlog, sink: sink)
    }
}
