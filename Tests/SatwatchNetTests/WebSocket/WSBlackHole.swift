import Glibc

/// A listening TCP socket on 127.0.0.1 that never accepts: the kernel completes the TCP
/// handshake, then nothing ever answers, like a server stuck before the WebSocket upgrade.
final class WSBlackHole: Sendable {
    let port: Int
    private let descriptor: Int32

    init() {
        (descriptor, port) = Self.listening()
    }

    /// A socket listening on 127.0.0.1 at a free port, and that port.
    static func listening() -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                _ = bind(descriptor, raw, length)
                _ = listen(descriptor, 8)
                _ = getsockname(descriptor, raw, &length)
            }
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A loopback port where nothing listens (it did a moment ago, so it is not in use).
    static func closedPort() -> Int { WSBlackHole().port }

    deinit { close(descriptor) }
}
