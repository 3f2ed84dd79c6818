import SatwatchBase

/// When a feed that keeps failing says so, so that a long outage costs a few lines, not one per
/// retry: the first failure at once, then "still failing" when the next report is due (1 minute
/// after the first failure, then 5 minutes, 30 minutes and every hour after the previous report),
/// then "connected again" once. A day offline is about 27 lines per feed instead of thousands.
///
/// The outage ends only once the feed is healthy (`healthy()`): a connection that drops again at
/// once says "connected again" and its drop once, then stays under the same cadence, so a feed
/// that connects and is closed every minute does not log two lines a minute either.
struct OutageReport: Sendable, Equatable {
    /// Gaps between reports; the last one repeats.
    static let gaps: [TimeSpan] = [.minutes(1), .minutes(5), .minutes(30), .hours(1)]

    /// What to log for a failure, if anything.
    enum Failure: Sendable, Equatable {
        /// The first failure of an outage, or the first drop after "connected again".
        case failed
        /// Reminder: `attempts` failures since `since`.
        case stillFailing(attempts: Int, since: Timestamp)
    }

    /// What to log for a connect.
    enum Connect: Sendable, Equatable {
        /// Not in an outage: the feed's usual "connected" line.
        case connected
        /// The outage's first connect: it had lasted `after` and taken `attempts` failures.
        case connectedAgain(after: TimeSpan, attempts: Int)
        /// A later connect in an outage that has not ended (the previous one did not last).
        case quiet
    }

    private var since: Timestamp?
    private var attempts = 0
    private var reports = 0
    private var nextReport = Timestamp(milliseconds: 0)
    /// "connected again" was said, and whether a drop was said after it.
    private var reconnected = false
    private var droppedAgain = false

    /// Records a failed attempt at `now`.
    mutating func failed(at now: Timestamp) -> Failure? {
        attempts += 1
        guard let since else {
            self.since = now
            schedule(after: now)
            return .failed
        }
        if reconnected, !droppedAgain {
            droppedAgain = true
            schedule(after: now)
            return .failed
        }
        guard now >= nextReport else { return nil }
        schedule(after: now)
        return .stillFailing(attempts: attempts, since: since)
    }

    /// Records a connect (or a successful poll) at `now`.
    mutating func connected(at now: Timestamp) -> Connect {
        guard let since else { return .connected }
        if reconnected { return .quiet }
        reconnected = true
        return .connectedAgain(after: now - since, attempts: attempts)
    }

    /// Ends the outage: the feed has been healthy (a connection lasted, a poll succeeded).
    mutating func healthy() {
        self = OutageReport()
    }

    private mutating func schedule(after now: Timestamp) {
        nextReport = now + Self.gaps[min(reports, Self.gaps.count - 1)]
        reports += 1
    }
}

extension Logger {
    /// Logs a failed poll of `what` (`"hashrate poll"`, `"watch read"`) as an `OutageReport`
    /// decided: the first failure at once, then reminders with the attempts since it.
    func pollFailed(_ what: String, _ failure: OutageReport.Failure, feed: FeedKind, reason: String, retryIn delay: TimeSpan) {
        let fields: LogFields = ["feed": feed.rawValue, "reason": reason, "retry_in": delay.wholeSecondsText]
        switch failure {
        case .failed:
            warn("\(what) failed", fields)
        case .stillFailing(let attempts, let since):
            warn("\(what) still failing", LogFields([("attempts", "\(attempts)"), ("since", since.rfc3339)] + fields.pairs))
        }
    }

    /// Logs that a poll of `what` works again, when the outage report says it had failed.
    func pollRecovered(_ what: String, _ connect: OutageReport.Connect, feed: FeedKind) {
        guard case .connectedAgain(let after, let attempts) = connect else { return }
        info("\(what) recovered", ["feed": feed.rawValue, "after": after.text, "attempts": "\(attempts)"])
    }
}
