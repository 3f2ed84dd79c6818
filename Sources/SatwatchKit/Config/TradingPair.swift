/// A market an exchange feed follows, e.g. Coinbase `ETH-USD` or Kraken `XBT/EUR`: the one
/// place where a pair is read, shared by the config, the decoders and the subscribe messages.
/// It publishes `<asset>.<quote>` in lowercase, Kraken's `XBT` read as `btc` (`eth.usd`,
/// `btc.eur`).
public struct TradingPair: Sendable, Hashable {
    /// The pair exactly as the exchange spells it and as it is subscribed, e.g. `XBT/USD`.
    public let symbol: String
    /// The asset priced, lowercase, e.g. `btc`.
    public let base: String
    /// The currency it is priced in, lowercase, e.g. `usd`.
    public let quote: String

    /// The metric the pair's ticker publishes, e.g. `btc.usd`.
    public var metric: String { "\(base).\(quote)" }

    /// Reads `symbol` as `feed` writes pairs (`BTC-USD` for Coinbase, `BTC/USD` or `XBT/USD`
    /// for Kraken); nil when it is not such a pair (see ``problem(_:feed:)`` for why).
    public init?(_ symbol: String, feed: FeedKind) {
        guard let separator = Self.separator(of: feed) else { return nil }
        let parts = symbol.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy(Self.isAssetCode) else { return nil }
        let assets = parts.map { feed == .kraken && $0 == "XBT" ? "btc" : $0.lowercased() }
        // Coinbase lists bitcoin as BTC only; an XBT product would be refused at subscribe time.
        guard assets[0] != assets[1], feed == .kraken || !parts.contains("XBT") else { return nil }
        self.symbol = symbol
        base = assets[0]
        quote = assets[1]
    }

    /// Why `symbol` is not a pair of `feed`, with the spelling it probably meant; nil when it is.
    public static func problem(_ symbol: String, feed: FeedKind) -> String? {
        guard TradingPair(symbol, feed: feed) == nil, let separator = separator(of: feed) else { return nil }
        let word = feed == .kraken ? "symbol" : "product"
        let example = feed == .kraken ? "BTC/USD" : "BTC-USD"
        var message = "invalid \(word) \"\(symbol)\" (write ASSET\(separator)QUOTE in capitals, e.g. \"\(example)\")"
        if let guess = guess(symbol, feed: feed, separator: separator) {
            message = "invalid \(word) \"\(symbol)\" (did you mean \"\(guess)\"?)"
        }
        let assets = symbol.uppercased().split(separator: separator).map { $0 == "XBT" ? "BTC" : $0 }
        if assets.count == 2, assets[0] == assets[1] {
            message = "invalid \(word) \"\(symbol)\": it prices an asset in itself"
        }
        return message
    }

    /// The same letters in capitals with the feed's separator (`btc_eur` → `BTC-EUR`, `BTCUSD`
    /// → `BTC-USD`, Coinbase `XBT-USD` → `BTC-USD`), when that reads as a pair.
    private static func guess(_ symbol: String, feed: FeedKind, separator: Character) -> String? {
        var parts = symbol.uppercased().split(whereSeparator: { "-/_:. ".contains($0) }).map(String.init)
        if parts.count == 1, parts[0].count == 6 { parts = [String(parts[0].prefix(3)), String(parts[0].suffix(3))] }
        if feed == .coinbase { parts = parts.map { $0 == "XBT" ? "BTC" : $0 } }
        let candidate = parts.joined(separator: String(separator))
        return TradingPair(candidate, feed: feed) == nil ? nil : candidate
    }

    /// `-` for Coinbase, `/` for Kraken; nil for feeds that take no pairs.
    private static func separator(of feed: FeedKind) -> Character? {
        switch feed {
        case .coinbase: "-"
        case .kraken: "/"
        case .mempool, .coinmetrics: nil
        }
    }

    /// 2 to 10 capital letters or digits, the shape of exchange asset codes (`BTC`, `USDT`, `1INCH`).
    private static func isAssetCode(_ code: Substring) -> Bool {
        (2...10).contains(code.count) && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
