import SatwatchBase

/// How far a receiver's clock is from ours, read from its HTTP `Date` header: Alertmanager
/// compares each alert's `endsAt` with its own clock, so a worker whose clock is behind by more
/// than the `endsAt` margin (4 × `resend`) had every alert resolved as soon as it arrived.
enum ClockSkew {
    /// The smallest skew (the receiver's clock minus ours) that explains an answer dated
    /// `serverSeconds` (a `Date` header: whole seconds, rounded down) to a request sent at
    /// `sent` and answered at `answered` on our clock: the header was written in between, so
    /// the skew lies within [date − answered, date + 1 s − sent]; zero when that range holds
    /// zero. Never more than what the answer proves, however slow the exchange.
    static func estimate(serverSeconds: Int64, sent: Timestamp, answered: Timestamp) -> TimeSpan {
        let date = serverSeconds &* 1000
        let lowest = date &- answered.milliseconds
        let highest = date &+ 999 &- sent.milliseconds
        if lowest > 0 { return TimeSpan(milliseconds: lowest) }
        if highest < 0 { return TimeSpan(milliseconds: highest) }
        return .zero
    }
}

/// When a measured skew is worth a log line: once when it first reaches `warnAt`, again when it
/// has moved by `warnAt` or more since, and once (as good news) when it falls back under
/// `agreeBelow`; between those, nothing, however often it is measured.
struct SkewReport: Equatable {
    /// What a measurement calls for.
    enum Notice: Equatable {
        /// The clocks differ by this much (the receiver's minus ours): warn.
        case differs(TimeSpan)
        /// The clocks agree again after a warning.
        case agrees
    }

    /// A skew at least this large, either way, is warned about.
    static let warnAt = TimeSpan.seconds(5)
    /// Under this, after a warning, the clocks agree again (a gap between the two thresholds
    /// keeps a skew near one of them from warning at every measurement).
    static let agreeBelow = TimeSpan.seconds(2)
    /// The skew last warned about; nil while the clocks agree.
    private(set) var reported: TimeSpan?

    /// Records a measurement; what to log, if anything.
    mutating func observe(_ skew: TimeSpan) -> Notice? {
        let size = abs(skew.milliseconds)
        if let last = reported {
            if size < Self.agreeBelow.milliseconds {
                reported = nil
                return .agrees
            }
            guard abs(skew.milliseconds - last.milliseconds) >= Self.warnAt.milliseconds else { return nil }
        }
        guard size >= Self.warnAt.milliseconds else { return nil }
        reported = skew
        return .differs(skew)
    }
}
