import SatwatchBase
import SQLiteKit
import Synchronization

/// Whether the state file can be used, as the worker's parts last found it: each part (the
/// evaluator's commits, the dispatcher's bookkeeping, …) reports its failures and successes under
/// its own name, and the store is healthy while none of them is failing. `/healthz` answers 503
/// with the reason while it is not; `/metrics` counts every error.
///
/// It also keeps the log readable when a disk is full: one line per distinct error and part per
/// `logEvery`, and one line when the part recovers from a failure that was logged, however often
/// the operation is retried, and however often it gets through in between (a full disk lets a
/// commit through every few seconds).
package final class StoreHealthBoard: Sendable {
    /// A part's current failure.
    package struct Failure: Sendable, Equatable {
        package var error: String
        package var since: Timestamp
    }

    private struct State {
        var failing: [String: Failure] = [:]
        var lastLogged: [String: (error: String, at: Timestamp)] = [:]
        var errors = 0
    }

    /// How often the same error of the same part is logged again while it persists.
    static let logEvery = TimeSpan.minutes(1)
    private let state = Mutex(State())
    private let logger: Logger

    /// Creates a healthy board that logs through `logger`.
    package init(logger: Logger) { self.logger = logger }

    /// Every storage error since start.
    package var errorsTotal: Int { state.withLock { $0.errors } }

    /// The parts failing now, by name; empty when the store is healthy.
    package var failing: [String: Failure] { state.withLock { $0.failing } }

    /// Records that `part` failed with `error`; logs it unless the same error of the same part
    /// was logged less than `logEvery` ago. `fields` add context to the log line.
    package func failed(_ part: String, _ error: any Error, at now: Timestamp, _ fields: LogFields = [:]) {
        if let code = (error as? SQLiteError)?.systemErrno, DescriptorShortage.isShortage(code) {
            DescriptorShortage.process.refused("opening the state file", errno: code, at: now)
        }
        let message = "\(error)"
        let log = state.withLock { state -> Bool in
            state.errors += 1
            if state.failing[part]?.error != message { state.failing[part] = Failure(error: message, since: now) }
            if let last = state.lastLogged[part], last.error == message, now - last.at < Self.logEvery { return false }
            state.lastLogged[part] = (message, now)
            return true
        }
        if log {
            logger.error("state store failed", LogFields([("part", part), ("error", message)] + fields.pairs
                                                         + [("repeats_logged_every", Self.logEvery.text)]))
        }
    }

    /// Records that `part` used the store successfully; logs the recovery once, when the failure
    /// it ends was logged.
    package func succeeded(_ part: String, at now: Timestamp) {
        let recovered = state.withLock { state -> Failure? in
            guard let failure = state.failing.removeValue(forKey: part),
                  let logged = state.lastLogged[part], logged.at >= failure.since else { return nil }
            return failure
        }
        if let recovered {
            logger.info("state store recovered", ["part": part, "failed_for": (now - recovered.since).text])
        }
    }
}
