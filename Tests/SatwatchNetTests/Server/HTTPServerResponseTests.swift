import Testing
@testable import SatwatchNet

/// Responses as they go on the wire: extra fields, binary bodies, bodiless statuses, and no way
/// for a value to add a header of its own.
@Suite struct HTTPServerResponseTests {
    static func wire(_ response: HTTPServerResponse, includeBody: Bool = true) -> String {
        String(decoding: response.serialized(includeBody: includeBody), as: UTF8.self)
    }

    @Test func writesExtraFieldsAfterTheServersOwn() {
        let response = HTTPServerResponse(status: 303, headers: ["Location": "/?silenced=btc", "Set-Thing": "a"], body: "")
        #expect(Self.wire(response) == "HTTP/1.1 303 See Other\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: 0\r\nConnection: close\r\nCache-Control: no-store\r\nLocation: /?silenced=btc\r\nSet-Thing: a\r\n\r\n")
    }

    @Test func aCacheControlFieldReplacesTheDefaultAndFramingFieldsStayTheServers() {
        let response = HTTPServerResponse(status: 200, headers: ["cache-control": "max-age=60", "Content-Length": "999",
                                                                 "Transfer-Encoding": "chunked", "Connection": "keep-alive",
                                                                 "content-type": "text/html"], body: "hi")
        let wire = Self.wire(response)
        #expect(wire == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n"
            + "Connection: close\r\ncache-control: max-age=60\r\n\r\nhi")
    }

    @Test(arguments: ["/x\r\nSet-Cookie: stolen=1", "/x\nSet-Cookie: stolen=1", "/x\rSet-Cookie: stolen=1", "/x\u{85}Set-Cookie: stolen=1"])
    func valuesCannotEndTheirLine(_ location: String) {
        let wire = Self.wire(HTTPServerResponse(status: 302, contentType: "text/html\r\nX-Injected: 1",
                                                headers: ["Location": location, "Bad Name": "v", "": "v", "X-Ok": "1"], body: ""))
        let lines = wire.split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(lines.contains("Location: /x  Set-Cookie: stolen=1") || lines.contains("Location: /x Set-Cookie: stolen=1"))
        #expect(!lines.contains { $0.hasPrefix("Set-Cookie") || $0.hasPrefix("X-Injected") || $0.hasPrefix("Bad Name") || $0.hasPrefix(":") })
        #expect(lines.contains("X-Ok: 1"))
        // Every CR and LF on the wire belongs to a CRLF the server wrote.
        let bytes = Array(wire.utf8)
        let pairs = zip(bytes, bytes.dropFirst()).filter { $0 == (0x0D, 0x0A) }.count
        #expect(bytes.filter { $0 == 0x0A }.count == pairs && bytes.filter { $0 == 0x0D }.count == pairs)
    }

    @Test func sendsBinaryBodiesByteForByte() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0xC3]
        let response = HTTPServerResponse(status: 200, contentType: "image/png", bodyBytes: png)
        let bytes = response.serialized(includeBody: true)
        #expect(Array(bytes.suffix(png.count)) == png)
        #expect(Self.wire(response).contains("Content-Type: image/png\r\nContent-Length: 11\r\n"))
        #expect(response.body == String(decoding: png, as: UTF8.self))
        var text = HTTPServerResponse(status: 200, body: "é")
        #expect(text.bodyBytes == [0xC3, 0xA9])
        text.body = "ok"
        #expect(text.bodyBytes == Array("ok".utf8))
    }

    @Test func headAnnouncesTheLengthWithoutTheBodyAnd204And304HaveNone() {
        let page = HTTPServerResponse(status: 200, body: "hello")
        #expect(Self.wire(page, includeBody: false).hasSuffix("Content-Length: 5\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n"))
        for status in [204, 304] {
            let wire = Self.wire(HTTPServerResponse(status: status, body: "ignored"))
            #expect(!wire.contains("Content-Length") && !wire.contains("Content-Type") && !wire.contains("ignored"))
            #expect(wire.hasSuffix("Connection: close\r\nCache-Control: no-store\r\n\r\n"))
        }
    }

    @Test(arguments: [(201, "Created"), (204, "No Content"), (302, "Found"), (303, "See Other"), (401, "Unauthorized"),
                      (403, "Forbidden"), (409, "Conflict"), (411, "Length Required"), (413, "Content Too Large"),
                      (415, "Unsupported Media Type"), (422, "Unprocessable Content"), (500, "Internal Server Error"),
                      (501, "Not Implemented"), (299, "Status")])
    func namesTheStatus(_ status: Int, _ reason: String) {
        #expect(Self.wire(HTTPServerResponse(status: status, body: "")).hasPrefix("HTTP/1.1 \(status) \(reason)\r\n"))
    }
}
