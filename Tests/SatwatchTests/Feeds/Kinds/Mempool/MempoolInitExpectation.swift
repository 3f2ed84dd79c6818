/// What the mempool `init` reply (fixtures/mempool-ws-init.json) must decode to, in frame order:
/// `mempoolInfo`, `vBytesPerSecond`, `fees`, `blocks` (tip 927604), 33 `conversions`, `da`.
enum MempoolInitExpectation {
    static let samples: [(metric: String, value: Double)] = [
        ("mempool.count", 31874), ("mempool.vsize", 28413776), ("mempool.vbytes_per_second", 1473), ("fee.fastest", 2.102),
        ("fee.half_hour", 1.622), ("fee.hour", 1.083), ("fee.economy", 0.2), ("fee.minimum", 0.1),
        ("block.height", 927604), ("btc.usd", 92187), ("btc.eur", 79150), ("btc.gbp", 69193),
        ("btc.cad", 127547), ("btc.chf", 74252), ("btc.aud", 138917), ("btc.jpy", 14386935),
        ("btc.bgn", 154885), ("btc.brl", 500741), ("btc.cny", 651781), ("btc.czk", 1918135),
        ("btc.dkk", 591266), ("btc.hkd", 717357), ("btc.hrk", 596677), ("btc.huf", 30247477),
        ("btc.idr", 1535024174), ("btc.ils", 297930), ("btc.inr", 8287980), ("btc.isk", 11755686),
        ("btc.krw", 135575733), ("btc.mxn", 1678181), ("btc.myr", 378732), ("btc.nok", 932960),
        ("btc.nzd", 159535), ("btc.php", 5431013), ("btc.pln", 335736), ("btc.ron", 403078),
        ("btc.rub", 7237048), ("btc.sek", 860215), ("btc.sgd", 119579), ("btc.thb", 2938645),
        ("btc.try", 3928272), ("btc.zar", 1577283), ("difficulty.change", 1.5014208435246479), ("difficulty.remaining_blocks", 1772),
    ]
}
