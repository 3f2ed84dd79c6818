@testable import SatwatchFeeds
import Testing

/// The names a watch gives its metrics, txids, and amounts as notifications write them.
@Suite struct ChainWatchTests {
    /// (metric, unit or nil when the catalog does not know it).
    @Test(arguments: [
        ("address.shop.balance", "BTC"), ("address.cold_2.unconfirmed", "BTC"), ("tx.rent.confirmations", "blocks"),
        ("tx.rent.fee_rate", "sat/vB"), ("tx.rent.block", "blocks"), ("tx.rent.replaced", ""),
        ("address.shop.fee_rate", nil), ("tx.my-rent.block", nil), ("tx.Rent.block", nil), ("address..balance", nil),
        ("address.shop", nil), ("tx.rent.block.x", nil),
    ] as [(String, String?)])
    func metricNames(_ metric: String, _ unit: String?) {
        #expect(MetricCatalog.descriptor(for: metric)?.unit == unit)
        if unit != nil { #expect(MetricCatalog.descriptor(for: metric)?.sources == [.mempool]) }
    }

    /// (text, problem or nil).
    @Test(arguments: [
        (String(repeating: "aB3", count: 21) + "f", nil),
        ("e9b1", "a txid has 64 hexadecimal digits, this one has 4"),
        (String(repeating: "a", count: 63) + "z", #"character 64 ("z") is not a hexadecimal digit (a txid is 64 of them)"#),
        (String(repeating: "a", count: 65), "a txid has 64 hexadecimal digits, this one has 65"),
        ("", "a txid has 64 hexadecimal digits, this one has 0"),
    ] as [(String, String?)])
    func txids(_ text: String, _ problem: String?) {
        #expect(ChainWatch.txidProblem(text)?.message == problem)
    }

    @Test(arguments: [(Int64(0), "0"), (250_000, "0.0025"), (100_000_000, "1"), (-150_000_000, "-1.5"),
                      (2_100_000_000_000_000, "21000000"), (1, "0.00000001")] as [(Int64, String)])
    func bitcoinAmounts(_ satoshis: Int64, _ text: String) {
        #expect(ChainNotes.btc(satoshis) == text)
    }
}
