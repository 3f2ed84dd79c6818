import Glibc

/// One accepted, non-blocking socket on the server thread: reads the request head and its body,
/// writes the response, then drains what the client still sends until it closes. Every phase has
/// a deadline; the event loop closes the socket when a transition returns `.close`.
struct HTTPConnection {
    enum Phase: Equatable { case reading, writing, draining }
    enum Next { case keep, close }

    let descriptor: Int32
    private(set) var phase = Phase.reading
    /// When the current phase ends at the latest (while reading: the head counted from accept,
    /// the body from the end of the head).
    private(set) var deadline: ContinuousClock.Instant
    private var input: [UInt8] = []
    /// The request whose head has arrived, while its body does (`input` then holds body bytes).
    private var awaiting: HTTPRequestHead?
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

    /// The deadline passed: a head or body still incomplete gets 408; a response not taken ends
    /// here.
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
            if awaiting == nil, let refusal = takeHead(searchingFrom: searchFrom, limits: limits) {
                return respond(refusal.response, head: false, limits: limits)
            }
            if let head = awaiting, input.count >= head.contentLength {
                var request = head.request
                // Bytes past the body would be a second request: one is served per connection.
                request.body = Array(input[..<head.contentLength])
                return respond(handler(request), head: request.method == "HEAD", limits: limits)
            }
        }
    }

    /// Parses the head once it is all in `input`, leaving only body bytes there; nil while
    /// incomplete or when accepted.
    private mutating func takeHead(searchingFrom start: Int, limits: HTTPServerLimits) -> HTTPRequestHead.Refusal? {
        guard let end = Self.headerEnd(in: input, from: start) else {
            guard input.count < limits.maximumHeaderBytes else { return .init(status: 431, message: "request too large") }
            return nil
        }
        guard end + 4 <= limits.maximumHeaderBytes else { return .init(status: 431, message: "request too large") }
        do {
            let head = try HTTPRequestHead(parsing: input[..<end], limits: limits)
            input.removeFirst(end + 4)
            awaiting = head
            deadline = .now + limits.bodyTimeout
            // Tried once: the socket's buffer is empty this early, and whatever stays unsent
            // leaves ahead of the final response (`respond`).
            if head.expectsContinue, input.count < head.contentLength {
                output = Self.continueLine
                sendOutput()
            }
            return nil
        } catch {
            return error
        }
    }

    private mutating func respond(_ response: HTTPServerResponse, head: Bool, limits: HTTPServerLimits) -> Next {
        input = []
        output = Array(output[written...]) + response.serialized(includeBody: !head)
        written = 0
        phase = .writing
        deadline = .now + limits.writeTimeout
        return write(limits: limits)
    }

    private mutating func write(limits: HTTPServerLimits) -> Next {
        guard sendOutput() else { return .close }
        guard written == output.count else { return .keep }
        // One request per connection: say so, then wait for the client's own close.
        shutdown(descriptor, Int32(SHUT_WR))
        output = []
        phase = .draining
        deadline = .now + limits.lingerTimeout
        return drain(limits: limits)
    }

    /// Sends what of `output` the socket takes now; false when the connection failed.
    @discardableResult
    private mutating func sendOutput() -> Bool {
        while written < output.count {
            let sent = output.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + written, buffer.count - written, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return true }
            guard sent > 0 else { return false }
            written += sent
        }
        return true
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

extension HTTPConnection {
    static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Where the `\r\n\r\n` ending the head starts in `bytes`, searching from `start` (the bytes
    /// before it were searched already), or nil.
    static func headerEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4, start <= bytes.count - 4 else { return nil }
        for index in start...(bytes.count - 4) where bytes[index] == 0x0D && bytes[index + 1] == 0x0A
            && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A { return index }
        return nil
    }
}
