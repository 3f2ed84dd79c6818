/// The feeds satwatch knows. A feed is enabled by its key being present under `feeds` in the
/// config; the key is its kind.
public enum FeedKind: String, Sendable, CaseIterable, Comparable {
    case mempool, coinbase, kraken, coinmetrics

    /// The public endpoint used when the config gives no `url`.
    /// Whether its samples are daily values (Coin Metrics): they seed daily closes as history
    /// and never count as today's running close.
    var publishesDailyValues: Bool { self == .coinmetrics }

    public var defaultURL: String {
        switch self {
        case .mempool: "wss://mempool.space/api/v1/ws"
        case .coinbase: "wss://ws-feed.exchange.coinbase.com"
        case .kraken: "wss://ws.kraken.com/v2"
        case .coinmetrics: "https://community-api.coinmetrics.io/v4"
        }
    }

    /// How long without data before the feed counts as stale, when `stale_after` is not set.
    /// mempool pushes stats every few seconds; Coinbase and Kraken send heartbeats every second;
    /// Coin Metrics is polled (`every`, default 1h), so it is stale after three missed polls.
    public func defaultStaleAfter(every: TimeSpan = .hours(1)) -> TimeSpan {
        switch self {
        case .mempool: .seconds(60)
        case .coinbase, .kraken: .seconds(30)
        case .coinmetrics: every * 3
        }
    }

    public static func < (lhs: FeedKind, rhs: FeedKind) -> Bool { lhs.rawValue < rhs.rawValue }
}
