import SatwatchJSON

/// One function per data key of a mempool.space frame.
extension MempoolDecoder {
    /// The five fee levels, fastest first (sat/vB, decimals with up to 3 places).
    static let feeFields: [(key: String, metric: String)] = [
        ("fastestFee", "fee.fastest"), ("halfHourFee", "fee.half_hour"), ("hourFee", "fee.hour"),
        ("economyFee", "fee.economy"), ("minimumFee", "fee.minimum"),
    ]

    static func fees(_ node: JSONNode, into batch: inout SampleBatch) {
        guard node.members != nil else { return batch.reject(.unexpectedShape) }
        for field in feeFields {
            batch.add(field.metric, number: node[field.key], domain: .feeRate)
        }
    }

    /// The currencies of `conversions`, lowercase: what `check` accepts as `btc.<ccy>` from
    /// this feed.
    static let currencies: [String] = [
        "usd", "eur", "gbp", "cad", "chf", "aud", "jpy", "bgn", "brl", "cny", "czk", "dkk", "hkd",
        "hrk", "huf", "idr", "ils", "inr", "isk", "krw", "mxn", "myr", "nok", "nzd", "php", "pln",
        "ron", "rub", "sek", "sgd", "thb", "try", "zar",
    ]

    /// `{"time": …, "USD": 92187, …}`: one price per currency code; `-1` means the server has no
    /// rate for it right now, which is not an error. Keys that are not three-letter codes (such
    /// as `time`) cannot name a `btc.<ccy>` metric and are ignored.
    static func conversions(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let members = node.members else { return batch.reject(.unexpectedShape) }
        for member in members where isCurrencyCode(member.key) {
            if member.node.number == -1 { continue }
            batch.add("btc." + member.key.lowercased(), number: member.node, domain: .positive)
        }
    }

    static func mempoolInfo(_ node: JSONNode, into batch: inout SampleBatch) {
        guard node.members != nil else { return batch.reject(.unexpectedShape) }
        batch.add("mempool.count", number: node["size"], domain: .count)
        batch.add("mempool.vsize", number: node["bytes"], domain: .count)
    }

    /// The recent blocks, oldest first on the wire; the tip is the highest height in any order.
    static func blocks(_ node: JSONNode, into batch: inout SampleBatch) {
        guard let blocks = node.array else { return batch.reject(.unexpectedShape) }
        var tip: Double?
        for block in blocks {
            guard let height = block["height"]?.number else {
                batch.reject(.unexpectedShape)
                continue
            }
            guard ValueDomain.blockHeight.admits(height) else {
                batch.reject(.invalidValue)
                continue
            }
            tip = max(tip ?? height, height)
        }
        if let tip { batch.add("block.height", tip) }
    }

    /// The difficulty adjustment: expected change in percent (may be negative) and blocks left.
    static func difficulty(_ node: JSONNode, into batch: inout SampleBatch) {
        guard node.members != nil else { return batch.reject(.unexpectedShape) }
        batch.add("difficulty.change", number: node["difficultyChange"], domain: .any)
        batch.add("difficulty.remaining_blocks", number: node["remainingBlocks"], domain: .count)
    }

    /// Three ASCII capital letters, e.g. `USD`.
    static func isCurrencyCode(_ key: String) -> Bool {
        let utf8 = key.utf8
        return utf8.count == 3 && utf8.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
    }
}
