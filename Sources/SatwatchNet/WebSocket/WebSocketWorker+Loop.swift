import Glibc
import WebSocketFraming

extension WebSocketWorker {
    /// Runs the open connection until it ends: nil when it ended as asked (our close handshake
    /// or cancellation), `closedByPeer` when the server closed, a thrown error otherwise.
    func loop() throws(WebSocketError) -> WebSocketError? {
        do {
            return try pump()
        } catch {
            // Once a close is under way, a socket error is just how the other side hung up.
            if closeInitiatedLocally { return nil }
            if let peerClose { return .closedByPeer(code: peerClose.code, reason: peerClose.reason) }
            throw error
        }
    }

    private func pump() throws(WebSocketError) -> WebSocketError? {
        try leftover.withUnsafeBytes { bytes in Result { () throws(WebSocketError) in try decode(bytes) } }.get()
        leftover = []
        // Right after the handshake TLS may hold decrypted bytes poll() cannot see.
        var readMore = true
        while true {
            let requests = outbox.take()
            if requests.cancelled {
                sendCloseBestEffort(1001)
                return nil
            }
            queue(requests)
            try flush()
            if peerEnded {
                if closeInitiatedLocally { return nil }
                if let peerClose { return .closedByPeer(code: peerClose.code, reason: peerClose.reason) }
                throw .connectionLost(decoder.isMidFrame ? "TCP closed in the middle of a frame" : "TCP closed without a close frame")
            }
            // Done once both close frames passed, or when the peer (or a full socket) made us
            // wait past closeTimeout.
            if closeSent && peerClose != nil || closeDeadline.map({ $0 <= .now }) ?? false {
                guard !closeInitiatedLocally, let peerClose else { return nil }
                return .closedByPeer(code: peerClose.code, reason: peerClose.reason)
            }
            // While the consumer is behind, the socket is not read (a taken message wakes us);
            // during a close it is, or the peer's close frame would never be seen.
            let paused = backlog.isFull && !closeQueued
            let events = (paused ? 0 : Int16(POLLIN)) | (writes.isEmpty ? 0 : Int16(POLLOUT))
            let (socketEvents, woke) = poll(events, timeout: readMore && !paused ? .zero : closeDeadline.map { $0 - .now })
            if woke { outbox.wakeup.drain() }
            // A hung-up socket is read to its end, paused or not, or poll() would report it
            // forever; what is left of it is bounded by the kernel's socket buffer.
            let hungUp = socketEvents & Int16(POLLHUP | POLLERR) != 0
            if paused && !hungUp {
                // TLS may hold decrypted bytes poll() cannot see: read as soon as there is room.
                readMore = true
                continue
            }
            if readMore || socketEvents & ~Int16(POLLOUT) != 0 { readMore = try readAvailable(evenIfFull: hungUp) }
        }
    }

    /// Reads until the socket would block; true when it stopped early so others get a turn, or
    /// because the consumer's backlog is full.
    private func readAvailable(evenIfFull: Bool) throws(WebSocketError) -> Bool {
        for _ in 0..<16 {
            guard let transport else { return false }
            if !evenIfFull && !closeQueued && backlog.isFull { return true }
            switch try transport.receive(into: readBuffer) {
            case .bytes(let count): try decode(UnsafeRawBufferPointer(rebasing: readBuffer[..<count]))
            case .wouldBlock: return false
            case .endOfStream:
                peerEnded = true
                return false
            }
        }
        return true
    }

    private func decode(_ bytes: UnsafeRawBufferPointer) throws(WebSocketError) {
        do throws(WebSocketFrameError) {
            try decoder.feed(bytes) { event in handle(event) }
        } catch {
            throw WebSocketError(error)
        }
    }

    private func handle(_ event: WebSocketEvent) {
        switch event {
        case .message(let message):
            backlog.add(message.byteCount)
            messages.yield(message)
        case .ping(let payload) where !closeQueued:
            // Ahead of queued data, but never inside a frame that is half written.
            let index = (writes.first?.offset ?? 0) > 0 ? 1 : 0
            writes.insert(PendingWrite(bytes: WebSocketFrameEncoder.encode(.pong, payload: payload, maskKey: .random(in: .min ... .max))), at: index)
        case .ping, .pong:
            break
        case .close(let code, let reason):
            peerClose = (code, reason)
            guard !closeQueued else { return }
            closeQueued = true
            closeDeadline = .now + options.closeTimeout
            let payload = code == WebSocketClose.noStatus ? [] : WebSocketClose.payload(code: code, reason: "")
            writes.append(PendingWrite(bytes: WebSocketFrameEncoder.encode(.close, payload: payload, maskKey: .random(in: .min ... .max)), isClose: true))
        }
    }

    private func queue(_ requests: WebSocketOutbox.Requests) {
        for outgoing in requests.frames {
            if closeQueued {
                outgoing.done.resume(throwing: WebSocketError.closed)
            } else {
                writes.append(PendingWrite(bytes: outgoing.frame, done: outgoing.done))
            }
        }
        if let close = requests.close, !closeQueued {
            closeQueued = true
            closeInitiatedLocally = true
            closeDeadline = .now + options.closeTimeout
            let frame = WebSocketFrameEncoder.close(code: close.code, reason: close.reason, maskKey: .random(in: .min ... .max))
            writes.append(PendingWrite(bytes: frame, isClose: true))
        }
    }

    private func flush() throws(WebSocketError) {
        while let first = writes.first {
            let count = try write(first.bytes, from: first.offset)
            if count == 0 { return }
            writes[0].offset += count
            guard writes[0].offset == first.bytes.count else { continue }
            let written = writes.removeFirst()
            written.done?.resume()
            if written.isClose { closeSent = true }
        }
    }
}
