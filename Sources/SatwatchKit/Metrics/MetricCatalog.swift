/// The metric names a rule may use (the contract's catalog). Anything else is a `check` error.
public enum MetricCatalog {
    /// Every fixed-name metric; fiat prices `btc.<ccy>` are matched by `descriptor(for:)`.
    public static let fixed: [MetricDescriptor] = [
        MetricDescriptor(name: "fee.fastest", unit: "sat/vB", sources: [.mempool]),
        MetricDescriptor(name: "fee.half_hour", unit: "sat/vB", sources: [.mempool]),
        MetricDescriptor(name: "fee.hour", unit: "sat/vB", sources: [.mempool]),
        MetricDescriptor(name: "fee.economy", unit: "sat/vB", sources: [.mempool]),
        MetricDescriptor(name: "fee.minimum", unit: "sat/vB", sources: [.mempool]),
        MetricDescriptor(name: "mempool.count", unit: "tx", sources: [.mempool]),
        MetricDescriptor(name: "mempool.vsize", unit: "vB", sources: [.mempool]),
        MetricDescriptor(name: "mempool.vbytes_per_second", unit: "vB/s", sources: [.mempool]),
        MetricDescriptor(name: "block.height", unit: "blocks", sources: [.mempool]),
        MetricDescriptor(name: "difficulty.change", unit: "%", sources: [.mempool]),
        MetricDescriptor(name: "difficulty.remaining_blocks", unit: "blocks", sources: [.mempool]),
        MetricDescriptor(name: "mvrv", unit: "ratio", sources: [.coinmetrics]),
        MetricDescriptor(name: "nupl", unit: "ratio", sources: [.coinmetrics]),
        MetricDescriptor(name: "realized_price.usd", unit: "USD", sources: [.coinmetrics]),
        MetricDescriptor(name: "mayer_multiple", unit: "ratio", sources: [.coinmetrics]),
    ]

    private static let byName: [String: MetricDescriptor] =
        Dictionary(uniqueKeysWithValues: fixed.map { ($0.name, $0) })

    /// The descriptor for `name`, or nil when the catalog has no such metric.
    /// `btc.<ccy>` (three lowercase letters, e.g. `btc.usd`, `btc.eur`) is a fiat price.
    public static func descriptor(for name: String) -> MetricDescriptor? {
        if let known = byName[name] { return known }
        guard let currency = fiatCurrency(of: name) else { return nil }
        return MetricDescriptor(name: name, unit: "\(currency.uppercased()) per BTC",
                                sources: [.coinbase, .kraken, .mempool])
    }

    /// `usd` for `btc.usd`; nil when `name` is not a fiat price name.
    public static func fiatCurrency(of name: String) -> String? {
        guard name.hasPrefix("btc.") else { return nil }
        let currency = name.dropFirst(4)
        guard currency.count == 3, currency.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        return String(currency)
    }

    /// The catalog names closest to `name`, for "did you mean" hints.
    public static func suggestion(for name: String) -> String? {
        let candidates = fixed.map(\.name) + ["btc.usd", "btc.eur"]
        let scored = candidates.map { ($0, EditDistance.between($0, name)) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, name.count / 4) else { return nil }
        return best
    }
}
