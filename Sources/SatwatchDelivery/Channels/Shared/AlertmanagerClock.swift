import SatwatchBase
import Synchronization

/// One Alertmanager's clock as the channel last measured it (`ClockSkew`), shared by every copy
/// of the channel's queue for that peer: the alerts it is sent carry their times on that clock
/// (ours plus `skew`), so a worker whose clock is off keeps its alerts alive there. A skew worth
/// saying is logged as a warning with the advice, once, and again when it changes much
/// (`SkewReport`).
final class AlertmanagerClock: Sendable {
    private struct State {
        var skew = TimeSpan.zero
        var report = SkewReport()
    }

    private let state = Mutex(State())
    private let logger: Logger?
    /// The channel (or peer queue) and the peer's `host:port`, for the log line.
    private let channel: String
    private let peer: String

    init(channel: String, peer: String, logger: Logger?) {
        self.channel = channel
        self.peer = peer
        self.logger = logger
    }

    /// The peer's clock minus ours, as last measured (zero until then).
    var skew: TimeSpan { state.withLock { $0.skew } }

    /// Takes the measurement of one exchange: the answer's `Date` (epoch seconds) and when, on
    /// our clock, the request went and its answer came.
    func measure(serverSeconds: Int64, sent: Timestamp, answered: Timestamp) {
        let skew = ClockSkew.estimate(serverSeconds: serverSeconds, sent: sent, answered: answered)
        let notice = state.withLock { state -> SkewReport.Notice? in
            state.skew = skew
            return state.report.observe(skew)
        }
        switch notice {
        case .differs(let skew)?:
            let (side, size) = skew.milliseconds > 0 ? ("behind", skew) : ("ahead of", TimeSpan(milliseconds: -skew.milliseconds))
            logger?.warn("clock differs from alertmanager's", [
                "channel": channel, "alertmanager": peer, "clock": "\(size.wholeSecondsText) \(side) alertmanager's",
                "advice": "keep the clock synchronized (timedatectl set-ntp true); meanwhile alerts carry alertmanager's time"])
        case .agrees?:
            logger?.info("clock agrees with alertmanager's again", ["channel": channel, "alertmanager": peer])
        case nil:
            break
        }
    }
}
