import Glibc

/// One accepted, non-blocking socket on the server thread: reads the request head, writes the
/// response, then drains what the client still sends until it closes. Every phase has a
/// deadline; the event loop closes the socket when a transition returns `.close`.
struct HTTPConnection {
    enum Phase: Equatable { case reading, writing, draining }
    enum Next { case keep, close }

    let descriptor: Int32
    private(set) var phase = Phase.reading
    /// When the current phase ends at the latest (for `.reading`, counted from accept).
    private(set) var deadline: ContinuousClock.Instant
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var written = 0
    private var drained = 0

    init(descriptor: Int32, now: ContinuousClock.Instant, limits: HTTPServerLimits) {
        self.descriptor = descriptor
        deadline = now + limits.headTimeout
    }

    /// The `poll` events this phase waits for.
    var events: Int16 { Int16(phase == .writing ? POLLOUT : POLLIN) }

    /// The socket is ready (or failed): move on as far as it goes without blocking.
    mutating func ready(limits: HTTPServerLimits, handler: (HTTPServerRequest) -> HTTPServerResponse) -> Next {
        switch phase {
        case .reading: read(limits: limits, handler: handler)
        case .writing: write(limits: limits)
        case .draining: drain(limits: limits)
        }
    }

    /// The deadline passed: a head still incomplete gets 408; a response not taken ends here.
    mutating func expired(limits: HTTPServerLimits) -> Next {
        guard phase == .reading else { return .close }
        return respond(HTTPServerResponse(status: 408, body: "request timeout\n"), head: false, limits: limits)
    }

    private mutating func read(limits: HTTPServerLimits, handler: (HTTPServerRequest) -> HTTPServerResponse) -> Next {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .keep }
            // The client closed (or reset) before its request was complete: nobody to answer.
            guard count > 0 else { return .close }
            let searchFrom = max(0, input.count - 3)
            input.append(contentsOf: chunk[0..<count])
            if Self.containsHeaderEnd(input, from: searchFrom) {
                let (response, head) = Self.response(to: input, handler: handler)
                return respond(response, head: head, limits: limits)
            }
            if input.count >= limits.maximumHeaderBytes {
                return respond(HTTPServerResponse(status: 431, body: "request too large\n"), head: false, limits: limits)
            }
        }
    }

    private mutating func respond(_ response: HTTPServerResponse, head: Bool, limits: HTTPServerLimits) -> Next {
        input = []
        output = response.serialized(includeBody: !head)
        phase = .writing
        deadline = .now + limits.writeTimeout
        return write(limits: limits)
    }

    private mutating func write(limits: HTTPServerLimits) -> Next {
        while written < output.count {
            let sent = output.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .keep }
            guard sent > 0 else { return .close }
            written += sent
        }
        // One request per connection: say so, then wait for the client's own close.
        shutdown(descriptor, Int32(SHUT_WR))
        output = []
        phase = .draining
        deadline = .now + limits.lingerTimeout
        return drain(limits: limits)
    }

    private mutating func drain(limits: HTTPServerLimits) -> Next {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while drained < limits.maximumLingerBytes {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .keep }
            guard count > 0 else { return .close }
            drained += count
        }
        return .close
    }
}
