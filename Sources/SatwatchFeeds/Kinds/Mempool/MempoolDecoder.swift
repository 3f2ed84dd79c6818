import SatwatchBase
import SatwatchJSON

/// Decodes mempool.space WebSocket frames (`wss://mempool.space/api/v1/ws`).
///
/// A frame is one object whose top-level keys say what it carries, in any order, several at
/// once (the `init` reply and every `stats` push do that):
/// - `fees` → `fee.fastest`, `fee.half_hour`, `fee.hour`, `fee.economy`, `fee.minimum`
/// - `conversions` → `btc.<ccy>` per currency (`-1` means unavailable: no sample; `time` ignored)
/// - `mempoolInfo` → `mempool.count` (`size`), `mempool.vsize` (`bytes`)
/// - `vBytesPerSecond` → `mempool.vbytes_per_second`
/// - `blocks` (the highest `height`) or `block` (its `height`) → `block.height`, never lower
///   than the highest taken (see `heights`)
/// - `da` → `difficulty.change`, `difficulty.remaining_blocks`
/// - `currentHashrate` → `hashrate` (EH/s), `currentDifficulty` → `difficulty`: the REST answer of
///   `/api/v1/mining/hashrate/3d` (see `MempoolDecoder+Mining.swift`), fed in by the same feed
///
/// With a `"watch"`, the watch's own keys and the REST answers about watched coins are read by
/// ``ChainTracker`` (see `MempoolDecoder+Chain.swift`).
///
/// A frame with none of these but with a key the server is known to send (`pong`,
/// `loadingIndicators`, `mempool-blocks`, …) is `.liveness`; an object with only unknown keys
/// is `unknown_message`. Bad fields follow ``SampleBatch``'s counting rule.
package struct MempoolDecoder: FrameDecoder {
    /// Fields that were present but unusable in frames that still produced samples
    /// (frames that produced none are reported as `.skipped` instead).
    package private(set) var rejectedFields = 0
    /// The watched addresses and transactions, and what is known of them.
    private(set) var chain: ChainTracker
    /// The keys built from a frame: the data keys, and the watch's when there is one.
    private let keptKeys: Set<String>
    /// The highest block height taken. A lower one is an old frame (a late push, a server
    /// behind the one before), never news: it is dropped (`out_of_order`), so `on: change`
    /// does not announce a block twice. The chain never gets shorter: a reorganisation replaces
    /// blocks at heights already seen and goes on from there. Kept across reconnects, which
    /// may reach a server a block behind; a restart or a reload of the feed starts afresh.
    private var heights = SeriesOrder()

    /// Creates a decoder following `watch`.
    package init(watch: ChainWatch = ChainWatch()) {
        chain = ChainTracker(watch: watch)
        keptKeys = watch.isEmpty ? Self.dataKeys : Self.dataKeys.union(ChainTracker.keys)
    }

    /// The keys that carry data (see the type); only their values are built.
    static let dataKeys: Set<String> = ["fees", "conversions", "mempoolInfo", "vBytesPerSecond", "blocks", "block", "da",
                                        "currentHashrate", "currentDifficulty"]

    /// Keys the server sends that carry nothing satwatch measures; they prove the feed is alive.
    static let controlKeys: Set<String> = [
        "pong", "loadingIndicators", "mempool-blocks", "transactions", "backend", "backendInfo",
        "rbfSummary", "rbfLatest", "rbfLatestSummary", "rbfTransaction", "rbfInfo", "txReplaced",
        "txConfirmed", "tx", "utxoSpent", "previousRetarget", "accelerations", "projected-block-transactions",
        "block-transactions", "address-transactions", "mempool-transactions", "fees-changed",
        "hashrates", "difficulty",
    ]

    /// Decodes one mempool.space frame; see the type's documentation for the keys read.
    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let frameObject: JSONPartialObject
        switch FrameObject.parse(frame, keeping: keptKeys) {
        case .value(let object): frameObject = object
        case .skipped(let reason): return .skipped(reason)
        }
        var batch = SampleBatch(at: at, source: FeedKind.mempool.rawValue)
        var carriesData = false
        for member in frameObject.node.members ?? [] {
            switch member.key {
            case "fees": Self.fees(member.node, into: &batch)
            case "conversions": Self.conversions(member.node, into: &batch)
            case "mempoolInfo": Self.mempoolInfo(member.node, into: &batch)
            case "vBytesPerSecond":
                batch.add("mempool.vbytes_per_second", number: member.node, domain: .nonNegative)
            case "blocks": if let tip = Self.tip(of: member.node, into: &batch) { addHeight(tip, into: &batch) }
            case "block": if let height = Self.height(member.node["height"], into: &batch) { addHeight(height, into: &batch) }
            case _ where ChainTracker.isChainKey(member.key): continue
            case "da": Self.difficulty(member.node, into: &batch)
            case "currentHashrate": Self.hashrate(member.node, into: &batch)
            case "currentDifficulty": batch.add("difficulty", number: member.node, domain: .positive)
            default: continue
            }
            carriesData = true
        }
        if !chain.watch.isEmpty {
            // The tip first: a transaction confirmed in this frame was mined in its block.
            let newBlock = frameObject.node["block"]?["height"]?.number.flatMap { ValueDomain.blockHeight.admits($0) ? $0 : nil }
            if let tip = batch.samples.last(where: { $0.metric == "block.height" })?.value { chain.heard(tip: tip, into: &batch) }
            if chain.read(frameObject.node, newBlock: newBlock, into: &batch) { carriesData = true }
        }
        // Control keys only tell the feed is alive: their (sometimes large) values are never built.
        let carriesControl = frameObject.skippedKeys.contains { Self.controlKeys.contains($0) }
        if carriesData {
            if !batch.samples.isEmpty { rejectedFields += batch.rejected }
            return batch.outcome
        }
        return carriesControl ? .liveness : .skipped(.unknownMessage)
    }
}

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
    static func tip(of node: JSONNode, into batch: inout SampleBatch) -> Double? {
        guard let blocks = node.array else {
            batch.reject(.unexpectedShape)
            return nil
        }
        return blocks.compactMap { height($0["height"], into: &batch) }.max()
    }

    /// A block's height: a whole number a chain can have, else rejected.
    static func height(_ node: JSONNode?, into batch: inout SampleBatch) -> Double? {
        guard let height = node?.number else {
            batch.reject(.unexpectedShape)
            return nil
        }
        guard ValueDomain.blockHeight.admits(height) else {
            batch.reject(.invalidValue)
            return nil
        }
        return height
    }

    /// Publishes `height` unless it is lower than the highest taken (see `heights`).
    mutating func addHeight(_ height: Double, into batch: inout SampleBatch) {
        guard heights.admits(height) else { return batch.reject(.outOfOrder) }
        batch.add("block.height", height)
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

/// What the client sends to mempool.space, and how its keep-alive answer looks.
extension MempoolDecoder {
    /// Sent once after connecting, in this order: `init` makes the server reply with its whole
    /// current state at once; `want` subscribes to the pushes (`stats` carries fees and mempool
    /// figures, `blocks` new blocks).
    package static let subscribeMessages = [
        #"{"action":"init"}"#,
        #"{"action":"want","data":["blocks","stats","mempool-blocks"]}"#,
    ]

    /// The keep-alive: the server never pings, so the client does after 30 s of silence and
    /// expects `{"pong": true}` within 5 s (as the official web client does).
    package static let pingMessage = #"{"action":"ping"}"#

    /// Whether `frame` is the answer to ``pingMessage``: an object with `"pong": true`.
    package static func isPong(_ frame: String) -> Bool {
        // Data frames are kilobytes long; only a short frame can be a bare pong, so skip parsing
        // anything else.
        guard frame.utf8.count <= 64, case .value(let object) = FrameObject.parse(frame, keeping: ["pong"]) else { return false }
        return object.node["pong"]?.bool == true
    }
}
