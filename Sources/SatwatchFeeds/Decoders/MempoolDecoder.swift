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
/// - `blocks` (the highest `height`) or `block` (its `height`) → `block.height`
/// - `da` → `difficulty.change`, `difficulty.remaining_blocks`
/// - `currentHashrate` → `hashrate` (EH/s), `currentDifficulty` → `difficulty`: the REST answer of
///   `/api/v1/mining/hashrate/3d` (see `MempoolDecoder+Mining.swift`), fed in by the same feed
///
/// A frame with none of these but with a key the server is known to send (`pong`,
/// `loadingIndicators`, `mempool-blocks`, …) is `.liveness`; an object with only unknown keys
/// is `unknown_message`. Bad fields follow ``SampleBatch``'s counting rule.
package struct MempoolDecoder: FrameDecoder {
    /// Fields that were present but unusable in frames that still produced samples
    /// (frames that produced none are reported as `.skipped` instead).
    package private(set) var rejectedFields = 0

    /// Creates a decoder.
    package init() {}

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
        switch FrameObject.parse(frame, keeping: Self.dataKeys) {
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
            case "blocks": Self.blocks(member.node, into: &batch)
            case "block": batch.add("block.height", number: member.node["height"], domain: .blockHeight)
            case "da": Self.difficulty(member.node, into: &batch)
            case "currentHashrate": Self.hashrate(member.node, into: &batch)
            case "currentDifficulty": batch.add("difficulty", number: member.node, domain: .positive)
            default: continue
            }
            carriesData = true
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
