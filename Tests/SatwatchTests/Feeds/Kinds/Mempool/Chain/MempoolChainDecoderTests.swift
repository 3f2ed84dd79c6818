@testable import SatwatchFeeds
import Testing

/// The watch's part of the mempool decoder, on the scenario of the chain fixtures
/// (Tests/Fixtures/feeds/README.md): REST answers set values, WebSocket frames move them.
@Suite struct MempoolChainDecoderTests {
    static let at = Fixtures.time()
    static let rent = "e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d"
    static let bump = "5d7e9f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e4f6a8b0c1d3e"
    static let replacement = "a0c2e4f6b8d1a3c5e7f9b0d2a4c6e8f1b3d5a7c9e0f2b4d6a8c1e3f5b7d9a0c2"

    static func watch() throws -> ChainWatch {
        ChainWatch(addresses: [.init(name: "shop", address: try BitcoinAddress(parsing: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"))],
                   transactions: [.init(name: "rent", txid: rent), .init(name: "bump", txid: bump)])
    }

    /// The samples of `frame` as (metric, value), block.height and fees left out.
    static func chainValues(_ decoder: inout MempoolDecoder, _ frame: String) -> [String: Double] {
        guard case .samples(let samples) = decoder.decode(frame, at: at) else { return [:] }
        return Dictionary(samples.filter { $0.metric.hasPrefix("address.") || $0.metric.hasPrefix("tx.") }.map { ($0.metric, $0.value) },
                          uniquingKeysWith: { $1 })
    }

    @Test func theScenarioGivesBalanceConfirmationsAndReplacement() throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        let frames = try Fixtures.frames("mempool-ws-chain.jsonl")
        // Connect: the tip, then the REST reads.
        #expect(Self.chainValues(&decoder, #"{"blocks":[{"height":870000}]}"#) == [:])
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-address.json"))
            == ["address.shop.balance": 0.001, "address.shop.unconfirmed": 0])
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-tx-unconfirmed.json"))
            == ["tx.rent.fee_rate": 12, "tx.rent.confirmations": 0, "tx.rent.replaced": 0])
        #expect(Self.chainValues(&decoder, frames[0]) == ["tx.rent.block": 2, "tx.rent.confirmations": 0,
                                                           "tx.bump.block": 7, "tx.bump.confirmations": 0])
        // The payment enters the mempool, then is mined with RENT.
        #expect(Self.chainValues(&decoder, frames[1]) == ["address.shop.balance": 0.001, "address.shop.unconfirmed": 0.0025,
                                                           "tx.rent.block": 1, "tx.rent.confirmations": 0])
        #expect(Self.chainValues(&decoder, frames[2]) == ["address.shop.balance": 0.0035, "address.shop.unconfirmed": 0,
                                                           "tx.rent.confirmations": 1])
        #expect(Self.chainValues(&decoder, frames[3]) == ["tx.rent.confirmations": 2])
        #expect(Self.chainValues(&decoder, frames[4]) == ["tx.rent.confirmations": 3])
        #expect(Self.chainValues(&decoder, frames[5]) == ["tx.bump.replaced": 1])
        #expect(decoder.chain.replacement(of: Self.bump) == Self.replacement)
        // The REST read after a block sets the confirmed state outright.
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-tx-confirmed.json"))
            == ["tx.rent.fee_rate": 12, "tx.rent.confirmations": 3, "tx.rent.replaced": 0])
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-address-caught-up.json"))
            == ["address.shop.balance": 0.005, "address.shop.unconfirmed": 0])
        #expect(decoder.rejectedFields == 0)
    }

    /// Without a watch, the watch's keys stay what they were: signs of life.
    @Test func withoutAWatchTheKeysAreLiveness() throws {
        var decoder = MempoolDecoder()
        #expect(decoder.decode(try Fixtures.frames("mempool-ws-chain.jsonl")[1], at: Self.at)
            == .samples(Fixtures.samples([("mempool.count", 81234), ("mempool.vsize", 41234567)], at: Self.at, source: "mempool")))
        #expect(decoder.decode(#"{"address-transactions":[]}"#, at: Self.at) == .liveness)
    }

    /// Hostile or broken frames lose their values, never the decoder.
    @Test(arguments: [
        #"{"chain_stats":{"funded_txo_sum":1},"mempool_stats":{},"address":"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}"#,
        #"{"chain_stats":{"funded_txo_sum":-5,"spent_txo_sum":0},"mempool_stats":{"funded_txo_sum":0,"spent_txo_sum":0},"address":"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"}"#,
        #"{"multi-address-transactions":[1,2]}"#,
        #"{"tracked-txs":{"e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d":{"position":{"block":-1}}}}"#,
        #"{"tracked-txs":{"5d7e9f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e4f6a8b0c1d3e":{"replacedBy":"<script>"}}}"#,
        #"{"txid":"e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d","status":{"confirmed":true,"block_height":1e300},"fee":"x","weight":4}"#,
        #"{"txPosition":{"position":{"block":0}}}"#,
    ])
    func brokenWatchFramesAreSkipped(_ frame: String) throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        guard case .skipped = decoder.decode(frame, at: Self.at) else {
            Issue.record("\(frame) was not skipped: \(decoder.decode(frame, at: Self.at))")
            return
        }
    }

    @Test func trackMessagesFollowTheWatch() throws {
        let expected = try Fixtures.frames("mempool-ws-chain-client.jsonl")
        #expect(MempoolDecoder.trackMessages(try Self.watch()) == expected)
        #expect(MempoolDecoder.trackMessages(ChainWatch()).isEmpty)
    }
}

