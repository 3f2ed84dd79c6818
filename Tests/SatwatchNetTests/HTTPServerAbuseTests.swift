import Foundation
import SatwatchTestSupport
import Testing
@testable import SatwatchNet

/// The endpoint server against abusive clients: hundreds of idle connections, clients that
/// dribble their request head (slowloris), oversized requests, clients that never read. Each
/// bound is measured by the client and sits far from the failure it separates (no answer at all,
/// a connection held for as long as the client keeps dribbling, a stop that waits for clients).
@Suite struct HTTPServerAbuseTests {
    static func okServer(body: String = "ok\n") throws -> HTTPServer {
        try HTTPServer(host: "127.0.0.1", port: 0) { _ in HTTPServerResponse(status: 200, body: body) }
    }

    /// Sends the next byte of a never-ending request head on each client every `interval`,
    /// until cancelled.
    static func dribble(_ clients: [RawClient], every interval: Duration) -> Task<Void, Never> {
        Task {
            let head = Array("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
            var sent = [Int](repeating: 0, count: clients.count)
            while !Task.isCancelled {
                for (index, client) in clients.enumerated() where client.send([head[sent[index] % head.count]]) {
                    sent[index] += 1
                }
                try? await Task.sleep(for: interval)
            }
        }
    }

    /// curl's own measure of a GET: the status code and the total time in seconds. curl gives up
    /// after `maxTime` seconds (code 000).
    static func timedGet(_ url: String, maxTime: Int = 40) async throws -> (code: String, seconds: Double) {
        let result = try await ChildProcess.run(["curl", "-s", "-o", "/dev/null", "--max-time", "\(maxTime)",
                                                 "-w", "%{http_code} %{time_total}", url])
        let fields = result.output.split(separator: " ")
        return (String(fields.first ?? ""), Double(fields.last ?? "") ?? .infinity)
    }

    /// A response far larger than the socket buffers between the server and a `nonReader` (the
    /// server's send buffer grows to 4 MiB at most): to that client it stays stuck mid-write.
    static let largeBody = String(repeating: "m", count: 8 << 20)

    /// A client whose receive buffer stays small; it does not read unless told to.
    static func nonReader(port: UInt16) -> RawClient { RawClient(port: port, receiveBuffer: 16 << 10) }

    @Test func answersANewClientUnder500IdleConnectionsAnd3Slowloris() async throws {
        RawClient.allowDescriptors(2048)
        // Head deadlines of a minute: a server that let these connections keep their slots would
        // answer the new client only once they are cut, a minute from a prompt answer.
        var limits = HTTPServerLimits.standard
        limits.headTimeout = .seconds(60)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in HTTPServerResponse(status: 200, body: "ok\n") }
        let idle = (0..<500).map { _ in RawClient(port: server.port) }
        let slow = (0..<3).map { _ in RawClient(port: server.port) }
        let dribbling = Self.dribble(slow, every: .seconds(1))
        // Every connection made, so accepted or queued ahead of the new client.
        #expect(try await Eventually.wait { (idle + slow).allSatisfy(\.connectFinished) })
        let (code, seconds) = try await Self.timedGet("http://127.0.0.1:\(server.port)/healthz")
        dribbling.cancel()
        #expect(code == "200")
        // Milliseconds when quiet, seconds on a loaded machine; 60 s (or curl's 40 s) when held.
        #expect(seconds < 15)
        (idle + slow).forEach { $0.close() }
        await server.stop()
    }

    @Test func cutsASlowlorisClientAtTheHeadDeadlineWith408() async throws {
        let server = try Self.okServer()
        let client = RawClient(port: server.port)
        let dribbling = Self.dribble([client], every: .milliseconds(250))
        // The deadline is 5 s from accept, whatever the client sends meanwhile. Served without
        // one, the client would dribble until the 40 s cap; the close is seen as it arrives (a
        // thread blocked in poll), so the pool's load on a full suite adds nothing to it.
        let (received, closed, elapsed) = try await client.response(within: .seconds(40))
        dribbling.cancel()
        client.close()
        await server.stop()
        #expect(closed)
        #expect(elapsed < .seconds(25))
        #expect(received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
    }

