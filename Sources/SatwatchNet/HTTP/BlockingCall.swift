import BlockingPool
import CCurl

/// Runs a blocking call (a `curl_easy_perform`) on a thread of a `BlockingPool` and awaits its
/// result.
///
/// The Swift cooperative pool has one thread per core (two here): a transfer that waits 30 s on a
/// slow endpoint must not hold one of them. A pool's fixed threads take the transfers in turn, so
/// the thread count stays the same however many channels and polls there are
/// (`WorkerPools.transfers`, `WorkerPools.polls`).
enum BlockingCall {
    /// Runs `work` on `pool`. When the awaiting task is cancelled, `flag` is raised; `work` is
    /// expected to notice it (curl's progress callback does) and return early. A call whose task
    /// was cancelled before its turn came fails then without running (curl's 42), and one the pool
    /// refuses (its queue is full) fails at once (`CurlError.refused`); `failure` wraps either.
    static func run<Success: Sendable, Failure: Error>(
        on pool: BlockingPool,
        flag: CancellationFlag,
        failure: @escaping @Sendable (CurlError) -> Failure,
        _ work: @escaping @Sendable () -> Result<Success, Failure>
    ) async -> Result<Success, Failure> {
        await withTaskCancellationHandler {
            do throws(BlockingPool.Refusal) {
                return try await pool.run {
                    flag.isRaised ? .failure(failure(CurlError(CURLE_ABORTED_BY_CALLBACK, detail: "Cancelled before it began"))) : work()
                }
            } catch {
                return .failure(failure(.refused(error)))
            }
        } onCancel: {
            flag.raise()
        }
    }
}
