import Dispatch
import Glibc
import Synchronization

/// A minimal HTTP/1.1 server on POSIX sockets for the worker's own endpoints (`/healthz`,
/// `/metrics`): one request per connection, GET and HEAD, bounded request size and read time.
/// Its accept loop runs on a dedicated thread; `handler` must be quick and non-blocking (it
/// renders from snapshots the daemon keeps up to date).
public final class HTTPServer: Sendable {
    /// The port actually bound (useful when asked for port 0).
    public let port: UInt16
    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let finished = Mutex(false)
    private let done = DispatchSemaphore(value: 0)

    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        /// What failed, e.g. `bind 127.0.0.1:9464: Address already in use`.
        public var description: String
    }

    /// Binds `host:port` (an IPv4 or IPv6 literal, or `localhost`) and starts serving.
    public init(host: String, port: UInt16,
                handler: @escaping @Sendable (HTTPServerRequest) -> HTTPServerResponse) throws(StartError) {
        let (listener, boundPort) = try Self.bind(host: host, port: port)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            close(listener)
            throw StartError(description: "pipe: \(String(cString: strerror(errno)))")
        }
        self.listener = listener
        self.port = boundPort
        self.wake = (fds[0], fds[1])
        let thread = DispatchQueue(label: "satwatch.http")
        thread.async { [self] in
            self.acceptLoop(handler: handler)
            self.done.signal()
        }
    }

    /// Stops accepting, waits for the accept loop to end and closes the socket. Idempotent.
    public func stop() {
        let first = finished.withLock { finished -> Bool in
            defer { finished = true }
            return !finished
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        done.wait()
        close(listener)
        close(wake.read)
        close(wake.write)
    }

    deinit { stop() }

    private func acceptLoop(handler: @Sendable (HTTPServerRequest) -> HTTPServerResponse) {
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 else {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            HTTPConnection.serve(client, handler: handler)
            close(client)
        }
    }
}
