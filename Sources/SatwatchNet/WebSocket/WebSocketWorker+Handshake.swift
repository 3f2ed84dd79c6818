import Glibc

extension WebSocketWorker {
    /// Connects through curl and performs the upgrade, all within `connectTimeout`; false when
    /// the `connect` call was cancelled meanwhile.
    func open() throws(WebSocketError) -> Bool {
        let deadline = ContinuousClock.now + options.connectTimeout
        let transport = try WebSocketTransport(url: url, options: options)
        self.transport = transport
        var sent = 0
        while sent < request.count {
            let count = try write(request, from: sent)
            sent += count
            if count == 0, try !waitForHandshake(Int16(POLLOUT), until: deadline) { return false }
        }
        var reader = WebSocketHandshakeReader()
        while true {
            switch try transport.receive(into: readBuffer) {
            case .bytes(let count):
                if let (response, rest) = try reader.feed(UnsafeRawBufferPointer(rebasing: readBuffer[..<count])) {
                    try handshake.validate(response)
                    leftover = rest
                    return true
                }
            case .wouldBlock:
                if try !waitForHandshake(Int16(POLLIN), until: deadline) { return false }
            case .endOfStream:
                throw .handshakeInvalid("server closed the connection before answering the upgrade")
            }
        }
    }

    /// Waits for the socket; false when cancelled, throws when the deadline passes.
    private func waitForHandshake(_ events: Int16, until deadline: ContinuousClock.Instant) throws(WebSocketError) -> Bool {
        while true {
            if outbox.isCancelled { return false }
            let remaining = deadline - .now
            if remaining <= .zero { throw .handshakeTimeout(options.connectTimeout) }
            let (socketEvents, woke) = poll(events, timeout: remaining)
            if woke { outbox.wakeup.drain() }
            if socketEvents != 0 { return true }
        }
    }

    /// Writes what the socket takes of `bytes` after `offset`; 0 means it would block.
    func write(_ bytes: [UInt8], from offset: Int) throws(WebSocketError) -> Int {
        guard let transport else { throw .closed }
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(WebSocketError) in try transport.send(UnsafeRawBufferPointer(rebasing: raw[offset...])) }
        }
        return try result.get()
    }

    /// Waits for `events` on the socket or a wake-up (nil timeout: indefinitely). Spurious
    /// returns (EINTR) are harmless: every caller re-checks its state.
    func poll(_ events: Int16, timeout: Duration?) -> (socket: Int16, woke: Bool) {
        guard let transport else { return (0, false) }
        var descriptors = [
            pollfd(fd: transport.socket, events: events, revents: 0),
            pollfd(fd: outbox.wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = timeout.map { Int32(clamping: max(0, $0.roundedUpMilliseconds)) } ?? -1
        guard Glibc.poll(&descriptors, 2, milliseconds) > 0 else { return (0, false) }
        return (descriptors[0].revents, descriptors[1].revents != 0)
    }
}
