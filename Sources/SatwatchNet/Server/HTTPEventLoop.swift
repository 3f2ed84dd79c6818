import Glibc

/// The endpoint server's thread: one `poll` over the listener, the wake-up pipe and every open
/// connection (at most `limits.maximumConnections`), all non-blocking, so no client can hold
/// the thread. Owns the listener and the connections; closes them all before it returns.
final class HTTPEventLoop {
    let listener: Int32
    private let wakeup: WakeupPipe
    let limits: HTTPServerLimits
    let handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse
    /// Oldest first.
    var connections: [HTTPConnection] = []
    /// Set while accepting is paused for want of descriptors.
    var acceptPausedUntil: ContinuousClock.Instant?

    init(listener: Int32, wakeup: WakeupPipe, limits: HTTPServerLimits,
         handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) {
        self.listener = listener
        self.wakeup = wakeup
        self.limits = limits
        self.handler = handler
    }

    /// Serves until the wake-up pipe is signalled, then closes every socket.
    func run() {
        while true {
            let now = ContinuousClock.now
            if let until = acceptPausedUntil, until <= now { acceptPausedUntil = nil }
            var descriptors = [pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: listener, events: acceptPausedUntil == nil ? Int16(POLLIN) : 0, revents: 0)]
            descriptors += connections.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(from: now))
            if ready < 0 {
                // Only EINTR or a transient ENOMEM happen with so few descriptors: retry rather
                // than end serving silently; only the wake-up ends this loop.
                if errno != EINTR { usleep(10_000) }
                continue
            }
            if descriptors[0].revents != 0 { break }
            serviceConnections(descriptors.dropFirst(2).map(\.revents))
            if descriptors[1].revents != 0 { acceptBatch() }
        }
        for connection in connections { close(connection.descriptor) }
        connections = []
        close(listener)
    }

    /// Milliseconds until the nearest deadline, -1 (wait indefinitely) when there is none.
    private func timeout(from now: ContinuousClock.Instant) -> Int32 {
        let deadlines = connections.map(\.deadline) + (acceptPausedUntil.map { [$0] } ?? [])
        guard let nearest = deadlines.min() else { return -1 }
        return Int32(clamping: max(0, (nearest - now).roundedUpMilliseconds))
    }

    /// `events`: each connection's `revents`, in order.
    private func serviceConnections(_ events: [Int16]) {
        let now = ContinuousClock.now
        var open: [HTTPConnection] = []
        for (var connection, revents) in zip(connections, events) {
            var next = HTTPConnection.Next.keep
            if revents != 0 { next = connection.ready(limits: limits, handler: handler) }
            if next == .keep, connection.deadline <= now { next = connection.expired(limits: limits) }
            if next == .keep { open.append(connection) } else { close(connection.descriptor) }
        }
        connections = open
    }
}

extension HTTPEventLoop {
    /// Accepts what is queued, at most half the connection cap per round so that clients already
    /// accepted are read before a flood of newcomers could push them out.
    func acceptBatch() {
        for _ in 0..<max(1, limits.maximumConnections / 2) {
            // (Glibc as imported into Swift has no accept4.)
            let descriptor = accept(listener, nil, nil)
            guard descriptor >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM: acceptPausedUntil = .now + limits.acceptPause
                default: break
                }
                return
            }
            _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            if connections.count >= limits.maximumConnections { evict() }
            // An honest client's request is usually there already: answer it before anything
            // else can take its place.
            var connection = HTTPConnection(descriptor: descriptor, now: .now, limits: limits)
            if connection.ready(limits: limits, handler: handler) == .keep {
                connections.append(connection)
            } else {
                close(descriptor)
            }
        }
    }

    /// Makes room: closes the oldest connection still sending its request (the one that has
    /// had the longest to send it), or else the oldest of all.
    private func evict() {
        let index = connections.firstIndex { $0.phase == .reading } ?? 0
        close(connections[index].descriptor)
        connections.remove(at: index)
    }
}
