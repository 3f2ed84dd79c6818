/// A market an exchange feed follows, e.g. Coinbase `ETH-USD` or Kraken `XBT/EUR`: the one
/// place where a pair is read, shared by the config, the decoders and the subscribe messages.
/// It publishes `<asset>.<quote>` in lowercase, Kraken's `XBT` read as `btc` (`eth.usd`,
/// `btc.eur`).
package struct TradingPair: Sendable, Hashable {
    /// The pair exactly as the exchange spells it and as it is subscribed, e.g. `XBT/USD`.
    package let symbol: String
    /// The asset priced, lowercase, e.g. `btc`.
    package let base: String
    /// The currency it is priced in, lowercase, e.g. `usd`.
    package let quote: String

    /// The metric the pair's ticker publishes, e.g. `btc.usd`.
    package var metric: String { "\(base).\(quote)" }

    /// Reads `symbol` as `feed` writes pairs (`BTC-USD` for Coinbase, `BTC/USD` or `XBT/USD`
    /// for Kraken); nil when it is not such a pair (see ``problem(_:feed:)`` for why).
    package init?(_ symbol: String, feed: FeedKind) {
        guard let spelling = feed.definition.pairSpelling else { return nil }
        self.init(symbol, spelling: spelling)
    }

    /// Reads `symbol` as `spelling` writes pairs.
    package init?(_ symbol: String, spelling: PairSpelling) {
        guard let parts = Self.split(symbol, spelling), parts.allSatisfy(Self.isAssetCode),
              !parts.contains(where: { spelling.refused.contains(String($0)) }) else { return nil }
        let assets = parts.map { spelling.aliases[String($0)] ?? $0.lowercased() }
        guard assets[0] != assets[1] else { return nil }
        self.symbol = symbol
        base = assets[0]
        quote = assets[1]
    }

    /// The asset and quote codes of `symbol`: around the separator, or split off a known quote.
    private static func split(_ symbol: String, _ spelling: PairSpelling) -> [Substring]? {
        if let separator = spelling.separator {
            let parts = symbol.split(separator: separator, omittingEmptySubsequences: false)
            return parts.count == 2 ? parts : nil
        }
        guard let quote = spelling.quotes.first(where: { symbol.hasSuffix($0) && symbol.count > $0.count }) else { return nil }
        return [symbol.dropLast(quote.count), symbol.suffix(quote.count)]
    }

    /// Why `symbol` is not a pair of `feed`, with the spelling it probably meant; nil when it is.
    package static func problem(_ symbol: String, feed: FeedKind) -> String? {
        guard let spelling = feed.definition.pairSpelling, TradingPair(symbol, spelling: spelling) == nil else { return nil }
        let word = spelling.noun
        let shape = spelling.separator.map { "ASSET\($0)QUOTE" } ?? "ASSETQUOTE"
        var message = "invalid \(word) \"\(symbol)\" (write \(shape) in capitals, e.g. \"\(spelling.example)\")"
        if let guess = guess(symbol, spelling) {
            message = "invalid \(word) \"\(symbol)\" (did you mean \"\(guess)\"?)"
        }
        let assets = (split(symbol.uppercased(), spelling) ?? []).map { spelling.aliases[String($0)] ?? $0.lowercased() }
        if assets.count == 2, assets[0] == assets[1] {
            message = "invalid \(word) \"\(symbol)\": it prices an asset in itself"
        }
        return message
    }

    /// The same letters in capitals with the feed's separator (`btc_eur` → `BTC-EUR`, `BTCUSD`
    /// → `BTC-USD`, Coinbase `XBT-USD` → `BTC-USD`), when that reads as a pair.
    private static func guess(_ symbol: String, _ spelling: PairSpelling) -> String? {
        var parts = symbol.uppercased().split(whereSeparator: { "-/_:. ".contains($0) }).map(String.init)
        if parts.count == 1, parts[0].count == 6 { parts = [String(parts[0].prefix(3)), String(parts[0].suffix(3))] }
        parts = parts.map { spelling.refused.contains($0) ? (Self.otherNames[$0] ?? $0) : $0 }
        let candidate = parts.joined(separator: spelling.separator.map(String.init) ?? "")
        return TradingPair(candidate, spelling: spelling) == nil ? nil : candidate
    }

    /// What an exchange that refuses a code probably means by it (Coinbase has no `XBT`).
    private static let otherNames = ["XBT": "BTC"]

    /// 2 to 10 capital letters or digits, the shape of exchange asset codes (`BTC`, `USDT`, `1INCH`).
    private static func isAssetCode(_ code: Substring) -> Bool {
        (2...10).contains(code.count) && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}
