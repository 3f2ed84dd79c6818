@testable import SatwatchBase
@testable import SatwatchFeeds


/// Test conveniences over `FrameOutcome`.
extension FrameOutcome {
    /// The samples, or nil when the frame was liveness or skipped.
    var samples: [Sample]? {
        if case .samples(let samples) = self { return samples }
        return nil
    }

    /// The skip reason, or nil when the frame decoded.
    var skipReason: SkipReason? {
        if case .skipped(let reason) = self { return reason }
        return nil
    }
}
