import Testing
@testable import SatwatchNet

/// Request heads parsed, or refused with the status the client gets, before any handler runs.
@Suite struct HTTPRequestHeadTests {
    static func parse(_ text: String, limits: HTTPServerLimits = .standard) throws(HTTPRequestHead.Refusal) -> HTTPRequestHead {
        try HTTPRequestHead(parsing: Array(text.utf8)[...], limits: limits)
    }

    @Test(arguments: [
        ("GET /metrics HTTP/1.1", "GET", "/metrics", ""),
        ("HEAD /healthz?a=b HTTP/1.0", "HEAD", "/healthz", "a=b"),
        ("DELETE /api/v1/silences/7?x=1?y=2 HTTP/1.1", "DELETE", "/api/v1/silences/7", "x=1?y=2"),
        ("PATCH /%2Fraw? HTTP/1.1", "PATCH", "/%2Fraw", ""),
    ])
    func parsesRequestLines(_ line: String, _ method: String, _ path: String, _ query: String) throws {
        let head = try Self.parse(line)
        #expect(head.request == HTTPServerRequest(method: method, path: path, query: query))
        #expect(head.contentLength == 0)
    }

    @Test func readsHeaderFieldsInOrderWithCaseInsensitiveLookup() throws {
        let head = try Self.parse("POST /api/v1/silences HTTP/1.1\r\nHost: 127.0.0.1\r\nauthorization:\tBearer s3cret \r\n"
                                  + "X-Tag: a\r\nx-tag: b\r\nContent-Length: 12\r\nExpect: 100-Continue\r\nEmpty:")
        #expect(head.request.headers.first("Authorization") == "Bearer s3cret")
        #expect(head.request.headers.values("X-TAG") == ["a", "b"])
        #expect(head.request.headers.first("empty") == "")
        #expect(head.request.headers.fields.count == 7)
        #expect(head.contentLength == 12)
        #expect(head.expectsContinue)
        // HTTP/1.0 clients know no interim response.
        #expect(try !Self.parse("POST / HTTP/1.0\r\nContent-Length: 1\r\nExpect: 100-continue").expectsContinue)
    }

    @Test(arguments: [("5", 5), ("0", 0), ("007", 7), ("65536", 65536), (" 3 ", 3), ("4, 4", 4)])
    func acceptsContentLengths(_ value: String, _ length: Int) throws {
        #expect(try Self.parse("POST / HTTP/1.1\r\nContent-Length: \(value)").contentLength == length)
        // The same length repeated in two fields is one length (RFC 9112 §6.3).
        #expect(try Self.parse("POST / HTTP/1.1\r\nContent-Length: \(value)\r\ncontent-length: \(value)").contentLength == length)
    }

    @Test(arguments: [
        // Request lines.
        ("", 400), ("GARBAGE", 400), ("GET metrics HTTP/1.1", 400), ("GET / SPDY", 400),
        ("GET http://example.com/ HTTP/1.1", 400), ("G(T / HTTP/1.1", 400), ("GET /a b HTTP/1.1", 400),
        // Header fields: space before the colon, folding, no colon, no name, stray CR or NUL.
        ("GET / HTTP/1.1\r\nHost : x", 400), ("GET / HTTP/1.1\r\nA: b\r\n  folded", 400),
        ("GET / HTTP/1.1\r\nno colon", 400), ("GET / HTTP/1.1\r\n: v", 400),
        ("GET / HTTP/1.1\r\nA: b\rX-Smuggled: c", 400), ("GET / HTTP/1.1\r\nA: b\u{0}", 400),
        ("GET / HTTP/1.1\r", 400), ("GET / HTTP/1.1\n\nA: b", 400),
        // Content-Length: negative, signed, garbage, empty, disagreeing, absurdly long.
        ("POST / HTTP/1.1\r\nContent-Length: -1", 400), ("POST / HTTP/1.1\r\nContent-Length: +5", 400),
        ("POST / HTTP/1.1\r\nContent-Length: abc", 400), ("POST / HTTP/1.1\r\nContent-Length: 1e3", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 0x10", 400), ("POST / HTTP/1.1\r\nContent-Length:", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 5 5", 400), ("POST / HTTP/1.1\r\nContent-Length: 5, 6", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999", 400),
        // Bodies too large, and transfer codings: refused whatever Content-Length says.
        ("POST / HTTP/1.1\r\nContent-Length: 65537", 413), ("POST / HTTP/1.1\r\nContent-Length: 999999999999", 413),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked", 411),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip, Chunked\r\nContent-Length: 3", 411),
        ("POST / HTTP/1.1\r\nTransfer-Encoding: gzip", 501),
    ])
    func refuses(_ head: String, _ status: Int) {
        do {
            _ = try Self.parse(head)
            Issue.record("accepted \(head.debugDescription)")
        } catch {
            #expect(error.status == status, "\(head.debugDescription): \(error.message)")
        }
    }

    @Test func refusesMoreHeaderFieldsThanTheLimitWith431() throws {
        var limits = HTTPServerLimits.standard
        limits.maximumHeaderFields = 3
        let fields = (1...3).map { "X-\($0): v" }
        #expect(try Self.parse((["GET / HTTP/1.1"] + fields).joined(separator: "\r\n"), limits: limits).request.headers.fields.count == 3)
        #expect(throws: HTTPRequestHead.Refusal(status: 431, message: "request too large: more than 3 header fields")) {
            try Self.parse((["GET / HTTP/1.1"] + fields + ["X-4: v"]).joined(separator: "\r\n"), limits: limits)
        }
    }

    @Test(arguments: [("GET / HTTP/1.1\r\n\r\n", 0, 14), ("ab\r\n\r", 0, nil), ("xx\r\n\r\nyy\r\n\r\n", 3, 8), ("\r\n\r\n", 0, 0)])
    func findsTheEndOfTheHead(_ text: String, _ start: Int, _ end: Int?) {
        #expect(HTTPConnection.headerEnd(in: Array(text.utf8), from: start) == end)
    }
}
