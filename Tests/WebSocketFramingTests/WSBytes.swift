@testable import WebSocketFraming

/// Byte helpers for the WebSocket tests (namespaced to stay clear of other suites' helpers).
enum WSBytes {
    /// Lower-case hex of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// Bytes from hex, ignoring spaces: `"81 05 48"`.
    static func fromHex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter { $0 != " " })
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! }
    }

    /// An unmasked server frame.
    static func serverFrame(_ opcode: UInt8, _ payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case 0...125: frame.append(UInt8(payload.count))
        case 126...0xFFFF: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [127] + (0..<8).map { UInt8(truncatingIfNeeded: payload.count >> ((7 - $0) * 8)) }
        }
        return frame + payload
    }

    /// Feeds `bytes` to a fresh decoder in chunks of `chunk` bytes; collects events and the error.
    static func decode(
        _ bytes: [UInt8], chunk: Int = .max, limit: Int = 16 << 20
    ) -> (events: [WebSocketEvent], error: WebSocketFrameError?) {
        var decoder = WebSocketFrameDecoder(maxMessageBytes: limit)
        var events: [WebSocketEvent] = []
        var start = 0
        while start < bytes.count {
            let end = start + min(chunk, bytes.count - start)
            let slice = Array(bytes[start..<end])
            do {
                try slice.withUnsafeBytes { raw in
                    try Result { () throws(WebSocketFrameError) in try decoder.feed(raw) { events.append($0) } }.get()
                }
            } catch {
                return (events, error as? WebSocketFrameError)
            }
            start = end
        }
        return (events, nil)
    }
}
