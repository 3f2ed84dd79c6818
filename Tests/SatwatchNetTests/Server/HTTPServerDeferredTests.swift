import Dispatch
import Foundation
import SatwatchTestSupport
import Synchronization
import Testing
@testable import SatwatchNet

/// Responses a handler gives later (`HTTPDeferredResponse`), completed from another thread,
/// against a real client (`curl`) and raw sockets: a slow response holds nobody else, its
/// deadline sends the fallback, a client that left and a server that stops make a late
/// completion harmless.
@Suite struct HTTPServerDeferredTests {
    /// A server whose `/slow` requests wait for the test to complete them (or for their `budget`
    /// to pass, then `503 too slow`), and whose other paths answer at once.
    final class SlowServer: Sendable {
        /// The deferred responses handed out, shared by the handler on the server's thread and the test.
        final class Pending: Sendable {
            private let list = Mutex<[HTTPDeferredResponse]>([])
            var all: [HTTPDeferredResponse] { list.withLock { $0 } }
            func add(_ deferred: HTTPDeferredResponse) { list.withLock { $0.append(deferred) } }
        }

        let server: HTTPServer
        private let pending = Pending()
        var base: String { "http://127.0.0.1:\(server.port)" }

        init(budget: Duration = .seconds(60)) throws {
            // A minute for a request head, not 5 s: a client connected early and stalled with the
            // test process on a loaded machine must not have been dropped before it sends.
            var limits = HTTPServerLimits.standard
            limits.headTimeout = .seconds(60)
            server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { [pending] request in
                guard request.path == "/slow" else { return .now(HTTPServerResponse(status: 200, body: "fast\n")) }
                let deferred = HTTPDeferredResponse(within: budget) { HTTPServerResponse(status: 503, body: "too slow\n") }
                pending.add(deferred)
                return .later(deferred)
            }
        }

        /// The deferred responses handed out so far, once there are `count` of them (the handler
        /// ran for each request); fails after 5 s.
        /// Waits until the handler ran `count` times (a minute at most: it takes milliseconds),
        /// and throws otherwise, so a test never reads past what ran.
        func waitForPending(_ count: Int) async throws -> [HTTPDeferredResponse] {
            let deadline = ContinuousClock.now + .seconds(60)
            while ContinuousClock.now < deadline {
                if pending.all.count >= count { return pending.all }
                try await Task.sleep(for: .milliseconds(10))
            }
            let all = pending.all
            try #require(all.count >= count, "the handler ran \(all.count) times, not \(count)")
            return all
        }
    }

