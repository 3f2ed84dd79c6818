import Glibc

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
