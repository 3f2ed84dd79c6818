import Glibc

extension HTTPServer {
    /// A listening socket on `host:port`, and the port bound.
    static func bind(host: String, port: UInt16) throws(StartError) -> (Int32, UInt16) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host == "localhost" ? "127.0.0.1" : host, String(port), &hints, &result)
        guard status == 0, let info = result else {
            throw StartError(description: "listen address \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
        guard fd >= 0 else { throw StartError(description: "socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // Non-blocking: a connection gone between `poll` and `accept` must not stall the thread.
        // A long backlog: queued connections cost the kernel, not our descriptors, and a burst
        // that overflows it would cost an honest client a SYN retry (a second or more).
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
        guard Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 1024) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw StartError(description: "bind \(host):\(port): \(message)")
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0 else { return (fd, port) }
        let family = Int32(address.ss_family)
        let boundPort: UInt16 = withUnsafePointer(to: &address) { pointer in
            if family == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        return (fd, boundPort)
    }
}
