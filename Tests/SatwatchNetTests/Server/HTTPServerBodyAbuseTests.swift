import SatwatchTestSupport
import Testing
@testable import SatwatchNet

/// The server against clients abusing bodies and heads: bodies too large, lengths that lie or
/// are not lengths, bodies dribbled byte by byte, too many header fields. Each bound is measured
/// from the client, far from the failure it separates (a response only after the whole body, a
/// deadline reset by each byte, the handler called for a refused request).
@Suite struct HTTPServerBodyAbuseTests {
    static func limits(bodyTimeout: Duration) -> HTTPServerLimits {
        var limits = HTTPServerLimits.standard
        limits.bodyTimeout = bodyTimeout
        return limits
    }

    @Test func refusesATooLargeBodyWith413BeforeItIsSent() async throws {
        let echo = try EchoServer()
        let client = RawClient(port: echo.server.port)
        // 10 MB announced, 1,000 bytes sent, nothing more: the answer cannot wait for the rest.
        let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n"
        #expect(try await client.sendWhenConnected(Array(head.utf8) + [UInt8](repeating: 0x62, count: 1000)))
        let response = try await client.response(within: .seconds(8))
        client.close()
        await echo.server.stop()
        #expect(response.text.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"))
        #expect(response.text.hasSuffix("\r\n\r\nrequest body too large: at most 65536 bytes\n"))
        // Had the server waited for the rest, the answer would be a 408 at the body deadline.
        #expect(response.closed)
        #expect(echo.calls.value == 0)
    }

    @Test func cutsABodyShorterThanItsLengthAtTheBodyDeadlineWith408() async throws {
        let echo = try EchoServer(limits: Self.limits(bodyTimeout: .seconds(2)))
        let client = RawClient(port: echo.server.port)
        #expect(try await client.sendWhenConnected(Array("POST / HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly ten..".utf8)))
        let response = try await client.response(within: .seconds(12))
        client.close()
        await echo.server.stop()
        #expect(response.text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        // Not before the deadline: the body may yet come. (Not long after it either: the window
        // is 12 s, and a server waiting for the body would never answer.)
        #expect(response.closed && response.after > .seconds(1.8))
        #expect(echo.calls.value == 0)
    }

    @Test(arguments: ["-1", "abc", "5, 6", "+5", "0x10"])
    func refusesALengthThatIsNotOneWith400(_ length: String) async throws {
        let echo = try EchoServer()
        let client = RawClient(port: echo.server.port)
        #expect(try await client.sendWhenConnected(Array("POST / HTTP/1.1\r\nContent-Length: \(length)\r\n\r\nhello".utf8)))
        let response = try await client.response(within: .seconds(8))
        client.close()
        await echo.server.stop()
        #expect(response.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(echo.calls.value == 0)
    }

