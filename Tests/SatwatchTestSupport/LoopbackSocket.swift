import Glibc

/// A TCP socket bound to an ephemeral port on 127.0.0.1, for test servers and refused ports.
public enum LoopbackSocket {
    /// The socket could not be created, bound or put to listen.
    public struct BindError: Error {}

    /// Binds a new socket (listening when `listening` is true); returns it and its port.
    public static func bind(listening: Bool) throws(BindError) -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BindError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, length) == 0 && (!listening || listen(descriptor, 8) == 0)
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ready else {
            close(descriptor)
            throw BindError()
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }
}
