import SatwatchBase

/// When the mempool feed asks its REST API for hash rate and difficulty: at start, after each new
/// block the stream announces, and at least every `every`. Pure: the poller passes the time.
///
/// - A new block always earns a poll, but no sooner than `spacing` after the previous one started:
///   blocks seconds apart cost one poll, not several, and none is missed (the later poll covers).
/// - A tip snapshot (`blocks`, sent after every connect) earns one only when the last poll began
///   `spacing` or more ago: at start it arrives right after the start poll and adds nothing, after
///   an outage it catches a block that came while the stream was down.
/// - A failed poll is retried when its backoff says, whatever blocks come meanwhile.
/// - After the start poll, none goes out while the stream is down: the values would be stale anyway
///   (the feed is), and an hourly answer would end the feed's stale alert for a minute and fire it
///   again, every hour. The stream's reconnect sends a tip, which brings the poll.
struct HashratePollSchedule: Sendable, Equatable {
    /// The longest gap between polls while nothing happens.
    var every = TimeSpan.hours(1)
    /// The shortest gap between the starts of two polls asked for by blocks.
    var spacing = TimeSpan.seconds(10)
    /// How long to wait before looking again when a poll is due but the stream is down (its
    /// reconnect also wakes the poller; this only bounds a missed wake-up).
    static let streamCheck = TimeSpan.minutes(1)

    /// When the last poll started; nil before the first.
    private(set) var lastPoll: Timestamp?
    /// A block was announced after the last poll started.
    private(set) var blockPending = false
    /// When the failed last poll is retried; nil after a success.
    private(set) var retryAt: Timestamp?

    /// Takes note of what the stream said at `now`.
    mutating func heard(_ signal: MempoolBlockSignal, at now: Timestamp) {
        switch signal {
        case .newBlock:
            blockPending = true
        case .tip:
            if lastPoll.map({ now - $0 >= spacing }) ?? true { blockPending = true }
        }
    }

    /// How long to wait at `now` before polling; zero: poll now.
    func delay(at now: Timestamp, streamUp: Bool) -> TimeSpan {
        // The start poll goes out whatever the stream does.
        guard let lastPoll else { return .zero }
        let due = retryAt ?? lastPoll + (blockPending ? spacing : every)
        if due > now { return due - now }
        return streamUp ? .zero : Self.streamCheck
    }

    /// A poll starts at `now`: it covers every block announced so far.
    mutating func polling(at now: Timestamp) {
        lastPoll = now
        blockPending = false
        retryAt = nil
    }

    /// The poll that started last failed at `now`; the next one waits `delay`.
    mutating func failed(at now: Timestamp, retryIn delay: TimeSpan) {
        retryAt = now + delay
    }
}