extension MempoolChainDecoderTests {
    /// A REST answer read before the replacement but decoded after it does not undo it; only a
    /// mined transaction (the replacement lost) does.
    @Test func aLateRESTAnswerKeepsAReplacement() throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        _ = decoder.decode(#"{"blocks":[{"height":870003}]}"#, at: Self.at)
        _ = decoder.decode(try Fixtures.frames("mempool-ws-chain.jsonl")[5], at: Self.at)
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-tx-bump.json"))
            == ["tx.bump.fee_rate": 4, "tx.bump.confirmations": 0, "tx.bump.replaced": 1])
        let mined = try Fixtures.text("mempool-rest-tx-bump.json").replacing(#""status":{"confirmed":false}"#,
                                                                              with: #""status":{"confirmed":true,"block_height":870003}"#)
        #expect(Self.chainValues(&decoder, mined) == ["tx.bump.fee_rate": 4, "tx.bump.confirmations": 1, "tx.bump.replaced": 0])
    }
}

extension MempoolChainDecoderTests {
    /// `track-address`'s answers (a bare array, the address found in the outputs and inputs) and
    /// `track-tx`'s (no txid: read when one transaction is watched).
    @Test func singleTrackingAnswersMoveTheValues() throws {
        let frames = try Fixtures.frames("mempool-ws-chain.jsonl")
        let payment = try #require(frames[1].firstRange(of: #"{"txid":"3f2a"#).map { start in
            // The payment transaction object inside multi-address-transactions' "mempool" list.
            var depth = 0, end = start.lowerBound
            for index in frames[1][start.lowerBound...].indices {
                if frames[1][index] == "{" { depth += 1 }
                if frames[1][index] == "}" { depth -= 1; if depth == 0 { end = index; break } }
            }
            return String(frames[1][start.lowerBound...end])
        })
        var decoder = MempoolDecoder(watch: try Self.watch())
        _ = decoder.decode(try Fixtures.text("mempool-rest-address.json"), at: Self.at)
        #expect(Self.chainValues(&decoder, #"{"address-transactions":["# + payment + "]}")
            == ["address.shop.balance": 0.001, "address.shop.unconfirmed": 0.0025])
        #expect(Self.chainValues(&decoder, #"{"block-transactions":["# + payment + "]}")
            == ["address.shop.balance": 0.0035, "address.shop.unconfirmed": 0])

        var single = MempoolDecoder(watch: ChainWatch(transactions: [.init(name: "rent", txid: Self.rent)]))
        #expect(Self.chainValues(&single, #"{"txPosition":{"txid":"\#(Self.rent)","position":{"block":3,"vsize":140.25}}}"#)
            == ["tx.rent.block": 3, "tx.rent.confirmations": 0])
        #expect(Self.chainValues(&single, #"{"block":{"height":870005},"txConfirmed":"\#(Self.rent)"}"#) == ["tx.rent.confirmations": 1])
        #expect(Self.chainValues(&single, #"{"rbfTransaction":{"txid":"\#(Self.replacement)"}}"#) == ["tx.rent.replaced": 1])
        // With two watched, an answer that names no txid cannot be placed.
        var two = MempoolDecoder(watch: try Self.watch())
        #expect(Self.chainValues(&two, #"{"rbfTransaction":{"txid":"\#(Self.replacement)"}}"#) == [:])
    }

    /// Confirmations wait for a tip, then follow it.
    @Test func confirmationsFollowTheTip() throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        #expect(Self.chainValues(&decoder, try Fixtures.text("mempool-rest-tx-confirmed.json"))
            == ["tx.rent.fee_rate": 12, "tx.rent.replaced": 0])
        #expect(Self.chainValues(&decoder, #"{"blocks":[{"height":870000},{"height":870004}]}"#) == ["tx.rent.confirmations": 4])
        #expect(Self.chainValues(&decoder, #"{"block":{"height":870005}}"#) == ["tx.rent.confirmations": 5])
    }
}

extension MempoolChainDecoderTests {
    static let shop = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
    /// 21 million BTC, in satoshis: the most one amount may say.
    static let supply = 2_100_000_000_000_000

