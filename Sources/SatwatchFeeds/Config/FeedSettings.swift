import SatwatchBase

/// A feed's own settings, beyond the ones every feed takes (`url`, `stale_after`, `ca_file`,
/// `max_frame`): each kind's definition reads its own type from the config and is the only code
/// that looks inside it; `FeedConfig` carries it without knowing what it holds.
package protocol FeedSettings: Sendable {
    /// The values among them that are secrets (an API key), for the config's redactor.
    var secrets: [String] { get }
    /// Whether `other` holds the same settings: a reload restarts a feed only when they differ.
    func isEqual(to other: any FeedSettings) -> Bool
}

extension FeedSettings {
    package var secrets: [String] { [] }
}

extension FeedSettings where Self: Equatable {
    package func isEqual(to other: any FeedSettings) -> Bool { (other as? Self) == self }
}

/// The settings of a feed that takes none of its own.
package struct NoFeedSettings: FeedSettings, Equatable {
    package init() {}
}

/// An exchange feed's markets: Coinbase `products`, Kraken and Binance `symbols`, read with the
/// feed's `PairSpelling`.
package struct PairSettings: FeedSettings, Equatable {
    /// The markets followed, in the order configured.
    package var pairs: [TradingPair]

    package init(_ pairs: [TradingPair]) { self.pairs = pairs }

    /// The exchange's example pair (`BTC-USD` on Coinbase), when the config names none.
    package init(example spelling: PairSpelling) { self.init([TradingPair(spelling.example, spelling: spelling)!]) }

    /// Reads the list under the spelling's key, reporting each entry that is not a pair of that
    /// exchange (with its likely spelling) and each that repeats an earlier one's metric; the
    /// example pair when the key is absent or lists nothing valid.
    package init(reading object: inout ConfigObject, spelling: PairSpelling, feed: FeedKind) {
        self.init(example: spelling)
        let key = spelling.key
        guard let list = object.strings(key) else { return }
        if list.isEmpty {
            object.report(key, "\"\(key)\" must list at least one entry")
            return
        }
        let nodes = object.member(key)?.node.array ?? []
        var pairs: [TradingPair] = []
        for (text, node) in zip(list, nodes) {
            guard let pair = TradingPair(text, spelling: spelling) else {
                object.report(at: node.location, TradingPair.problem(text, feed: feed) ?? "invalid pair \"\(text)\"")
                continue
            }
            if let earlier = pairs.first(where: { $0.metric == pair.metric }) {
                object.report(at: node.location, "\"\(text)\" publishes \"\(pair.metric)\" like \"\(earlier.symbol)\" before it")
                continue
            }
            pairs.append(pair)
        }
        self.pairs = pairs
    }
}
