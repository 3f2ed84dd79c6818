/// The recent values `change` rules compare against, handed from one engine to the next when a
/// reload replaces the rules, so a `change … within 1h` rule does not go blind for an hour.
public struct HistorySnapshot: Sendable {
    let histories: [String: MetricHistory]
}
