import Glibc
import SatwatchBase
import SatwatchTestSupport

/// Waiting on a `RawClient` from a test: for its connection, and for the server's answer.
extension RawClient {
    /// Sends `bytes` as soon as the connection (completing in the background) takes them, trying
    /// for up to 30 s; false if it never did. For small payloads, which the socket takes whole.
    /// A loopback connection completes in microseconds, but one sleep of a test on a loaded
    /// two-core machine has lasted seconds: each wake tries again before looking at the clock.
    @discardableResult
    func sendWhenConnected(_ bytes: [UInt8]) async throws -> Bool {
        try await Eventually.wait(upTo: .seconds(30)) { send(bytes) }
    }

    /// What the server sends until it closes the connection or `limit` passes, whether it
    /// closed, and when (from the call). Watched from a thread of its own blocked in `poll`, so
    /// `after` is when the close arrived: a test's sleeps on the cooperative pool, which a full
    /// parallel suite on two cores keeps busy for seconds, would add their lateness to it.
    func response(within limit: Duration) async throws -> (text: String, closed: Bool, after: Duration) {
        let (bytes, closed, after) = await Self.watch([self], within: limit)[0]
        return (String(decoding: bytes, as: UTF8.self), closed, after)
    }

    /// Per client, what the server sends until it closes the connection or `limit` passes (from
    /// the call), whether it closed, and when; watched from one thread of its own blocked in `poll`
    /// (see `response(within:)`).
    static func watch(_ clients: [RawClient], within limit: Duration) async -> [(bytes: [UInt8], closed: Bool, after: Duration)] {
        await OwnThread.run("raw-client-watch") {
            let start = ContinuousClock.now
            var seen = clients.map { _ in (bytes: [UInt8](), closed: false, after: Duration.zero) }
            while true {
                let now = ContinuousClock.now - start
                for index in seen.indices where !seen[index].closed {
                    let read = clients[index].read()
                    seen[index].bytes += read.bytes
                    seen[index].closed = read.closed
                    seen[index].after = now
                }
                let open = seen.indices.filter { !seen[$0].closed }
                if open.isEmpty || now >= limit { return seen }
                var entries = open.map { pollfd(fd: clients[$0].descriptor, events: Int16(POLLIN), revents: 0) }
                let wait = min(limit - now, .milliseconds(500)) / .milliseconds(1)
                _ = poll(&entries, nfds_t(entries.count), Int32(max(1, wait.rounded(.up))))
            }
        }
    }

    /// How many bytes the server sends until it closes the connection or `limit` passes, and
    /// whether it closed (watched as `response(within:)` is).
    func byteCount(untilClosedWithin limit: Duration) async throws -> (count: Int, closed: Bool) {
        let seen = await Self.watch([self], within: limit)[0]
        return (seen.bytes.count, seen.closed)
    }
}
