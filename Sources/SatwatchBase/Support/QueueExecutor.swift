import Dispatch

/// A serial executor backed by a dispatch queue of its own. An actor whose work blocks (SQLite
/// waiting out a busy lock, fsyncs of a checkpoint) runs on one of these, so it never holds a
/// thread of the cooperative pool, which has only as many threads as cores (two here).
///
/// It is a task executor too: a task that prefers it runs its own code on the same queue, so its
/// calls into the actor (and back) run on the thread already running, instead of two thread
/// hand-offs each (see `Dispatcher.work`).
package final class QueueExecutor: SerialExecutor, TaskExecutor {
    private let queue: DispatchQueue

    /// Creates an executor on a new serial queue named `label`.
    package init(label: String) { queue = DispatchQueue(label: label) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let serial = asUnownedSerialExecutor(), task = asUnownedTaskExecutor()
        // Every job here runs on the one serial queue, so each is isolated to the actor's
        // executor, whichever task it belongs to: a call into the actor needs no switch.
        queue.async { job.runSynchronously(isolatedTo: serial, taskExecutor: task) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }

    package func asUnownedTaskExecutor() -> UnownedTaskExecutor { UnownedTaskExecutor(ordinary: self) }
}
