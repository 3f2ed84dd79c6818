import Synchronization

/// Bytes of messages the connection thread delivered that the consumer has not taken yet. Past
/// `limit` the thread stops reading the socket (TCP flow control then slows the server), so a
/// server faster than its consumer costs at most `limit` plus one message of memory here.
final class WebSocketBacklog: Sendable {
    private let bytes = Mutex(0)
    /// The most `bytes` has been, for tests: what bounds the backlog over a whole run, where
    /// `count` shows one moment.
    private let highest = Mutex(0)
    /// Bytes delivered and not taken yet.
    var count: Int { bytes.withLock { $0 } }
    /// The largest `count` so far.
    var peak: Int { highest.withLock { $0 } }
    private let limit: Int
    private let wakeup: WakeupPipe

    init(limit: Int, wakeup: WakeupPipe) {
        self.limit = limit
        self.wakeup = wakeup
    }

    /// Whether the thread should stop reading for now.
    var isFull: Bool { bytes.withLock { $0 > limit } }

    /// A message of `count` bytes was delivered.
    func add(_ count: Int) {
        let total = bytes.withLock { total in
            total += count
            return total
        }
        highest.withLock { $0 = max($0, total) }
    }

    /// The consumer took a message of `count` bytes; wakes the thread if that makes room.
    func take(_ count: Int) {
        let wasFull = bytes.withLock { total in
            defer { total -= count }
            return total > limit
        }
        if wasFull && !isFull { wakeup.signal() }
    }
}
