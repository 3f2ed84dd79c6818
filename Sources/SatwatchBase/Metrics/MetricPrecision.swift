/// How many decimals a metric's values show in messages for people: a price in cents, a fee in
/// tenths of a sat/vB, a ratio in thousandths, an amount of BTC in satoshis, a count whole.
/// Looked up by the metric's name, the first matching row of `table` winning; a metric no row
/// knows (a pushed or derived one, an option's greeks) shows 8 significant digits.
package enum MetricPrecision {
    /// What a row matches in a metric name.
    enum Pattern: Sendable {
        /// The whole name.
        case exactly(String)
        /// `prefix.` and anything after it.
        case under(String)
        /// `prefix.<part>.suffix`: one part between (`tx.rent.fee_rate`).
        case between(String, String)
        /// Any name ending in `.suffix` (`eth.btc`, `address.cold.balance`).
        case endingIn(String)
        /// `<asset>.<quote>`: two parts, a price.
        case pair
    }

    /// The rows, most specific first: (pattern, decimals, the family it stands for).
    static let table: [(Pattern, Int, String)] = [
        (.between("tx", "fee_rate"), 1, "sat/vB"),
        (.under("fee"), 1, "sat/vB"),
        (.under("tx"), 0, "confirmations, block, replaced"),
        (.endingIn("balance"), 8, "BTC"),
        (.endingIn("unconfirmed"), 8, "BTC"),
        (.endingIn("btc"), 8, "BTC (a price in BTC)"),
        (.exactly("block.height"), 0, "blocks"),
        (.exactly("difficulty.remaining_blocks"), 0, "blocks"),
        (.exactly("difficulty.change"), 2, "%"),
        (.exactly("difficulty"), 0, "difficulty"),
        (.exactly("hashrate"), 2, "EH/s"),
        (.under("mempool"), 0, "tx, vB, vB/s"),
        (.exactly("mvrv"), 3, "ratio"),
        (.exactly("nupl"), 3, "ratio"),
        (.exactly("mayer_multiple"), 3, "ratio"),
        (.under("ls"), 3, "ratio"),
        (.under("funding"), 4, "%"),
        (.under("dvol"), 2, "index"),
        (.under("option"), -1, "greeks"),
        (.under("push"), -1, "anything"),
        (.under("news"), 0, "headlines"),
        (.under("oi"), 2, "contracts, USD"),
        (.under("liq"), 2, "USD"),
        (.under("mark"), 2, "price"),
        (.under("portfolio"), 2, "currency"),
        (.under("realized_price"), 2, "USD"),
        (.pair, 2, "price"),
    ]

    /// The decimals of `metric`'s values; nil: 8 significant digits (no row knows it).
    package static func decimals(for metric: String) -> Int? {
        for (pattern, decimals, _) in table where matches(pattern, metric) { return decimals >= 0 ? decimals : nil }
        return nil
    }

    static func matches(_ pattern: Pattern, _ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        switch pattern {
        case .exactly(let whole): return name == whole
        case .under(let prefix): return parts.count > 1 && parts[0] == prefix
        case .between(let prefix, let suffix): return parts.count == 3 && parts[0] == prefix && parts[2] == suffix
        case .endingIn(let suffix): return parts.count > 1 && parts.last == Substring(suffix)
        case .pair: return parts.count == 2 && parts.allSatisfy { !$0.isEmpty }
        }
    }
}
