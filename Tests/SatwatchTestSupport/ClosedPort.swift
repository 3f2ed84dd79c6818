import Glibc

/// A loopback TCP port that refuses connections: bound (so nobody else takes it) but never
/// listening, so a connect gets RST, i.e. ECONNREFUSED, for as long as this object lives.
public final class ClosedPort {
    /// The bound port on 127.0.0.1.
    public let port: Int
    private let socketDescriptor: Int32

    /// Binds a fresh socket to an ephemeral loopback port without listening on it.
    public init() throws {
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
        socketDescriptor = descriptor
        guard descriptor >= 0, bound else { throw ClosedPortError() }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socketDescriptor) }

    /// The socket could not be created or bound.
    public struct ClosedPortError: Error {}
}
