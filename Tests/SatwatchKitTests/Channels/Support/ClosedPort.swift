import Glibc

/// A loopback port that refuses connections: bound (so nothing else takes it) but not
/// listening, so a connect gets ECONNREFUSED while this object lives.
final class ClosedPort {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        self.descriptor = descriptor
        guard descriptor >= 0, bound else { throw ClosedPortError() }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }

    struct ClosedPortError: Error {}
}