    /// Completes `deferred` from a thread of its own, as the state file's queue does.
    static func complete(_ deferred: HTTPDeferredResponse, _ body: String) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "test.completer").async {
                continuation.resume(returning: deferred.complete(HTTPServerResponse(status: 200, body: body)))
            }
        }
    }

    /// Waits (at most 5 s) until `deferred` is no longer wanted; whether it came to that.
    static func becomesUnwanted(_ deferred: HTTPDeferredResponse) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while deferred.isWanted, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return !deferred.isWanted
    }

    static let slowRequest = Array("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

    @Test func aSlowResponseDoesNotDelayAnotherRequestAndGoesOutWhenComplete() async throws {
        let slow = try SlowServer()
        let client = RawClient(port: slow.server.port)
        #expect(try await client.sendWhenConnected(Self.slowRequest))
        let deferred = try #require(try await slow.waitForPending(1).first)
        // The slow one is still being made: a thread blocked by it could not answer this at all.
        let (code, seconds) = try await HTTPServerAbuseTests.timedGet(slow.base + "/fast")
        #expect(code == "200")
        #expect(seconds < 2.0)
        #expect(deferred.isWanted)
        #expect(await Self.complete(deferred, "slow done\n"))
        let answer = try await client.response(within: .seconds(5))
        client.close()
        #expect(answer.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.text.hasSuffix("\r\n\r\nslow done\n"))
        #expect(!deferred.isWanted)
        #expect(!deferred.complete(HTTPServerResponse(status: 500, body: "twice\n")), "a second completion is dropped")
        await slow.server.stop()
    }

    @Test func aResponseCompletedBeforeTheHandlerReturnsGoesOutAtOnceWithoutABodyForHead() async throws {
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: .standard) { _ in
            let deferred = HTTPDeferredResponse(within: .seconds(60)) { HTTPServerResponse(status: 503, body: "too slow\n") }
            deferred.complete(HTTPServerResponse(status: 200, body: "ready\n"))
            return .later(deferred)
        }
        let base = "http://127.0.0.1:\(server.port)/"
        #expect(try await HTTPServerTests.curl([base]).output == "ready\n")
        let head = try await HTTPServerTests.curl(["-I", base]).output
        #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(head.contains("Content-Length: 6\r\n"))
        #expect(!head.contains("ready"))
        await server.stop()
    }

    @Test func theFallbackGoesOutAtTheDeadlineAndALateCompletionIsDropped() async throws {
        let slow = try SlowServer(budget: .milliseconds(300))
        let client = RawClient(port: slow.server.port)
        #expect(try await client.sendWhenConnected(Self.slowRequest))
        // Never completed in time: answered at the deadline (0.3 s), not never; the bound sits
        // far from the deadline, since a loaded machine can stall the whole test process for
        // seconds (17 s seen beside four builds on two cores).
        let answer = try await client.response(within: .seconds(60))
        client.close()
        #expect(answer.text.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
        #expect(answer.text.hasSuffix("\r\n\r\ntoo slow\n"))
        #expect(answer.after < .seconds(45))
        let deferred = try #require(try await slow.waitForPending(1).first)
        #expect(!deferred.isWanted)
        #expect(await Self.complete(deferred, "late\n") == false)
        #expect(try await HTTPServerTests.curl([slow.base + "/fast"]).output == "fast\n")
        await slow.server.stop()
    }

    @Test func aResponseCompletedAfterTheClientLeftIsHarmless() async throws {
        let slow = try SlowServer()
        let resetting = RawClient(port: slow.server.port)
        #expect(try await resetting.sendWhenConnected(Self.slowRequest))
        _ = try await slow.waitForPending(1)
        let closing = RawClient(port: slow.server.port)
        #expect(try await closing.sendWhenConnected(Self.slowRequest))
        let pending = try await slow.waitForPending(2)
        // A reset is seen at once: the response is given up, so work not started can skip it.
        resetting.reset()
        #expect(try await Self.becomesUnwanted(pending[0]))
        #expect(await Self.complete(pending[0], "to nobody\n") == false)
        // So is a plain close (a FIN): a client that sends and leaves costs no work that had
        // not begun.
        closing.close()
        #expect(try await Self.becomesUnwanted(pending[1]))
        #expect(await Self.complete(pending[1], "to nobody either\n") == false)
        // The server goes on serving.
        #expect(try await HTTPServerTests.curl([slow.base + "/fast"]).output == "fast\n")
        await slow.server.stop()
    }

    @Test func stopsPromptlyWithResponsesPending() async throws {
        // Each response due within 60 s: a server that waited for them would take that long.
        let slow = try SlowServer(budget: .seconds(60))
        let clients = (0..<20).map { _ in RawClient(port: slow.server.port) }
        for client in clients { #expect(try await client.sendWhenConnected(Self.slowRequest)) }
        let pending = try await slow.waitForPending(clients.count)
        // Each client sees its connection closed without an answer, watched as the closes arrive:
        // closing 20 sockets takes milliseconds, a server that waited for the responses would
        // take 60 s, and a loaded machine has taken seconds to schedule the server's thread (see
        // HTTPServerAbuseTests).
        async let closes = RawClient.watch(clients, within: .seconds(40))
        await slow.server.stop()
        let seen = await closes
        #expect(seen.allSatisfy { $0.closed && $0.bytes.isEmpty })
        #expect(seen.map(\.after).max()! < .seconds(15))
        #expect(pending.allSatisfy { !$0.isWanted })
        for deferred in pending { #expect(await Self.complete(deferred, "after stop\n") == false) }
        clients.forEach { $0.close() }
    }
}
