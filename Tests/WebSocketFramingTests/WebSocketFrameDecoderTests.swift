import Testing
@testable import WebSocketFraming

@Suite("WebSocket frame decoder")
struct WebSocketFrameDecoderTests {
    /// RFC 6455 section 5.7 (unmasked, as a server sends them).
    @Test("RFC 6455 examples", arguments: [
        ("81 05 48656c6c6f", WebSocketEvent.message(.text("Hello"))),
        ("01 03 48656c 80 02 6c6f", WebSocketEvent.message(.text("Hello"))),
        ("89 05 48656c6c6f", WebSocketEvent.ping(Array("Hello".utf8))),
        ("8a 00", WebSocketEvent.pong([])),
        ("81 00", WebSocketEvent.message(.text(""))),
        ("88 00", WebSocketEvent.close(code: 1005, reason: "")),
        ("88 05 03e8 627965", WebSocketEvent.close(code: 1000, reason: "bye")),
    ])
    func rfcExamples(hex: String, event: WebSocketEvent) {
        let result = WSBytes.decode(WSBytes.fromHex(hex))
        #expect(result.events == [event])
        #expect(result.error == nil)
    }

    @Test("16-bit and 64-bit lengths", arguments: [126, 256, 65535, 65536, 100_000])
    func extendedLengths(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
        let result = WSBytes.decode(WSBytes.serverFrame(0x2, payload))
        #expect(result.events == [.message(.binary(payload))])
    }

    /// The same stream cut into chunks of every size gives the same events.
    @Test("Arbitrary chunking", arguments: [1, 2, 3, 7, 125, 4096, Int.max])
    func chunking(chunk: Int) {
        let big = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 31) }
        var stream = WSBytes.serverFrame(0x1, Array("first".utf8))
        stream += WSBytes.serverFrame(0x1, Array("frag".utf8), fin: false)
        stream += WSBytes.serverFrame(0x9, Array("p".utf8))
        stream += WSBytes.serverFrame(0x0, Array("ment".utf8), fin: false)
        stream += WSBytes.serverFrame(0xA, [])
        stream += WSBytes.serverFrame(0x0, Array("ed".utf8))
        stream += WSBytes.serverFrame(0x2, big)
        stream += WSBytes.serverFrame(0x1, Array("{\"a\":\"x\u{85}y\"}".utf8))
        stream += WSBytes.serverFrame(0x8, [0x03, 0xE9])
        let result = WSBytes.decode(stream, chunk: chunk)
        #expect(result.error == nil)
        #expect(result.events == [
            .message(.text("first")), .ping(Array("p".utf8)), .pong([]), .message(.text("fragmented")),
            .message(.binary(big)), .message(.text("{\"a\":\"x\u{85}y\"}")), .close(code: 1001, reason: ""),
        ])
    }

    @Test("A character split across fragments is valid")
    func splitCharacter() {
        let result = WSBytes.decode(WSBytes.fromHex("01 01 c3 80 01 a9"))
        #expect(result.events == [.message(.text("é"))])
    }

    @Test("Violations", arguments: [
        ("c1 00", WebSocketFrameError.protocolViolation("reserved bits set without a negotiated extension")),
        ("a1 00", .protocolViolation("reserved bits set without a negotiated extension")),
        ("83 00", .protocolViolation("unknown opcode 3")),
        ("8b 00", .protocolViolation("unknown opcode 11")),
        ("81 81 00000000 61", .protocolViolation("masked frame from the server")),
        ("09 00", .protocolViolation("fragmented control frame")),
        ("89 7e 007e", .protocolViolation("control frame longer than 125 bytes")),
        ("80 01 61", .protocolViolation("continuation frame without a message to continue")),
        ("01 01 61 81 01 62", .protocolViolation("new data frame while a fragmented message is unfinished")),
        ("01 01 61 02 01 62", .protocolViolation("new data frame while a fragmented message is unfinished")),
        ("82 7f 8000000000000000", .protocolViolation("payload length with the high bit set")),
        ("88 01 03", .protocolViolation("close frame with a 1-byte payload")),
        ("88 02 03ed", .protocolViolation("close frame with invalid status code 1005")),
        ("88 02 03e7", .protocolViolation("close frame with invalid status code 999")),
        ("88 04 03e8 c328", .invalidUTF8),
        ("81 02 c328", .invalidUTF8),
        ("81 03 eda080", .invalidUTF8),
        ("81 02 c0af", .invalidUTF8),
        ("01 01 c3 80 00", .invalidUTF8),
    ])
    func violations(hex: String, error: WebSocketFrameError) {
        for chunk in [1, Int.max] {
            #expect(WSBytes.decode(WSBytes.fromHex(hex), chunk: chunk).error == error)
        }
    }

    @Test("Events before an invalid frame are still delivered")
    func eventsBeforeError() {
        let result = WSBytes.decode(WSBytes.fromHex("81 01 61 c1 00 81 01 62"))
        #expect(result.events == [.message(.text("a"))])
        #expect(result.error == .protocolViolation("reserved bits set without a negotiated extension"))
    }

    @Test("Bytes after a close frame are ignored")
    func afterClose() {
        let result = WSBytes.decode(WSBytes.fromHex("88 02 03e8 81 01 61 c1"))
        #expect(result.events == [.close(code: 1000, reason: "")])
        #expect(result.error == nil)
    }

    @Test("Message size limit", arguments: [
        ("81 0a 61616161616161616161", nil),
        ("81 0b 6161616161616161616161", WebSocketFrameError.messageTooBig(size: 11, limit: 10)),
        ("02 06 000000000000 89 00 80 04 00000000", nil),
        ("02 06 000000000000 89 00 80 05 0000000000", .messageTooBig(size: 11, limit: 10)),
    ])
    func sizeLimit(hex: String, error: WebSocketFrameError?) {
        #expect(WSBytes.decode(WSBytes.fromHex(hex), limit: 10).error == error)
    }

    /// The header alone must be refused: the decoder never waits for (or buffers) the payload.
    @Test("An oversized frame is refused from its header")
    func refusedFromHeader() throws {
        var decoder = WebSocketFrameDecoder()
        let header = WSBytes.fromHex("82 7f 0000000001000001")
        var events = 0
        #expect(throws: WebSocketFrameError.messageTooBig(size: (16 << 20) + 1, limit: 16 << 20)) {
            try header.withUnsafeBytes { raw in
                try Result { () throws(WebSocketFrameError) in try decoder.feed(raw) { _ in events += 1 } }.get()
            }
        }
        #expect(events == 0)
    }

    @Test("Mid-frame state")
    func midFrame() throws {
        var decoder = WebSocketFrameDecoder()
        let bytes = WSBytes.fromHex("81 05 48656c6c6f")
        for (count, midFrame) in [(1, true), (3, true), (7, false)] {
            var fresh = decoder
            try Array(bytes.prefix(count)).withUnsafeBytes { raw in
                try Result { () throws(WebSocketFrameError) in try fresh.feed(raw) { _ in } }.get()
            }
            #expect(fresh.isMidFrame == midFrame)
        }
        decoder = WebSocketFrameDecoder()
        #expect(!decoder.isMidFrame)
    }
}
