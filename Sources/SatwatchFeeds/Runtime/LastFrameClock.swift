import SatwatchBase
import Synchronization

/// When a connection last received anything: written by the reader, read by the watchdog.
final class LastFrameClock: Sendable {
    private let value = Mutex(WallClock.now())

    func set(_ time: Timestamp) { value.withLock { $0 = time } }
    func get() -> Timestamp { value.withLock { $0 } }
}
