import Dispatch

/// A serial executor backed by a dispatch queue of its own. An actor whose work blocks (SQLite
/// waiting out a busy lock, fsyncs of a checkpoint) runs on one of these, so it never holds a
/// thread of the cooperative pool, which has only as many threads as cores (two here).
package final class QueueExecutor: SerialExecutor {
    private let queue: DispatchQueue

    /// Creates an executor on a new serial queue named `label`.
    package init(label: String) { queue = DispatchQueue(label: label) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}
