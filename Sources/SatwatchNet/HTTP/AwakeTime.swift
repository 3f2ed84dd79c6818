/// The time a transfer has spent with its process running, told from the time it spent stopped.
///
/// curl calls a transfer's progress callback about once a second while the process runs, even
/// while it only waits; each call is a `tick`. A gap between two ticks counts as waiting up to
/// `longestGap`; the rest of a longer gap is time the process did not run (SIGSTOP, a frozen
/// container, a suspended machine, a thread starved for seconds) and is counted as `stopped`.
/// So a transfer stopped after its request went out is not timed out by the stop: on resume it
/// reads the answer that waited in its socket, where a wall or monotonic timeout would have
/// given up and made the caller send the request again.
struct AwakeTime {
    /// The longest gap between two ticks that still counts as waiting: twice curl's period,
    /// so a busy machine's late callback is waiting, and a stop of a few seconds is not.
    static let longestGap: Duration = .seconds(2)

    /// Time counted as waiting for the transfer.
    private(set) var awake: Duration = .zero
    /// Time the process did not run, left out of `awake`.
    private(set) var stopped: Duration = .zero
    private var last: ContinuousClock.Instant

    /// Starts counting at `start` (just before the transfer begins).
    init(startingAt start: ContinuousClock.Instant) {
        last = start
    }

    /// Counts the gap since the previous tick (or the start) up to `now`.
    mutating func tick(at now: ContinuousClock.Instant) {
        let gap = max(.zero, now - last)
        last = now
        let counted = min(gap, Self.longestGap)
        awake += counted
        stopped += gap - counted
    }
}
