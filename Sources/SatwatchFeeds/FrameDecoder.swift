import SatwatchBase

/// Turns a feed's raw text frames into samples. Pure: no I/O, no clock; the caller passes the
/// receive time. Live feeds, `record`/`replay` and tests all use the same decoders.
///
/// A decoder must never trap on input: anything malformed or unexpected comes back as
/// `.skipped(reason)` so the feed can count it and carry on.
package protocol FrameDecoder: Sendable {
    /// Decodes one frame received at `at`. Stateful decoders (e.g. Coin Metrics keeping 200 days
    /// of prices for the Mayer multiple) update themselves.
    mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome

    /// Fields that were present but unusable in frames that still produced samples (a frame
    /// that produced none is `.skipped` instead), since the decoder was made.
    var rejectedFields: Int { get }
}

extension FrameDecoder {
    /// For decoders whose frames carry one value each: a bad one skips the whole frame.
    package var rejectedFields: Int { 0 }
}
