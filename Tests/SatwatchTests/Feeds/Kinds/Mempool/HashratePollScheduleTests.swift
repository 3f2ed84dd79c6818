@testable import SatwatchBase
@testable import SatwatchFeeds
import Testing

/// When the mempool feed polls hash rate and difficulty, on an injected clock (seconds from start).
/// Each step happens at its second; `.due` checks the wait the poller would be told then.
@Suite struct HashratePollScheduleTests {
    enum Step {
        case heard(MempoolBlockSignal)
        /// A poll starts now (the poller only does that when the wait is zero).
        case poll
        case failed(retryIn: Int64)
        /// The wait at this time with the stream up (true) or down, in seconds.
        case due(streamUp: Bool, wait: Int64)
    }

    static let t0 = Timestamp(milliseconds: 1_765_375_320_000)

    static let cases: [(String, [(Int64, Step)])] = [
        ("the start poll goes out at once, even with the stream down; then hourly",
         [(0, .due(streamUp: false, wait: 0)), (0, .poll), (1, .due(streamUp: true, wait: 3599)),
          (3600, .due(streamUp: true, wait: 0))]),
        ("the tips that answer init and want right after the start poll add nothing",
         [(0, .poll), (1, .heard(.tip)), (1, .heard(.tip)), (1, .due(streamUp: true, wait: 3599))]),
        ("a tip before any poll is the start poll",
         [(0, .heard(.tip)), (0, .due(streamUp: true, wait: 0))]),
        ("a new block polls at once when the last poll is older than the spacing",
         [(0, .poll), (600, .heard(.newBlock)), (600, .due(streamUp: true, wait: 0)), (600, .poll),
          (601, .due(streamUp: true, wait: 3599))]),
        ("blocks seconds apart: one poll waits out the spacing, and covers both",
         [(0, .poll), (600, .heard(.newBlock)), (600, .poll), (603, .heard(.newBlock)), (603, .due(streamUp: true, wait: 7)),
          (605, .heard(.newBlock)), (610, .due(streamUp: true, wait: 0)), (610, .poll), (611, .due(streamUp: true, wait: 3599))]),
        ("a tip after an outage polls (a block may have come meanwhile)",
         [(0, .poll), (900, .heard(.tip)), (900, .due(streamUp: true, wait: 0))]),
        ("hourly polls wait for the stream; its reconnect's tip brings the poll",
         [(0, .poll), (3600, .due(streamUp: false, wait: 60)), (3700, .heard(.tip)), (3700, .due(streamUp: true, wait: 0))]),
        ("a failure waits its backoff whatever blocks come, then retries",
         [(0, .poll), (1, .failed(retryIn: 30)), (5, .heard(.newBlock)), (5, .due(streamUp: true, wait: 26)),
          (31, .due(streamUp: true, wait: 0)), (31, .poll), (32, .due(streamUp: true, wait: 3599))]),
        ("a retry due while the stream is down waits for it",
         [(0, .poll), (1, .failed(retryIn: 5)), (6, .due(streamUp: false, wait: 60)), (6, .due(streamUp: true, wait: 0))]),
        ("a block announced during a poll earns the next one",
         [(0, .poll), (0, .heard(.newBlock)), (1, .due(streamUp: true, wait: 9))]),
    ]

    @Test(arguments: cases)
    func schedule(_ name: String, _ steps: [(Int64, Step)]) {
        var schedule = HashratePollSchedule()
        for (second, step) in steps {
            let now = Self.t0 + .seconds(second)
            switch step {
            case .heard(let signal): schedule.heard(signal, at: now)
            case .poll: schedule.polling(at: now)
            case .failed(let retryIn): schedule.failed(at: now, retryIn: .seconds(retryIn))
            case .due(let streamUp, let wait):
                #expect(schedule.delay(at: now, streamUp: streamUp) == .seconds(wait), "\(name) at \(second)s")
            }
        }
    }
}
