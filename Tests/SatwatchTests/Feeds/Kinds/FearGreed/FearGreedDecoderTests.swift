@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// `feargreed`: alternative.me's answer decoded (the newest entry's value as `fear_greed`), and
/// everything else skipped with a reason, never a trap. The feed added as an example of a feed
/// kind: one folder, one registry line.
@Suite struct FearGreedDecoderTests {
    static let at = Timestamp(milliseconds: 1_751_000_000_000)

    @Test(arguments: [
        (#"{"name": "Fear and Greed Index", "data": [{"value": "40", "value_classification": "Fear", "timestamp": "1551157200", "time_until_update": "68499"}], "metadata": {"error": null}}"#,
         "fear_greed 40"),
        (#"{"data": [{"value": "0"}, {"value": "99"}]}"#, "fear_greed 0"),
        (#"{"data": [{"value": 100}]}"#, "fear_greed 100"),
        (#"{"data": [{"value": "101"}]}"#, "skipped invalid_value"),
        (#"{"data": [{"value": "-1"}]}"#, "skipped invalid_value"),
        (#"{"data": [{"value": "forty"}]}"#, "skipped invalid_value"),
        (#"{"data": [{"value": null}]}"#, "skipped unexpected_shape"),
        (#"{"data": []}"#, "skipped unexpected_shape"),
        (#"{"data": [], "metadata": {"error": "Invalid limit"}}"#, "skipped server_error"),
        (#"[1, 2]"#, "skipped unexpected_shape"),
        (#"not json"#, "skipped invalid_json"),
    ])
    func decodes(_ frame: String, _ expected: String) {
        var decoder = FearGreedDecoder()
        let outcome = switch decoder.decode(frame, at: Self.at) {
        case .samples(let samples): samples.map { "\($0.metric) \(DisplayNumber.format($0.value))" }.joined(separator: ", ")
        case .skipped(let reason): "skipped \(reason)"
        case .liveness: "liveness"
        }
        #expect(outcome == expected)
    }

    @Test func itsSamplesAreOfTheFeedAtTheReceiveTime() throws {
        var decoder = FearGreedDecoder()
        guard case .samples(let samples) = decoder.decode(#"{"data": [{"value": "72", "timestamp": "1551157200"}]}"#, at: Self.at) else {
            Issue.record("expected samples")
            return
        }
        #expect(samples.map(\.source) == ["feargreed"])
        #expect(samples.map(\.at) == [Self.at])
    }
}