    /// A transaction `txid` paying SHOP `paid` satoshis in `outputs` outputs and spending `spent`
    /// from it.
    static func transaction(_ txid: String, paid: Int = 0, outputs: Int = 1, spent: Int = 0) -> String {
        let vout = Array(repeating: #"{"scriptpubkey_address":"\#(shop)","value":\#(paid)}"#, count: paid > 0 ? outputs : 0)
        let vin = spent > 0 ? [#"{"prevout":{"scriptpubkey_address":"\#(shop)","value":\#(spent)}}"#] : []
        return #"{"txid":"\#(txid)","vin":[\#(vin.joined(separator: ","))],"vout":[\#(vout.joined(separator: ","))]}"#
    }

    /// `multi-address-transactions` for SHOP.
    static func addressFrame(mempool: [String] = [], confirmed: [String] = [], removed: [String] = []) -> String {
        func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
        return #"{"multi-address-transactions":{"\#(shop)":{"mempool":\#(list(mempool)),"confirmed":\#(list(confirmed)),"removed":\#(list(removed))}}}"#
    }

    /// A REST address answer: `balance` confirmed, `pending` net in the mempool.
    static func restAddress(balance: Int, pending: Int) -> String {
        #"{"address":"\#(shop)","chain_stats":{"funded_txo_sum":\#(balance),"spent_txo_sum":0},"#
            + #""mempool_stats":{"funded_txo_sum":\#(max(pending, 0)),"spent_txo_sum":\#(max(-pending, 0))}}"#
    }

    /// One frame whose transaction pays the supply thousands of times over: impossible, so
    /// rejected, and the values stay what they were.
    @Test func aTransactionPayingMoreThanTheSupplyIsRejected() throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        _ = decoder.decode(Self.restAddress(balance: 100_000, pending: 0), at: Self.at)
        let frame = Self.addressFrame(mempool: [Self.transaction(String(repeating: "cd", count: 32), paid: Self.supply, outputs: 4400)])
        #expect(Self.chainValues(&decoder, frame) == ["address.shop.balance": 0.001, "address.shop.unconfirmed": 0])
        #expect(decoder.rejectedFields == 1)
    }

    /// Thousands of frames, each with a transaction of the whole supply (paid or spent, entering
    /// the mempool, mined or leaving it): the values stay within ±21 million BTC.
    @Test(arguments: ["mempool", "confirmed", "removed"], [true, false])
    func framesOfTheWholeSupplyDoNotAddUpBeyondIt(_ list: String, paying: Bool) throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        _ = decoder.decode(Self.restAddress(balance: paying ? 0 : Self.supply, pending: paying ? Self.supply : -Self.supply), at: Self.at)
        var extremes: (low: Double, high: Double) = (0, 0)
        for index in 0..<4500 {
            let hex = String(index, radix: 16)
            let tx = Self.transaction(String(repeating: "0", count: 64 - hex.count) + hex, paid: paying ? Self.supply : 0, spent: paying ? 0 : Self.supply)
            let frame = switch list {
            case "mempool": Self.addressFrame(mempool: [tx])
            case "confirmed": Self.addressFrame(confirmed: [tx])
            default: Self.addressFrame(removed: [tx])
            }
            for value in Self.chainValues(&decoder, frame).values { extremes = (min(extremes.low, value), max(extremes.high, value)) }
        }
        #expect(extremes.low >= -21_000_000 && extremes.high <= 21_000_000)
    }
}

extension MempoolChainDecoderTests {
    static let earlier = String(repeating: "a1", count: 32)
    static let later = String(repeating: "b2", count: 32)

    /// A payment the REST answer counted in its mempool figure (not heard over the WebSocket
    /// since), then replaced or evicted: its net leaves the figure once, like a mined one's.
    /// Named by txid alone, its amount is unknown: the figure stays until the next REST read.
    @Test(arguments: [
        ("replaced", [addressFrame(mempool: [transaction(later, paid: 250_000)], removed: [transaction(earlier, paid: 250_000)])], 0.0025),
        ("evicted", [addressFrame(removed: [transaction(earlier, paid: 250_000)])], 0),
        ("evicted, then mined after all",
         [addressFrame(removed: [transaction(earlier, paid: 250_000)]), addressFrame(confirmed: [transaction(earlier, paid: 250_000)])], 0),
        ("named by txid alone", [addressFrame(removed: ["\"\(earlier)\""])], 0.0025),
        ("heard, then replaced",
         [addressFrame(mempool: [transaction(earlier, paid: 250_000)]),
          addressFrame(mempool: [transaction(later, paid: 250_000)], removed: ["\"\(earlier)\""])], 0.0025),
    ])
    func aPaymentThatLeavesTheMempoolLeavesUnconfirmed(_ story: String, frames: [String], unconfirmed: Double) throws {
        var decoder = MempoolDecoder(watch: try Self.watch())
        _ = decoder.decode(#"{"blocks":[{"height":870000}]}"#, at: Self.at)
        let heard = story.hasPrefix("heard")
        #expect(Self.chainValues(&decoder, Self.restAddress(balance: 100_000, pending: heard ? 0 : 250_000))
            == ["address.shop.balance": 0.001, "address.shop.unconfirmed": heard ? 0 : 0.0025])
        var last: [String: Double] = [:]
        for frame in frames { last = Self.chainValues(&decoder, frame) }
        #expect(last["address.shop.unconfirmed"] == unconfirmed, "\(story)")
        #expect(decoder.rejectedFields == 0)
    }
}
