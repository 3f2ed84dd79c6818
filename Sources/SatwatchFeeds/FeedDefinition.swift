import SatwatchBase

/// One kind of feed, all in one type: its config key and its own settings (`Settings`), what it
/// publishes (for `check`), how it is reached (a WebSocket stream or a poller) and how its frames
/// decode. A new feed is one folder, `Kinds/<Name>/`: its conforming type with its settings
/// type, its decoder and the runtime pieces only it uses, listed in `FeedKinds.all`; its tests
/// in the matching `Tests/SatwatchTests/Feeds/Kinds/<Name>/`.
package protocol FeedDefinition: Sendable {
    /// What the feed reads from its config object beyond what every feed takes.
    associatedtype Settings: FeedSettings & Equatable

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
    /// The families of metrics named after its settings that it publishes (`dvol.<currency>`).
    static var metricFamilies: [MetricFamily] { get }
    /// Whether its samples are daily values (Coin Metrics): they seed daily closes as history
    /// and never count as today's running close.
    static var publishesDailyValues: Bool { get }
    /// Its settings when the config says nothing (and for a recording replayed without its feed).
    static var defaultSettings: Settings { get }

    /// Reads its own settings: every key of its config object but `url`, `ca_file`, `proxy`,
    /// `stale_after` and `max_frame`, which `feed` already holds. Reports problems at their place.
    static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> Settings
    /// How long without data before it counts as stale, when `stale_after` is not set.
    static func defaultStaleAfter(_ settings: Settings) -> TimeSpan
    /// Whether it can publish the price `base.quote` once configured to (for `check`'s hints).
    static func canPublish(base: String, quote: String) -> Bool
    /// The prices it publishes as configured (`btc.usd`, `eth.eur`).
    static func priceMetrics(_ settings: Settings) -> [String]
    /// The metrics of its families it publishes as configured (`dvol.btc`, `funding.btcusdt`).
    static func familyMetrics(_ settings: Settings) -> [String]
    /// What to add to its settings so it publishes `metric`, one of its families' (`"BTC-PERPETUAL"
    /// to deribit "instruments"`); nil when nothing would.
    static func familyHint(_ metric: String) -> String?
    /// For a feed without pairs: the entries it lacks to publish `base.quote` (CoinGecko:
    /// `("sol", "coins")`, `("eur", "vs")`), for `check`'s hints; empty when none would help.
    static func missingEntries(base: String, quote: String, _ settings: Settings) -> [(value: String, key: String)]
    /// A fresh decoder for its frames.
    static func makeDecoder(_ settings: Settings) -> any FrameDecoder
    /// How a stream talks: subscriptions, pings (WebSocket feeds only).
    static func wire(_ feed: FeedConfig, _ settings: Settings) -> FeedWire
    /// The service that keeps it flowing into `sink`.
    static func makeService(_ feed: FeedConfig, _ settings: Settings, health: FeedHealthBoard, logger: Logger,
                            backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service
}

extension FeedDefinition {
    package static var isPolled: Bool { false }
    package static var pairSpelling: PairSpelling? { nil }
    package static var fixedMetrics: [MetricDescriptor] { [] }
    package static var metricFamilies: [MetricFamily] { [] }
    package static func familyMetrics(_ settings: Settings) -> [String] { [] }
    package static func familyHint(_ metric: String) -> String? { nil }
    package static var publishesDailyValues: Bool { false }
    package static func canPublish(base: String, quote: String) -> Bool { pairSpelling != nil }
    package static func missingEntries(base: String, quote: String, _ settings: Settings) -> [(value: String, key: String)] { [] }

    package static func wire(_ feed: FeedConfig, _ settings: Settings) -> FeedWire {
        FeedWire(openingMessages: [], ping: nil, quietBeforePing: feed.staleAfter, pongTimeout: .zero, isPong: { _ in false })
    }

    package static func makeService(_ feed: FeedConfig, _ settings: Settings, health: FeedHealthBoard, logger: Logger,
                                    backlog: FrameBacklog?, sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        WebSocketFeed(config: feed, health: health, logger: logger, backlog: backlog, sink: sink)
    }
}

extension FeedDefinition where Settings == NoFeedSettings {
    package static var defaultSettings: NoFeedSettings { NoFeedSettings() }
    package static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> NoFeedSettings { NoFeedSettings() }
    package static func priceMetrics(_ settings: NoFeedSettings) -> [String] { [] }
}

extension FeedDefinition where Settings == PairSettings {
    package static var defaultSettings: PairSettings { PairSettings(example: pairSpelling!) }
    package static func readSettings(_ object: inout ConfigObject, feed: FeedConfig) -> PairSettings {
        PairSettings(reading: &object, spelling: pairSpelling!, feed: kind)
    }
    package static func priceMetrics(_ settings: PairSettings) -> [String] { settings.pairs.map(\.metric) }
}

/// The definition's requirements with its settings read out of a `FeedConfig`: what the rest of
/// the worker calls on `FeedKind.definition`, which does not know the settings' type.
extension FeedDefinition {
    /// `feed`'s settings as this definition's type.
    package static func settings(of feed: FeedConfig) -> Settings { feed.settings(Settings.self) }
    /// The defaults, type-erased.
    package static var erasedDefaultSettings: any FeedSettings { defaultSettings }
    /// Reads the settings from `object` (see `readSettings(_:feed:)`), type-erased.
    package static func erasedSettings(reading object: inout ConfigObject, feed: FeedConfig) -> any FeedSettings {
        readSettings(&object, feed: feed)
    }
    package static func defaultStaleAfter(of feed: FeedConfig) -> TimeSpan { defaultStaleAfter(settings(of: feed)) }
    package static func priceMetrics(of feed: FeedConfig) -> [String] { priceMetrics(settings(of: feed)) }
    package static func familyMetrics(of feed: FeedConfig) -> [String] { familyMetrics(settings(of: feed)) }
    package static func missingEntries(base: String, quote: String, of feed: FeedConfig) -> [(value: String, key: String)] {
        missingEntries(base: base, quote: quote, settings(of: feed))
    }
    package static func decoder(of feed: FeedConfig) -> any FrameDecoder { makeDecoder(settings(of: feed)) }
    package static func wire(of feed: FeedConfig) -> FeedWire { wire(feed, settings(of: feed)) }
    package static func service(of feed: FeedConfig, health: FeedHealthBoard, logger: Logger, backlog: FrameBacklog?,
                                sink: @escaping @Sendable (RecordedFrame) -> Void) -> any Service {
        makeService(feed, settings(of: feed), health: health, logger: logger, backlog: backlog, sink: sink)
    }
}
