import SatwatchBase

/// The metric names a rule may use (the contract's catalog). Anything else is a `check` error.
package enum MetricCatalog {
    /// Every fixed-name metric; prices `<asset>.<quote>` are matched by `descriptor(for:)`.
    package static let fixed: [MetricDescriptor] = FeedKinds.all.flatMap { $0.fixedMetrics }

    private static let byName: [String: MetricDescriptor] =
        Dictionary(uniqueKeysWithValues: fixed.map { ($0.name, $0) })

    /// Every feed's metric families (`dvol.<currency>`), with the feed that publishes it.
    package static let families: [(family: MetricFamily, feed: FeedKind)] =
        FeedKinds.all.flatMap { definition in definition.metricFamilies.map { ($0, definition.kind) } }

    /// The descriptor for `name`, or nil when the catalog has no such metric.
    /// `<asset>.<quote>` (lowercase letters and digits, e.g. `btc.usd`, `eth.btc`, `btc.usdt`)
    /// is a price, from the feeds that can publish it (exchange pairs; mempool for BTC in its
    /// currencies).
    package static func descriptor(for name: String) -> MetricDescriptor? {
        if let known = byName[name] { return known }
        let matching = families.filter { $0.family.matches(name) }
        if let first = matching.first {
            return MetricDescriptor(name: name, unit: first.family.unit, sources: matching.map(\.feed))
        }
        guard let (base, quote) = price(of: name) else { return nil }
        let sources = FeedKinds.all.filter { $0.canPublish(base: base, quote: quote) }.map { $0.kind }
        return MetricDescriptor(name: name, unit: "\(quote.uppercased()) per \(base.uppercased())", sources: sources)
    }

    /// `("btc", "usd")` for `btc.usd`; nil when `name` is not a price name: two different codes
    /// of 2 to 10 lowercase letters or digits, the first not one of the fixed names' prefixes
    /// (so `fee.fastets` stays an unknown metric rather than a price).
    package static func price(of name: String) -> (base: String, quote: String)? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] != parts[1], !fixedPrefixes.contains(String(parts[0])),
              parts.allSatisfy(isAssetCode) else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// First parts that never start a price: the fixed names' (`fee`, `mempool`, …), the
    /// families' (`dvol`, `option`), `portfolio`, whose metrics are the config's portfolios
    /// (`portfolio.main`), and `news`, whose samples carry a source's headlines.
    private static let fixedPrefixes = Set(fixed.compactMap { $0.name.split(separator: ".").first.map(String.init) }
                                           + families.map(\.family.prefix) + ["portfolio", "news"])

    /// Whether `name` belongs to a metric family (`option.<instrument>.delta`).
    package static func isFamilyMetric(_ name: String) -> Bool { families.contains { $0.family.matches(name) } }

    /// The spelling of a family's metric that `name` probably meant: lowercase, with `_` for
    /// `-` (`option.BTC-27DEC26-100000-C.delta` → `option.btc_27dec26_100000_c.delta`); nil when
    /// that is no family's metric or `name` already is one.
    package static func familySpelling(of name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let candidate = String(name.lowercased().map { $0 == "-" ? "_" : $0 })
        guard candidate != name, isFamilyMetric(candidate) else { return nil }
        return candidate
    }

    /// Whether `code` reads as a lowercase asset or currency code (`btc`, `usdt`, `1inch`).
    package static func isAssetCode(_ code: String) -> Bool { isAssetCode(Substring(code)) }

    private static func isAssetCode(_ code: Substring) -> Bool {
        (2...10).contains(code.count) && code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The name among the catalog's fixed names and `published` closest to `name`, for "did you
    /// mean" hints; nil when none is close.
    package static func suggestion(for name: String, published: [String]) -> String? {
        EditDistance.closest(to: name, among: fixed.map(\.name) + published)
    }

    /// Whether both codes of the price `base.quote` are known, so the price is meant as written
    /// and only not configured (`eth.usd` beside a lone `btc.usd`: add the pair, not "did you
    /// mean btc.usd"): each is one of the `published` prices' codes, a currency mempool or a
    /// quote Binance prices in, or a widely traded asset. `btc.eru` and `btc.usdd` are not.
    package static func knowsBoth(base: String, quote: String, published: [String]) -> Bool {
        let configured = published.compactMap(price(of:)).flatMap { [$0.base, $0.quote] }
        return [base, quote].allSatisfy { commonCodes.contains($0) || configured.contains($0) }
    }

    /// Asset and currency codes read as meant wherever they appear in a price: mempool's
    /// currencies, Binance's quote assets, and the most traded coins.
    private static let commonCodes = Set(MempoolDecoder.currencies + BinanceDecoder.quoteAssets.map { $0.lowercased() } + [
        "aave", "ada", "algo", "apt", "arb", "atom", "avax", "bch", "dot", "etc", "fil", "hbar", "icp", "link", "ltc",
        "matic", "near", "op", "pepe", "pol", "shib", "sol", "sui", "ton", "uni", "usde", "xlm", "xmr", "xtz", "zec",
    ])
}
