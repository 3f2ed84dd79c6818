import Foundation
import Testing
@testable import SatwatchNet
import SatwatchTestSupport

/// Transport failures surface as `CurlError` with curl's code, against real sockets.
@Suite("HTTPClient failures")
struct HTTPClientFailureTests {
    let client = HTTPClient()
    let agent = "satwatch/9.9.9-test"

    @Test("a server slower than the timeout gives curl 28 within the timeout")
    func timeout() async throws {
        // The server answers after 10 s; a timed-out request must end long before that (the upper
        // bound is loose because the suite runs in parallel on two cores).
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 10)])
        let clock = ContinuousClock()
        let start = clock.now
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: endpoint.url(), timeout: .milliseconds(500), userAgent: agent))
        }
        let elapsed = clock.now - start
        #expect(error?.code == 28)
        #expect(error?.isTimeout == true)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test("nobody listening gives curl 7")
    func connectionRefused() async throws {
        let closed = try ClosedPort()
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: "http://127.0.0.1:\(closed.port)/", userAgent: agent))
        }
        #expect(error?.code == 7)
    }

    @Test("schemes other than http and https are refused with curl 1",
          arguments: ["file:///etc/hostname", "ftp://127.0.0.1/x", "smtp://127.0.0.1/"])
    func otherSchemes(url: String) async throws {
        let error = await #expect(throws: CurlError.self) {
            try await client.send(HTTPRequest(url: url, userAgent: agent))
        }
        #expect(error?.code == 1)
    }

    @Test("cancelling the task aborts a transfer waiting on a silent server with curl 42")
    func cancellation() async throws {
        // The server would answer after 20 s; the aborted transfer must end long before (the
        // bound is loose because the suite runs in parallel on two cores).
        let endpoint = try await HTTPPeer.shared().endpoint([.init(status: 200, delay: 20)])
        let request = HTTPRequest(url: endpoint.url(), timeout: .seconds(30), userAgent: agent)
        let clock = ContinuousClock()
        let start = clock.now
        let task = Task { [client] in try await client.send(request) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        let result = await task.result
        let elapsed = clock.now - start
        #expect(throws: CurlError(code: 42, message: "Callback aborted")) { try result.get() }
        #expect(elapsed < .seconds(10), "took \(elapsed)")
    }

    @Test("slow transfers run off the cooperative pool: 8 one-second requests overlap")
    func concurrency() async throws {
        let count = 8
        let endpoint = try await HTTPPeer.shared().endpoint(Array(repeating: .init(status: 200, delay: 1), count: count))
        let request = HTTPRequest(url: endpoint.url(), timeout: .seconds(10), userAgent: agent)
        let clock = ContinuousClock()
        let start = clock.now
        let ticks = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask { [client] in _ = try await client.send(request); return 0 }
            }
            // A task on the pool keeps ticking while every transfer blocks its own thread.
            group.addTask {
                var ticks = 0
                while clock.now - start < .milliseconds(900) {
                    try await Task.sleep(for: .milliseconds(10))
                    ticks += 1
                }
                return ticks
            }
            return try await group.reduce(0, +)
        }
        let elapsed = clock.now - start
        // On a blocked pool (2 threads here) the 8 transfers would run two at a time (>= 4 s) and
        // the ticker could not run at all; bounds stay loose because the suite runs in parallel.
        #expect(elapsed < .milliseconds(3900), "took \(elapsed)")
        #expect(ticks >= 1, "ticks \(ticks)")
        #expect(try endpoint.requests().count == count)
    }
}
