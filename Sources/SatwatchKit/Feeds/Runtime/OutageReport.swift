/// When a feed that keeps failing says so, so that a long outage costs a few lines, not one per
/// retry: the first failure at once, then "still failing" when the next report is due (1 minute
/// after the first failure, then 5 minutes, 30 minutes and every hour after the previous report),
/// then "connected again" once. A day offline is about 27 lines per feed instead of thousands.
struct OutageReport: Sendable, Equatable {
    /// Gaps between reports; the last one repeats.
    static let gaps: [TimeSpan] = [.minutes(1), .minutes(5), .minutes(30), .hours(1)]

    /// What to log for an event, if anything.
    enum Line: Sendable, Equatable {
        /// The first failure of an outage.
        case failed
        /// Reminder: `attempts` failures since `since`.
        case stillFailing(attempts: Int, since: Timestamp)
        /// The outage is over: it lasted `after` and took `attempts` failures.
        case recovered(after: TimeSpan, attempts: Int)
    }

    private var since: Timestamp?
    private var attempts = 0
    private var reports = 0
    private var nextReport = Timestamp(milliseconds: 0)

    /// Records a failed attempt at `now`.
    mutating func failed(at now: Timestamp) -> Line? {
        attempts += 1
        guard let since else {
            self.since = now
            schedule(after: now)
            return .failed
        }
        guard now >= nextReport else { return nil }
        schedule(after: now)
        return .stillFailing(attempts: attempts, since: since)
    }

    /// Records a success at `now`; says "connected again" only after an outage.
    mutating func succeeded(at now: Timestamp) -> Line? {
        defer { self = OutageReport() }
        guard let since else { return nil }
        return .recovered(after: now - since, attempts: attempts)
    }

    private mutating func schedule(after now: Timestamp) {
        nextReport = now + Self.gaps[min(reports, Self.gaps.count - 1)]
        reports += 1
    }
}
