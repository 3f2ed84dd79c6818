import Dispatch
import Glibc

/// A minimal HTTP/1.1 server on POSIX sockets for the worker's own endpoints (`/healthz`,
/// `/metrics`, the page and its API): one request per connection, any method passed to the
/// handler with its header fields, query string and body (`Content-Length` only; chunked is
/// refused with 411).
///
/// One dedicated thread serves every connection through `poll` on non-blocking sockets, with a
/// deadline for the request head counted from accept and one for the body counted from the
/// head, a cap on open connections (a new one replaces the oldest still sending its request),
/// caps on the head's size and field count and on the body's size, and a write deadline
/// (`HTTPServerLimits`): idle, slow or oversized clients cannot keep it from answering a new
/// one, nor delay `stop()`. The handler runs on that thread, so it must be quick and
/// non-blocking (it renders from snapshots the daemon keeps up to date); what needs slow work
/// (the state file) answers `.later` with an `HTTPDeferredResponse` that another thread
/// completes, within a deadline, while the server thread serves everyone else.
package final class HTTPServer: Sendable {
    /// The port actually bound (useful when asked for port 0).
    package let port: UInt16
    private let control: HTTPEventLoop.Control
    private let completion = ThreadCompletion()

    /// Why the server could not start.
    package struct StartError: Error, CustomStringConvertible {
        /// What failed, e.g. `bind 127.0.0.1:9464: Address already in use`.
        package var description: String
        /// Whether the address was taken (`EADDRINUSE`): by another program, or by a listener of
        /// ours on the same port.
        package var addressInUse = false
    }

    /// Binds `host:port` (an IPv4 or IPv6 literal, or `localhost`) and starts serving, answering
    /// each request with `handler`'s response at once.
    package convenience init(host: String, port: UInt16,
                            handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws(StartError) {
        try self.init(host: host, port: port, limits: .standard, replying: { .now(handler($0)) })
    }

    /// Binds `host:port` and starts serving; `handler` answers each request now or later.
    package convenience init(host: String, port: UInt16,
                            replying handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerReply) throws(StartError) {
        try self.init(host: host, port: port, limits: .standard, replying: handler)
    }

    /// Serves with `limits` other than the standard ones (tests).
    convenience init(host: String, port: UInt16, limits: HTTPServerLimits,
                     handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws(StartError) {
        try self.init(host: host, port: port, limits: limits, replying: { .now(handler($0)) })
    }

    /// Serves with `limits` other than the standard ones (tests), answering now or later.
    init(host: String, port: UInt16, limits: HTTPServerLimits,
         replying handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerReply) throws(StartError) {
        let (listener, boundPort) = try Self.bind(host: host, port: port)
        do {
            control = try HTTPEventLoop.Control()
        } catch {
            _ = Glibc.close(listener)
            throw StartError(description: "wake-up pipe: \(error)")
        }
        self.port = boundPort
        // A serial queue of its own gets a thread of its own (libdispatch's overcommit pool),
        // never one of the cooperative pool's.
        DispatchQueue(label: "satwatch.http").async { [control, completion] in
            HTTPEventLoop(listener: listener, control: control, limits: limits, handler: handler).run()
            completion.finish()
        }
    }

    /// Stops serving: wakes the server thread, which closes the listener and every connection at
    /// once, and returns when it has (well under a second, whatever clients do, and whatever
    /// deferred responses are still being made: they are given up). Suspends without blocking a
    /// thread. Idempotent.
    package func stop() async {
        control.requestStop()
        await completion.wait()
    }

    deinit { control.requestStop() }
}

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
            let code = errno
            close(fd)
            throw StartError(description: "bind \(host):\(port): \(String(cString: strerror(code)))", addressInUse: code == EADDRINUSE)
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
