import Synchronization

/// A one-way flag set by a task's cancellation handler and polled by a curl callback on the
/// transfer's thread.
final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    init() {}

    /// Marks the transfer as cancelled; it aborts at curl's next progress callback (within
    /// about a second, also while waiting for a silent server).
    func raise() {
        raised.store(true, ordering: .relaxed)
    }

    var isRaised: Bool {
        raised.load(ordering: .relaxed)
    }
}
