import Synchronization

/// Bounded waiting for work that may not honour cancellation promptly.
package enum Deadline {
    /// Runs `work` in a task of its own and waits for it at most `limit`; true when it finished
    /// in time. When time is up, `work` is cancelled and left to end on its own: the caller goes
    /// on at once (a task group would wait for it).
    package static func run(within limit: TimeSpan, _ work: @escaping @Sendable () async -> Void) async -> Bool {
        let answer = OneShot()
        return await withCheckedContinuation { continuation in
            answer.set(continuation)
            let worker = Task {
                await work()
                answer.resume(true)
            }
            Task {
                try? await Task.sleep(for: limit.duration)
                worker.cancel()
                answer.resume(false)
            }
        }
    }

    /// A continuation resumed by whichever side comes first.
    private final class OneShot: Sendable {
        private let continuation = Mutex<CheckedContinuation<Bool, Never>?>(nil)
        func set(_ value: CheckedContinuation<Bool, Never>) { continuation.withLock { $0 = value } }
        func resume(_ value: Bool) { continuation.withLock { $0.take() }?.resume(returning: value) }
    }
}
