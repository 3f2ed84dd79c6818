@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// Frames older than one already taken of the same series are dropped and counted
/// (`out_of_order`): Coinbase sequence numbers per product, Kraken ticker times per symbol,
/// mempool block heights. Each case runs frames through one decoder, a second apart, and
/// gives each frame's price or height, or its skip reason.
@Suite struct FrameOrderTests {
    enum Seen: Equatable {
        case value(Double)
        case skipped(SkipReason)
        case liveness
        case nothing
    }

    static func run(_ decoder: some FrameDecoder, _ frames: [String]) -> [Seen] {
        var decoder = decoder
        return frames.enumerated().map { index, frame in
            switch decoder.decode(frame, at: Fixtures.time(Int64(index) * 1000)) {
            case .samples(let samples): samples.last.map { .value($0.value) } ?? .nothing
            case .skipped(let reason): .skipped(reason)
            case .liveness: .liveness
            }
        }
    }

    static func coinbase(_ sequence: Int, _ price: Int, product: String = "BTC-USD") -> String {
        #"{"type":"ticker","sequence":\#(sequence),"product_id":"\#(product)","price":"\#(price)"}"#
    }

    static let subscriptions = #"{"type":"subscriptions","channels":[]}"#

    @Test(arguments: [
        ("the issue's 200, 150, 201", [coinbase(200, 101_000), coinbase(150, 99_000), coinbase(201, 101_000)],
         [Seen.value(101_000), .skipped(.outOfOrder), .value(101_000)]),
        ("products are apart", [coinbase(200, 101_000), coinbase(150, 3_000, product: "ETH-USD"), coinbase(199, 1)],
         [.value(101_000), .value(3_000), .skipped(.outOfOrder)]),
        ("a new connection numbers afresh", [coinbase(200, 101_000), subscriptions, coinbase(5, 99_000), coinbase(4, 1)],
         [.value(101_000), .liveness, .value(99_000), .skipped(.outOfOrder)]),
        ("a repeat is not older", [coinbase(7, 1), coinbase(7, 2)], [.value(1), .value(2)]),
        ("no sequence, no order", [coinbase(7, 1), #"{"type":"ticker","product_id":"BTC-USD","price":"2"}"#,
                                   #"{"type":"ticker","sequence":"6","product_id":"BTC-USD","price":"3"}"#],
         [.value(1), .value(2), .value(3)]),
    ] as [(String, [String], [Seen])])
    func coinbaseSequences(_ name: String, _ frames: [String], _ seen: [Seen]) {
        let decoder = CoinbaseDecoder(products: ["BTC-USD", "ETH-USD"].map { TradingPair($0, feed: .coinbase)! })
        #expect(Self.run(decoder, frames) == seen, "\(name)")
    }

    /// A Kraken ticker entry of `symbol` stamped `time`; the frames are received at the
    /// fixture's time, 2025-12-10T14:02:00Z, plus a second each.
    static func kraken(_ time: String, _ last: Int, symbol: String = "BTC/USD") -> String {
        #"{"channel":"ticker","type":"update","data":[{"symbol":"\#(symbol)","last":\#(last),"timestamp":"\#(time)"}]}"#
    }

    static let krakenStatus = #"{"channel":"status","type":"update","data":[{"system":"online"}]}"#

    @Test(arguments: [
        ("older entry dropped", [kraken("2025-12-10T14:02:00.200Z", 2), kraken("2025-12-10T14:02:00.100Z", 1),
                                 kraken("2025-12-10T14:02:00.300Z", 3)],
         [Seen.value(2), .skipped(.outOfOrder), .value(3)]),
        ("symbols are apart", [kraken("2025-12-10T14:02:00.200Z", 2), kraken("2025-12-10T14:01:00Z", 5, symbol: "ETH/USD")],
         [.value(2), .value(5)]),
        // Ten years ahead is a false claim: it orders nothing, and the true times after it pass.
        ("a false future holds nothing back", [kraken("2035-12-10T14:02:00Z", 9), kraken("2025-12-10T14:02:01Z", 1)],
         [.value(9), .value(1)]),
        ("a new connection starts afresh", [kraken("2025-12-10T14:02:01Z", 2), krakenStatus, kraken("2025-12-10T14:02:00Z", 1)],
         [.value(2), .liveness, .value(1)]),
        ("no time, no order", [kraken("2025-12-10T14:02:01Z", 2),
                               #"{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":1}]}"#],
         [.value(2), .value(1)]),
    ] as [(String, [String], [Seen])])
    func krakenTimes(_ name: String, _ frames: [String], _ seen: [Seen]) {
        let decoder = KrakenDecoder(symbols: ["BTC/USD", "ETH/USD"].map { TradingPair($0, feed: .kraken)! })
        #expect(Self.run(decoder, frames) == seen, "\(name)")
    }

    static func block(_ height: Int) -> String { #"{"block":{"height":\#(height)}}"# }

    @Test(arguments: [
        ("the issue's 927600 then 927599", [block(927_600), block(927_599), block(927_601)],
         [Seen.value(927_600), .skipped(.outOfOrder), .value(927_601)]),
        ("the same block again passes", [block(927_600), block(927_600)], [.value(927_600), .value(927_600)]),
        ("an init behind the last block", [block(927_600), #"{"blocks":[{"height":927598},{"height":927599}]}"#],
         [.value(927_600), .skipped(.outOfOrder)]),
        // Beside other data only the height goes (a rejected field); the fees stay.
        ("a late height beside fees", [block(927_600), #"{"block":{"height":927599},"vBytesPerSecond":1500}"#],
         [.value(927_600), .value(1500)]),
    ] as [(String, [String], [Seen])])
    func mempoolHeights(_ name: String, _ frames: [String], _ seen: [Seen]) {
        #expect(Self.run(MempoolDecoder(), frames) == seen, "\(name)")
    }

    @Test func aLateHeightBesideOtherDataIsARejectedField() {
        var decoder = MempoolDecoder()
        _ = decoder.decode(Self.block(927_600), at: Fixtures.time())
        let outcome = decoder.decode(#"{"block":{"height":927599},"vBytesPerSecond":1500}"#, at: Fixtures.time(1000))
        #expect(outcome.samples?.map(\.metric) == ["mempool.vbytes_per_second"])
        #expect(decoder.rejectedFields == 1)
    }
}
