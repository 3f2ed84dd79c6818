import SatwatchBase
import SatwatchFeeds
import SatwatchRules

/// What evaluating one frame gave (see `FrameEvaluator.process`).
package struct ProcessedFrame: Sendable {
    /// The frame's samples as evaluated (bounded in time, derived metrics added), or why there
    /// were none.
    package var outcome: FrameOutcome
    /// The rules' changes: the feed's stale alert resolved, deadlines passed, samples judged.
    package var changes: [RuleChange]
    /// Fields that were unusable though the frame as a whole was not.
    package var rejectedFields: Int
    /// Samples stamped further in the future than the tolerance, taken at the receive time.
    package var futureSamples: Int
    /// Samples older than the feed's `stale_after`, left out.
    package var staleSamples: Int
    /// Whether the frame shows the feed delivering now: false when its data was all stale, or
    /// it brought none after such a frame (see `FrameEvaluator.heardCurrent`).
    package var isCurrent: Bool
}
