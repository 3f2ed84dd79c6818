import Dispatch

/// Runs a blocking call (a `curl_easy_perform`) on its own thread and awaits its result.
///
/// The Swift cooperative pool has one thread per core (two here): a transfer that waits 30 s on a
/// slow endpoint must not hold one of them. Each call gets a fresh serial `DispatchQueue`; such a
/// queue targets libdispatch's *overcommit* root queue, which starts a new thread whenever none
/// is idle, so many slow transfers wait side by side and never delay the pool or each other.
/// (The default global queue is not overcommit and, on Linux, adds threads only after a
/// blocked-worker check, which would serialize concurrent slow requests.)
enum BlockingCall {
    /// Runs `work` off the cooperative pool. When the awaiting task is cancelled, `flag` is
    /// raised; `work` is expected to notice it (curl's progress callback does) and return early.
    static func run<Success: Sendable, Failure: Error>(
        label: String,
        flag: CancellationFlag,
        _ work: @escaping @Sendable () -> Result<Success, Failure>
    ) async -> Result<Success, Failure> {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue(label: label).async {
                    continuation.resume(returning: work())
                }
            }
        } onCancel: {
            flag.raise()
        }
    }
}
