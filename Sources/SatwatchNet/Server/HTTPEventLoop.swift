import Glibc
import SatwatchBase
import Synchronization

/// The endpoint server's thread: one `poll` over the listener, the wake-up pipe and every open
/// connection (at most `limits.maximumConnections`), all non-blocking, so no client can hold
/// the thread, and no handler either: one whose work is slow answers later
/// (`HTTPDeferredResponse`), and the pipe wakes the thread when it has. Owns the listener and the
/// connections; closes them all before it returns.
final class HTTPEventLoop {
    let listener: Int32
    private let control: Control
    let limits: HTTPServerLimits
    let handler: @Sendable (HTTPServerRequest) -> HTTPServerReply
    /// Oldest first.
    var connections: [HTTPConnection] = []
    /// Set while accepting is paused for want of descriptors.
    var acceptPausedUntil: ContinuousClock.Instant?
    /// A descriptor held in reserve (`/dev/null`, or standard input's file in a finished
    /// connection's place; -1 while given up) for when the process has none left: closed to
    /// accept a client, so `/healthz` can still say what is wrong (as nginx and libuv do), and
    /// taken again as soon as one is free.
    var spare: Int32 = -1

    init(listener: Int32, control: Control, limits: HTTPServerLimits,
         handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerReply) {
        self.listener = listener
        self.control = control
        self.limits = limits
        self.handler = handler
    }

    /// How other threads reach the loop: the wake-up pipe it polls (signalled by a stop request
    /// and by each deferred response completed) and the stop request itself.
    final class Control: Sendable {
        let wakeup: WakeupPipe
        private let stopRequested = Atomic(false)

        init() throws(WakeupPipe.Failure) { wakeup = try WakeupPipe() }

        /// Asks the loop to stop; true the first time.
        @discardableResult
        func requestStop() -> Bool {
            let first = !stopRequested.exchange(true, ordering: .sequentiallyConsistent)
            if first { wakeup.signal() }
            return first
        }

        var isStopRequested: Bool { stopRequested.load(ordering: .sequentiallyConsistent) }
    }

    /// Serves until a stop is requested, then closes every socket.
    func run() {
        let wakeup = control.wakeup
        while true {
            if spare < 0 { spare = open("/dev/null", O_RDONLY | O_CLOEXEC) }
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
            let woken = descriptors[0].revents != 0
            if woken {
                // Emptied before the responses are looked at: one completed later rings again.
                wakeup.drain()
                if control.isStopRequested { break }
            }
            serviceConnections(descriptors.dropFirst(2).map(\.revents), woken: woken)
            if descriptors[1].revents != 0 { acceptBatch() }
        }
        // Responses still being made are given up: their work finds them unwanted, or completes
        // them into nothing.
        for connection in connections { connection.close() }
        connections = []
        close(listener)
        if spare >= 0 { close(spare) }
    }

    /// Milliseconds until the nearest deadline, -1 (wait indefinitely) when there is none.
    private func timeout(from now: ContinuousClock.Instant) -> Int32 {
        let deadlines = connections.map(\.deadline) + (acceptPausedUntil.map { [$0] } ?? [])
        guard let nearest = deadlines.min() else { return -1 }
        return Int32(clamping: max(0, (nearest - now).roundedUpMilliseconds))
    }

    /// `events`: each connection's `revents`, in order; `woken`: the pipe rang, so deferred
    /// responses may be complete.
    private func serviceConnections(_ events: [Int16], woken: Bool) {
        let now = ContinuousClock.now
        var open: [HTTPConnection] = []
        for (var connection, revents) in zip(connections, events) {
            var next = HTTPConnection.Next.keep
            if revents != 0 { next = connection.ready(limits: limits, wakeup: control.wakeup, handler: handler) }
            if next == .keep, woken { next = connection.answerIfComplete(limits: limits) }
            if next == .keep, connection.deadline <= now { next = connection.expired(limits: limits) }
            if next == .keep { open.append(connection) } else { retire(connection) }
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
                let code = errno
                switch code {
                case EINTR, ECONNABORTED: continue
                case EMFILE, ENFILE:
                    DescriptorShortage.process.refused("accepting connections", errno: code)
                    if makeRoom() { continue }
                    acceptPausedUntil = .now + limits.acceptPause
                case ENOBUFS, ENOMEM: acceptPausedUntil = .now + limits.acceptPause
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
            if connection.ready(limits: limits, wakeup: control.wakeup, handler: handler) == .keep {
                connections.append(connection)
            } else {
                retire(connection)
            }
        }
    }

    /// Closes a finished connection. While the spare is given up, the connection's descriptor
    /// becomes the spare instead (standard input's file put in its place): were it closed, a
    /// curl transfer on another thread could take the number before the spare is opened again,
    /// and keep it in a kept-alive connection, leaving the endpoint none to accept with.
    private func retire(_ connection: HTTPConnection) {
        if spare < 0, connection.closeKeepingNumber(for: STDIN_FILENO) {
            spare = connection.descriptor
        } else {
            connection.close()
        }
    }

    /// Frees a descriptor for the next client when the process has none: the spare, or else
    /// the oldest connection still sending its request after `acceptPause` (a client accepted
    /// just now gets that long to send it). False when neither is there.
    private func makeRoom() -> Bool {
        if spare >= 0 {
            close(spare)
            spare = -1
            return true
        }
        let now = ContinuousClock.now
        guard let index = connections.firstIndex(where: { $0.phase == .reading && now - $0.acceptedAt >= limits.acceptPause })
        else { return false }
        connections[index].close()
        connections.remove(at: index)
        return true
    }

    /// Makes room: closes the oldest connection still sending its request (the one that has
    /// had the longest to send it), or else the oldest of all.
    private func evict() {
        let index = connections.firstIndex { $0.phase == .reading } ?? 0
        connections[index].close()
        connections.remove(at: index)
    }
}