    @Test func refusesAnOversizedRequestWith431() async throws {
        let server = try Self.okServer()
        let header = "X-Padding: " + String(repeating: "a", count: 9000)
        let result = try await ChildProcess.run(["curl", "-s", "-o", "/dev/null", "--max-time", "5",
                                                 "-w", "%{http_code}", "-H", header, "http://127.0.0.1:\(server.port)/"])
        await server.stop()
        #expect(result.output == "431")
    }

    @Test func servesOthersWhileAClientDoesNotRead() async throws {
        // A write deadline of a minute: a server that waited for the reader would answer the next
        // client a minute late, far from a prompt answer.
        var limits = HTTPServerLimits.standard
        limits.writeTimeout = .seconds(60)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in HTTPServerResponse(status: 200, body: Self.largeBody) }
        let reader = Self.nonReader(port: server.port)
        #expect(try await reader.sendWhenConnected(Array("GET / HTTP/1.1\r\n\r\n".utf8)))
        // Its response has begun, so it is stuck mid-write from here on.
        #expect(try await Eventually.wait { reader.hasUnreadBytes })
        let (code, seconds) = try await Self.timedGet("http://127.0.0.1:\(server.port)/")
        #expect(code == "200")
        // Milliseconds when quiet, seconds on a loaded machine; 60 s (or curl's 40 s) when held.
        #expect(seconds < 15)
        // And the reader's response was still stuck meanwhile (not sent whole and closed).
        #expect(try reader.serverEndOpen(serverPort: server.port))
        reader.close()
        await server.stop()
    }

    @Test func dropsAClientThatDoesNotReadAtTheWriteDeadline() async throws {
        let server = try Self.okServer(body: Self.largeBody)
        let reader = Self.nonReader(port: server.port)
        #expect(try await reader.sendWhenConnected(Array("GET / HTTP/1.1\r\n\r\n".utf8)))
        #expect(try await Eventually.wait { reader.hasUnreadBytes })
        // The server gives up at its 5 s write deadline: its end of the connection closes while
        // the reader still reads nothing. (Reading to see it would let the response through.)
        #expect(try await Eventually.wait { try !reader.serverEndOpen(serverPort: server.port) })
        // What reaches the reader then ends short of the whole response.
        let (count, closed) = try await reader.byteCount(untilClosedWithin: .seconds(30))
        reader.close()
        await server.stop()
        #expect(closed)
        #expect(count < Self.largeBody.utf8.count)
    }

    @Test func stopsPromptlyWhileSlowAndIdleClientsHoldConnections() async throws {
        // A large body for a client that never reads: its response is stuck mid-write. Timeouts
        // of 60 s put a server that waits its clients out far from one that stops at once.
        var limits = HTTPServerLimits.standard
        limits.headTimeout = .seconds(60)
        limits.writeTimeout = .seconds(60)
        let server = try HTTPServer(host: "127.0.0.1", port: 0, limits: limits) { _ in HTTPServerResponse(status: 200, body: Self.largeBody) }
        let slow = (0..<3).map { _ in RawClient(port: server.port) }
        let idle = (0..<20).map { _ in RawClient(port: server.port) }
        let dribbling = Self.dribble(slow, every: .milliseconds(250))
        #expect(try await Eventually.wait { (slow + idle).allSatisfy(\.connectFinished) })
        // Queued behind all the others: once its response has begun (stuck mid-write from then
        // on), the server has accepted every connection.
        let reader = Self.nonReader(port: server.port)
        #expect(try await reader.sendWhenConnected(Array("GET / HTTP/1.1\r\n\r\n".utf8)))
        #expect(try await Eventually.wait { reader.hasUnreadBytes })
        #expect(try reader.serverEndOpen(serverPort: server.port))
        // Each client sees its connection closed (the dribblers may see a reset), watched as the
        // closes arrive: the old server waited out each client's timeout (60 s here); a loaded
        // machine has been seen to take 4.4 s to schedule the server's thread and close 24 sockets.
        async let closes = RawClient.watch(slow + idle, within: .seconds(40))
        await server.stop()
        let seen = await closes
        dribbling.cancel()
        #expect(seen.allSatisfy { $0.closed })
        #expect(seen.map(\.after).max()! < .seconds(15))
        (slow + idle + [reader]).forEach { $0.close() }
        #expect(try await HTTPServerTests.curl(["http://127.0.0.1:\(server.port)/"]).status == 7)
    }
}
