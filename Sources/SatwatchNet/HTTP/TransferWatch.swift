import CCurl

/// What curl's progress callback checks for one transfer, on the transfer's thread: whether the
/// awaiting task was cancelled, and whether the transfer has used up its timeout.
///
/// The timeout is counted in `AwakeTime`, not by curl's own `CURLOPT_TIMEOUT`, which counts
/// the time the process was stopped too: after a SIGSTOP while a receiver was answering, curl
/// gave up on resume although the answer was waiting, and the notification went again.
final class TransferWatch {
    private let flag: CancellationFlag
    private let limit: Duration
    private var time: AwakeTime
    /// Set when the transfer was aborted for its timeout (not for a cancellation).
    private(set) var timedOut = false

    /// Watches a transfer that starts at `start`, with `limit` of awake time.
    init(flag: CancellationFlag, limit: Duration, start: ContinuousClock.Instant = .now) {
        self.flag = flag
        self.limit = limit
        time = AwakeTime(startingAt: start)
    }

    /// Whether to abort the transfer at a progress call at `now`.
    func shouldAbort(at now: ContinuousClock.Instant) -> Bool {
        if flag.isRaised { return true }
        time.tick(at: now)
        if time.awake >= limit { timedOut = true }
        return timedOut
    }

    /// The error a transfer that ended with `code` reports: a timeout of ours as curl's own
    /// (28), with the time left out for a stop; anything else as curl said it.
    func error(_ code: CURLcode, on easy: CurlEasy) -> CurlError {
        guard timedOut && code == CURLE_ABORTED_BY_CALLBACK else { return easy.error(code) }
        let stopped = time.stopped >= .seconds(1) ? " (not counting \(time.stopped.components.seconds) s the process was stopped)" : ""
        return CurlError(code: Int(CURLE_OPERATION_TIMEDOUT.rawValue),
                         message: "Operation timed out after \(CurlEasy.milliseconds(time.awake)) milliseconds\(stopped)")
    }
}
