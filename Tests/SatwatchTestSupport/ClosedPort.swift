import Glibc

/// A loopback TCP port that refuses connections: bound (so nobody else takes it) but never
/// listening, so a connect gets RST, i.e. ECONNREFUSED, for as long as this object lives.
public final class ClosedPort {
    /// The bound port on 127.0.0.1.
    public let port: Int
    private let socketDescriptor: Int32

    /// Binds a fresh socket to an ephemeral loopback port without listening on it.
    public init() throws {
        let (descriptor, port) = try LoopbackSocket.bind(listening: false)
        socketDescriptor = descriptor
        self.port = port
    }

    deinit { close(socketDescriptor) }
}
