import Testing
@testable import WebSocketFraming

@Suite("WebSocket frame encoder")
struct WebSocketFrameEncoderTests {
    /// RFC 6455 section 5.7: a masked "Hello" text frame and a masked "Hello" pong.
    @Test("RFC 6455 examples", arguments: [
        (WebSocketOpcode.text, "81 85 37 fa 21 3d 7f 9f 4d 51 58"),
        (WebSocketOpcode.pong, "8a 85 37 fa 21 3d 7f 9f 4d 51 58"),
    ])
    func rfcExamples(opcode: WebSocketOpcode, expected: String) {
        let frame = WebSocketFrameEncoder.encode(opcode, payload: Array("Hello".utf8), maskKey: 0x37FA_213D)
        #expect(frame == WSBytes.fromHex(expected))
    }

    /// 7-bit lengths up to 125, 16-bit up to 65535, 64-bit above; the mask bit always set.
    @Test("Payload length encodings", arguments: [
        (0, "8180"), (1, "8181"), (125, "81fd"), (126, "81fe007e"), (65535, "81feffff"),
        (65536, "81ff0000000000010000"), (70000, "81ff0000000000011170"),
    ])
    func lengths(length: Int, header: String) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let frame = WebSocketFrameEncoder.encode(.text, payload: payload, maskKey: 0x0102_0304)
        let headerBytes = WSBytes.fromHex(header)
        #expect(Array(frame.prefix(headerBytes.count)) == headerBytes)
        #expect(Array(frame[headerBytes.count..<headerBytes.count + 4]) == [1, 2, 3, 4])
        let unmasked = frame.dropFirst(headerBytes.count + 4).enumerated().map { $1 ^ UInt8($0 % 4 + 1) }
        #expect(unmasked == payload)
    }

    @Test("Binary, ping and non-final frames")
    func opcodes() {
        #expect(WebSocketFrameEncoder.encode(.binary, payload: [], maskKey: 0).prefix(2) == [0x82, 0x80])
        #expect(WebSocketFrameEncoder.encode(.ping, payload: [], maskKey: 0).prefix(2) == [0x89, 0x80])
        #expect(WebSocketFrameEncoder.encode(.text, payload: [], fin: false, maskKey: 0).prefix(2) == [0x01, 0x80])
        #expect(WebSocketFrameEncoder.encode(.continuation, payload: [], maskKey: 0).prefix(2) == [0x80, 0x80])
    }

    @Test("Close frame with code and reason")
    func closeFrame() {
        let frame = WebSocketFrameEncoder.close(code: 1000, reason: "bye", maskKey: 0)
        #expect(frame == WSBytes.fromHex("88 85 00000000 03e8 627965"))
    }

    @Test("Close payloads", arguments: [
        (UInt16(1001), "", "03e9"),
        (UInt16(4000), "x", "0fa078"),
        // 1005 and 1006 only exist locally, 999 is not a code at all: they go out as 1000.
        (UInt16(1005), "", "03e8"),
        (UInt16(1006), "", "03e8"),
        (UInt16(999), "", "03e8"),
    ])
    func closePayloads(code: UInt16, reason: String, expected: String) {
        #expect(WebSocketClose.payload(code: code, reason: reason) == WSBytes.fromHex(expected))
    }

    @Test("A long close reason is cut at a character boundary to fit 125 bytes")
    func longReason() throws {
        let payload = WebSocketClose.payload(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(payload.count == 2 + 122)
        let parsed = try WebSocketClose.parse(payload)
        #expect(parsed.reason == String(repeating: "é", count: 61))
    }
}
