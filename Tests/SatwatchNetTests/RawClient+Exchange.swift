/// Waiting on a `RawClient` from a test: for its connection, and for the server's answer.
extension RawClient {
    /// Sends `bytes` as soon as the connection (completing in the background) takes them, trying
    /// for 2 s; false if it never did. For small payloads, which the socket takes whole.
    @discardableResult
    func sendWhenConnected(_ bytes: [UInt8]) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            if send(bytes) { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// What the server sends until it closes the connection or `limit` passes, whether it
    /// closed, and when (from the call). Reads once more after `limit`: on a loaded machine
    /// one sleep can outlast it.
    func response(within limit: Duration) async throws -> (text: String, closed: Bool, after: Duration) {
        let start = ContinuousClock.now
        var received: [UInt8] = []
        while true {
            let read = read()
            received += read.bytes
            let after = ContinuousClock.now - start
            if read.closed || after >= limit { return (String(decoding: received, as: UTF8.self), read.closed, after) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// How many bytes the server sends until it closes the connection or `limit` passes, and
    /// whether it closed.
    func byteCount(untilClosedWithin limit: Duration) async throws -> (count: Int, closed: Bool) {
        let deadline = ContinuousClock.now + limit
        var count = 0
        while true {
            let read = read()
            count += read.bytes.count
            if read.closed || ContinuousClock.now >= deadline { return (count, read.closed) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
