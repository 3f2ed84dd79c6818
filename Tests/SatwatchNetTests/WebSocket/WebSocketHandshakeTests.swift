import Testing
@testable import SatwatchNet

@Suite("WebSocket handshake")
struct WebSocketHandshakeTests {
    private static let rfcKey = "dGhlIHNhbXBsZSBub25jZQ=="
    private static let rfcAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    @Test("RFC 6455 accept value")
    func acceptValue() {
        #expect(WebSocketHandshake.accept(for: Self.rfcKey) == Self.rfcAccept)
    }

    @Test("Random keys are 16 bytes, base64, and differ")
    func randomKeys() {
        let keys = Set((0..<20).map { _ in WebSocketHandshake().key })
        #expect(keys.count == 20)
        #expect(keys.allSatisfy { $0.count == 24 && $0.hasSuffix("==") })
    }

    @Test("Request")
    func request() throws {
        let url = try WebSocketURL("wss://example.com:8443/api/v1/ws?x=1")
        let bytes = try WebSocketHandshake(key: Self.rfcKey)
            .request(for: url, userAgent: "satwatch", headers: ["Origin": "https://example.com", "X-B": "2"])
        #expect(String(decoding: bytes, as: UTF8.self) == """
            GET /api/v1/ws?x=1 HTTP/1.1\r
            Host: example.com:8443\r
            Upgrade: websocket\r
            Connection: Upgrade\r
            Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
            Sec-WebSocket-Version: 13\r
            Origin: https://example.com\r
            User-Agent: satwatch\r
            X-B: 2\r
            \r

            """)
    }

    @Test("Unusable extra headers", arguments: [
        (["Bad Name": "x"], "header name \"Bad Name\" is not an HTTP token"),
        (["X-A": "a\r\nX-Evil: 1"], "header X-A has a control character in its value"),
        (["sec-websocket-key": "x"], "header sec-websocket-key is set by the WebSocket handshake itself"),
        (["Host": "other"], "header Host is set by the WebSocket handshake itself"),
    ])
    func badHeaders(headers: [String: String], reason: String) throws {
        let url = try WebSocketURL("ws://h/")
        #expect(throws: WebSocketError.invalidOptions(reason)) {
            try WebSocketHandshake(key: Self.rfcKey).request(for: url, userAgent: "u", headers: headers)
        }
    }

    @Test("Responses", arguments: [
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(rfcAccept)", nil),
        ("HTTP/1.1 101 OK\r\nupgrade:  WebSocket \r\nCONNECTION: keep-alive, UPGRADE\r\nsec-websocket-accept:\(rfcAccept)", nil),
        ("HTTP/1.1 403 Forbidden\r\nContent-Length: 0", WebSocketError.handshakeStatus(code: 403, reason: "Forbidden")),
        ("HTTP/1.1 200 OK", .handshakeStatus(code: 200, reason: "OK")),
        ("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(rfcAccept)",
         .handshakeInvalid("101 response without \"Upgrade: websocket\"")),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nSec-WebSocket-Accept: \(rfcAccept)",
         .handshakeInvalid("101 response without \"Connection: Upgrade\"")),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: xyz=",
         .badAccept(expected: rfcAccept, received: "xyz=")),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade",
         .badAccept(expected: rfcAccept, received: "")),
        ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: \(rfcAccept)\r\nSec-WebSocket-Extensions: permessage-deflate",
         .handshakeInvalid("server chose sec-websocket-extensions \"permessage-deflate\" that was not offered")),
        ("SSH-2.0-OpenSSH_9.2", .handshakeInvalid("not an HTTP/1.x status line: \"SSH-2.0-OpenSSH_9.2\"")),
        ("HTTP/1.1 101 X\r\nno colon here", .handshakeInvalid("malformed header line \"no colon here\"")),
    ] as [(String, WebSocketError?)])
    func responses(head: String, error: WebSocketError?) {
        let handshake = WebSocketHandshake(key: Self.rfcKey)
        let outcome = Result { () throws(WebSocketError) in
            try handshake.validate(WebSocketHandshakeResponse(head: Array(head.utf8)))
        }
        switch outcome {
        case .success: #expect(error == nil)
        case .failure(let thrown): #expect(thrown == error)
        }
    }

    /// The reader finds the end of the head in any chunking and keeps the frame bytes after it.
    @Test("Reader hands over the bytes after the head", arguments: [1, 2, 5, 1000])
    func reader(chunk: Int) throws {
        let head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n"
        let bytes = Array(head.utf8) + [0x81, 0x01, 0x61]
        var reader = WebSocketHandshakeReader()
        var start = 0
        var found: (response: WebSocketHandshakeResponse, rest: [UInt8])?
        while found == nil, start < bytes.count {
            let end = min(bytes.count, start + chunk)
            found = try reader.feed(bytes[start..<end])
            start = end
        }
        let (response, rest) = try #require(found)
        #expect(response.status == 101)
        #expect(response["Upgrade"] == "websocket")
        #expect(rest + bytes[start...] == [0x81, 0x01, 0x61])
    }

    @Test("Reader refuses an endless head")
    func endlessHead() {
        var reader = WebSocketHandshakeReader()
        #expect(throws: WebSocketError.handshakeInvalid("response head longer than 16384 bytes")) {
            try reader.feed([UInt8](repeating: UInt8(ascii: "a"), count: 20_000))
        }
    }
}
