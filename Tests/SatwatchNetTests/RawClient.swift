import Glibc

/// A raw, non-blocking TCP connection to 127.0.0.1 that a test drives by hand: one that stays
/// idle, dribbles its request byte by byte, or never reads. Nothing here waits; `close()` it.
struct RawClient: Sendable {
    let descriptor: Int32

    /// Starts connecting to `port`; the connection completes in the background.
    init(port: UInt16) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// Sends what the socket takes now; false when it took nothing (not connected yet, full,
    /// closed).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) > 0
    }

    /// What the server sent since the last call, and whether it has closed the connection.
    func read() -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 {
                bytes += chunk[0..<count]
                continue
            }
            if count < 0, errno == EINTR { continue }
            let pending = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOTCONN)
            return (bytes, !pending)
        }
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Closes with a reset instead of a FIN (`SO_LINGER` of zero): what a client that crashed or
    /// gave up leaves behind, and what the server can see at once.
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close()
    }

    /// Raises this process's soft descriptor limit to at least `count` (within the hard limit),
    /// for tests that open hundreds of connections.
    static func allowDescriptors(_ count: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
        limit.rlim_cur = min(rlim_t(count), limit.rlim_max)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
