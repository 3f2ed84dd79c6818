import SatwatchBase
import SatwatchJSON

/// Decodes alternative.me's `/fng/` answer, `{"data": [{"value": "40", "value_classification":
/// "Fear", "timestamp": "1551157200", …}], "metadata": {"error": null}}`: the newest entry's
/// value (a decimal string, 0 to 100) as `fear_greed`, stamped with the receive time (the
/// index is today's until the next one). An answer with an error, no entry or a value outside
/// 0–100 is skipped.
package struct FearGreedDecoder: FrameDecoder {
    /// The top-level keys read; others are skipped unbuilt.
    static let keys: Set<String> = ["data", "metadata"]

    package init() {}

    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let answer: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): answer = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        if let error = answer["metadata"]?["error"], error.string != nil { return .skipped(.serverError) }
        guard let newest = answer["data"]?.array?.first else { return .skipped(.unexpectedShape) }
        switch SampleBatch.decimal(newest["value"]) {
        case .value(let value) where value >= 0 && value <= 100:
            var batch = SampleBatch(at: at, source: FeedKind.feargreed.rawValue)
            batch.add("fear_greed", value)
            return batch.outcome
        case .value: return .skipped(.invalidValue)
        case .skipped(let reason): return .skipped(reason)
        }
    }
}
