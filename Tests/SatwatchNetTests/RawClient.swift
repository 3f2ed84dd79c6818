import Foundation
import Glibc

/// A raw, non-blocking TCP connection to 127.0.0.1 that a test drives by hand: one that stays
/// idle, dribbles its request byte by byte, or never reads. Nothing here waits; `close()` it.
struct RawClient: Sendable {
    let descriptor: Int32

    /// Starts connecting to `port`; the connection completes in the background. A
    /// `receiveBuffer` fixes the socket's receive buffer (the kernel doubles it) instead of
    /// letting it grow, which on loopback it does to megabytes: with it, a client that does not
    /// read holds a large response mid-write.
    init(port: UInt16, receiveBuffer: Int32? = nil) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if var size = receiveBuffer {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
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

    /// Whether the connection attempt has ended (established, or since closed or refused): until
    /// then the client is not yet queued at the server.
    var connectFinished: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1
    }

    /// Whether the server sent bytes this client has not read yet; peeks, takes nothing.
    var hasUnreadBytes: Bool {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// This end's port.
    var localPort: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether the server's end of this connection, on `serverPort`, is still open (ESTABLISHED
    /// in the kernel's table, /proc/net/tcp). Seen without reading: a client that reads would let
    /// a stuck response through, and the server's close reaches it only behind that response.
    func serverEndOpen(serverPort: UInt16) throws -> Bool {
        // Read to its end: `String(contentsOfFile:)` stops at the first page of a /proc file.
        let bytes = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/net/tcp")).readToEnd() ?? Data()
        let table = String(decoding: bytes, as: UTF8.self)
        let server = String(format: "%04X", serverPort), client = String(format: "%04X", localPort)
        return table.split(separator: "\n").dropFirst().contains { line in
            let fields = line.split(separator: " ")
            guard fields.count > 3 else { return false }
            return fields[1].hasSuffix(":" + server) && fields[2].hasSuffix(":" + client) && fields[3] == "01"
        }
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
