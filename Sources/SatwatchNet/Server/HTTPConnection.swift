import Glibc

/// One accepted, non-blocking socket on the server thread: reads the request head and its body,
/// waits for a deferred response if the handler gave one, writes the response, then drains what
/// the client still sends until it closes. Every phase has a deadline; the event loop closes the
/// socket (`close()`) when a transition returns `.close`.
struct HTTPConnection {
    enum Phase: Equatable { case reading, answering, writing, draining }
    enum Next { case keep, close }

    let descriptor: Int32
    /// When it was accepted.
    let acceptedAt: ContinuousClock.Instant
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
    /// While answering: the response the handler will give, and whether the request was a HEAD.
    private var deferred: (response: HTTPDeferredResponse, head: Bool)?

    init(descriptor: Int32, now: ContinuousClock.Instant, limits: HTTPServerLimits) {
        self.descriptor = descriptor
        acceptedAt = now
        deadline = now + limits.headTimeout
    }

    /// The `poll` events this phase waits for. While answering, input is not read: only the
    /// client's close (`POLLRDHUP`), an error or a hang-up ends the wait early, and the work for
    /// a client that left is skipped when it has not begun (as nginx does, a client that only
    /// half-closes after its request is taken to have left too).
    var events: Int16 {
        switch phase {
        case .reading, .draining: Int16(POLLIN)
        case .answering: Self.peerClosed
        case .writing: Int16(POLLOUT)
        }
    }

    /// The socket is ready (or failed): move on as far as it goes without blocking. `wakeup` is
    /// the server thread's, for a deferred response to wake it.
    mutating func ready(limits: HTTPServerLimits, wakeup: WakeupPipe, handler: (HTTPServerRequest) -> HTTPServerReply) -> Next {
        switch phase {
        case .reading: read(limits: limits, wakeup: wakeup, handler: handler)
        // The client closed or reset the connection while its response was being made: nobody
        // to answer, and its work, if not begun, never is (`close()` abandons it).
        case .answering: .close
        case .writing: write(limits: limits)
        case .draining: drain(limits: limits)
        }
    }

    /// While answering: sends the deferred response once it is complete (after a wake-up).
    mutating func answerIfComplete(limits: HTTPServerLimits) -> Next {
        guard phase == .answering, let (response, head) = deferred, let completed = response.takeCompleted() else { return .keep }
        deferred = nil
        return respond(completed, head: head, limits: limits)
    }

    /// The deadline passed: a head or body still incomplete gets 408, a deferred response not
    /// complete yet its fallback; a response not taken ends here.
    mutating func expired(limits: HTTPServerLimits) -> Next {
        switch phase {
        case .reading:
            return respond(HTTPServerResponse(status: 408, body: "request timeout\n"), head: false, limits: limits)
        case .answering:
            guard let (response, head) = deferred else { return .close }
            deferred = nil
            return respond(response.expire(), head: head, limits: limits)
        case .writing, .draining:
            return .close
        }
    }

    /// Closes the socket; a response still awaited is no longer wanted.
    func close() {
        deferred?.response.abandon()
        _ = Glibc.close(descriptor)
    }

    /// Closes the socket by putting `placeholder`'s file in its place (`dup2`), so the descriptor
    /// number stays taken, by a placeholder, with no moment in which another thread could take
    /// it; false (nothing done) when that fails.
    func closeKeepingNumber(for placeholder: Int32) -> Bool {
        guard dup2(placeholder, descriptor) == descriptor else { return false }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        deferred?.response.abandon()
        return true
    }

    private mutating func read(limits: HTTPServerLimits, wakeup: WakeupPipe, handler: (HTTPServerRequest) -> HTTPServerReply) -> Next {
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
                return answer(handler(request), head: request.method == "HEAD", limits: limits, wakeup: wakeup)
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

    /// Sends a response given now; waits (answering, with the deferred response's deadline) for
    /// one given later.
    private mutating func answer(_ reply: HTTPServerReply, head: Bool, limits: HTTPServerLimits, wakeup: WakeupPipe) -> Next {
        switch reply {
        case .now(let response):
            return respond(response, head: head, limits: limits)
        case .later(let response):
            if let completed = response.attach(wakeup) { return respond(completed, head: head, limits: limits) }
            input = []
            deferred = (response, head)
            phase = .answering
            deadline = response.deadline
            return .keep
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
    /// `POLLRDHUP` (Linux): the peer closed its side. Glibc declares it only for `_GNU_SOURCE`,
    /// which Swift's Glibc module is not built with.
    static let peerClosed: Int16 = 0x2000
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