    /// Sends one byte of body on `client` every 100 ms until cancelled.
    static func dribble(_ client: RawClient) -> Task<Void, Never> {
        Task {
            while !Task.isCancelled {
                client.send([0x78])
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    @Test func servesOthersWhileABodyIsDribbled() async throws {
        // A body deadline of a minute: a server held by the dribbling client would answer the
        // next one only then, a minute from a prompt answer.
        let echo = try EchoServer(limits: Self.limits(bodyTimeout: .seconds(60)))
        let slow = RawClient(port: echo.server.port)
        // Its head goes ahead of the next client's connection, so the server takes it up first.
        #expect(try await slow.sendWhenConnected(Array("POST /slow HTTP/1.1\r\nContent-Length: 1000\r\n\r\n".utf8)))
        let dribbling = Self.dribble(slow)
        let (code, seconds) = try await HTTPServerAbuseTests.timedGet(echo.base + "/")
        dribbling.cancel()
        slow.close()
        await echo.server.stop()
        #expect(code == "200")
        // Milliseconds when quiet, seconds on a loaded machine; 60 s (or curl's 40 s) when held.
        #expect(seconds < 15)
        #expect(echo.calls.value == 1)
    }

    @Test func cutsADribbledBodyAtTheDeadlineNotResetByEachByte() async throws {
        let echo = try EchoServer(limits: Self.limits(bodyTimeout: .seconds(5)))
        let slow = RawClient(port: echo.server.port)
        // One byte every 100 ms: the whole body would take over 16 minutes.
        #expect(try await slow.sendWhenConnected(Array("POST /slow HTTP/1.1\r\nContent-Length: 10000\r\n\r\n".utf8)))
        let dribbling = Self.dribble(slow)
        let cut = try await slow.response(within: .seconds(60))
        dribbling.cancel()
        slow.close()
        await echo.server.stop()
        #expect(cut.text.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        // Within a minute, which a deadline reset by each byte would never pass; not before the
        // 5 s deadline either.
        #expect(cut.closed && cut.after > .seconds(4.5))
        #expect(echo.calls.value == 0)
    }

    @Test func assemblesAHeadAndBodyThatArriveInPieces() async throws {
        // Deadlines far off: only the assembly is tested here, however slowly a loaded machine
        // sends the pieces.
        var limits = Self.limits(bodyTimeout: .seconds(60))
        limits.headTimeout = .seconds(60)
        let echo = try EchoServer(limits: limits)
        let client = RawClient(port: echo.server.port)
        // The head's end split across reads, the body starting in the read that ends the head.
        for piece in ["POST /pieces HTTP/1.1\r\nContent-Len", "gth: 5\r\n\r", "\nab", "c", "de"] {
            #expect(try await client.sendWhenConnected(Array(piece.utf8)))
            try await Task.sleep(for: .milliseconds(100))
        }
        let response = try await client.response(within: .seconds(8))
        client.close()
        await echo.server.stop()
        #expect(response.text.hasSuffix("\r\n\r\nPOST /pieces\nquery: \nx-test: \nlength: 5\nbody: abcde"))
        #expect(echo.calls.value == 1)
    }

    @Test func stillRefusesTooManyOrTooLargeHeaderFieldsWith431() async throws {
        // A head deadline far off: only the size caps are tested here. (With the standard 5 s, a
        // loaded machine once took longer between the two pieces, and the server answered 408.)
        var limits = HTTPServerLimits.standard
        limits.headTimeout = .seconds(60)
        let echo = try EchoServer(limits: limits)
        let many = "GET / HTTP/1.1\r\n" + (0...100).map { "X-\($0): v\r\n" }.joined() + "\r\n"
        // 8,177 bytes first, under the 8,192 cap, then 22 with the head's end: the end arrives
        // past the cap and must not let the head through.
        let large = "GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: 8150)
        for pieces in [[many], [large, String(repeating: "a", count: 18) + "\r\n\r\n"]] {
            let client = RawClient(port: echo.server.port)
            for piece in pieces {
                #expect(try await client.sendWhenConnected(Array(piece.utf8)))
                try await Task.sleep(for: .milliseconds(100))
            }
            let response = try await client.response(within: .seconds(8))
            client.close()
            #expect(response.text.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        }
        await echo.server.stop()
        #expect(echo.calls.value == 0)
    }

    @Test func answersHeadWithoutABodyAndIgnoresBytesPastTheBody() async throws {
        let echo = try EchoServer()
        let head = RawClient(port: echo.server.port)
        #expect(try await head.sendWhenConnected(Array("HEAD /x HTTP/1.1\r\n\r\n".utf8)))
        let headResponse = try await head.response(within: .seconds(8))
        #expect(headResponse.closed)
        let length = EchoServer.respond(to: HTTPServerRequest(method: "HEAD", path: "/x")).bodyBytes.count
        #expect(length > 0 && headResponse.text.contains("\r\nContent-Length: \(length)\r\n"))
        #expect(headResponse.text.hasSuffix("\r\n\r\n"))
        // A second request behind the body is not part of it, and is not answered.
        let post = RawClient(port: echo.server.port)
        #expect(try await post.sendWhenConnected(Array("POST /x HTTP/1.1\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\r\n\r\n".utf8)))
        let postResponse = try await post.response(within: .seconds(8))
        [head, post].forEach { $0.close() }
        await echo.server.stop()
        #expect(postResponse.text.hasSuffix("\r\n\r\nPOST /x\nquery: \nx-test: \nlength: 5\nbody: hello"))
        #expect(postResponse.text.ranges(of: "HTTP/1.1").count == 1)
    }
}
