import Dispatch

/// Runs a test's blocking work (a `poll` on raw sockets until a deadline) on a thread of its own
/// and awaits its result: many such watches run side by side, which a bounded pool would queue.
package enum OwnThread {
    /// Runs `work` on a new serial queue named `label` (libdispatch's overcommit pool starts a
    /// thread for it when none is idle) and returns its result.
    package static func run<Result: Sendable>(_ label: String, _ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: label).async { continuation.resume(returning: work()) }
        }
    }
}
