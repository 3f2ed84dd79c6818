import SatwatchBase
import SatwatchJSON

/// The samples of one frame being decoded, and the fields that were there but unusable.
///
/// Counting rule shared by every decoder: a bad field (wrong JSON type, missing where the feed
/// always sends it, or a value outside the metric's domain) drops only that field. The frame is
/// `.samples` when at least one sample survives (the bad fields are then counted in the
/// decoder's `rejectedFields`, not as a skipped frame); it is `.skipped` with the first bad
/// field's reason when nothing survives; a frame with neither samples nor bad fields is valid
/// data with nothing in it, `.samples([])`.
struct SampleBatch {
    let at: Timestamp
    let source: String
    private(set) var samples: [Sample] = []
    private(set) var rejected = 0
    private(set) var firstRejection: SkipReason?

    init(at: Timestamp, source: String) {
        self.at = at
        self.source = source
    }

    /// Records a sample whose value is already known to be good.
    mutating func add(_ metric: String, _ value: Double) {
        samples.append(Sample(metric: metric, value: value, at: at, source: source))
    }

    /// Records the close of a completed UTC `day` from the feed's history (stamped 00:00 UTC).
    mutating func addDailyClose(_ metric: String, _ value: Double, day: Int64) {
        samples.append(Sample(metric: metric, value: value, at: Timestamp(startOfUTCDay: day), source: source,
                              isDailyClose: true))
    }

    /// Records a field that could not be used.
    mutating func reject(_ reason: SkipReason) {
        rejected += 1
        if firstRejection == nil { firstRejection = reason }
    }

    /// Adds `metric` from a field the feed always sends: it must be a JSON number in `domain`.
    /// A missing field, `null` or another type is `unexpected_shape`.
    mutating func add(_ metric: String, number node: JSONNode?, domain: ValueDomain) {
        guard let value = node?.number else { return reject(.unexpectedShape) }
        guard domain.admits(value) else { return reject(.invalidValue) }
        add(metric, value)
    }

    /// Adds `metric` from a decimal that the feed sends as a string (a JSON number is accepted
    /// too). Not a string or number is `unexpected_shape`; text that is not a decimal, or a value
    /// outside `domain`, is `invalid_value`.
    mutating func add(_ metric: String, decimal node: JSONNode?, domain: ValueDomain) {
        switch Self.decimal(node) {
        case .value(let value) where domain.admits(value): add(metric, value)
        case .value: reject(.invalidValue)
        case .skipped(let reason): reject(reason)
        }
    }

    /// The value of a decimal string (or number) field, or why there is none.
    static func decimal(_ node: JSONNode?) -> Decoded<Double> {
        if let text = node?.string {
            guard let value = DecimalText.value(of: text) else { return .skipped(.invalidValue) }
            return .value(value)
        }
        if let value = node?.number { return .value(value) }
        return .skipped(.unexpectedShape)
    }

    /// The frame's outcome under the counting rule above.
    var outcome: FrameOutcome {
        if samples.isEmpty, let firstRejection { return .skipped(firstRejection) }
        return .samples(samples)
    }
}

/// A decoded value, or why there is none. (`Result` would need `SkipReason` to be an `Error`,
/// which it is not: a skip is an expected outcome, not a failure to propagate.)
enum Decoded<Value> {
    case value(Value)
    case skipped(SkipReason)
}
