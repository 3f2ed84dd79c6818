/// Builds client frames (RFC 6455 section 5.2). A client must mask every frame it sends, so a
/// masking key is always required; the connection draws a fresh random one per frame.
package enum WebSocketFrameEncoder {
    /// One complete frame: header, 7/16/64-bit payload length, masking key, masked payload.
    package static func encode(
        _ opcode: WebSocketOpcode, payload: some Collection<UInt8>, fin: Bool = true, maskKey: UInt32
    ) -> [UInt8] {
        let length = payload.count
        var frame: [UInt8] = []
        frame.reserveCapacity(length + 14)
        frame.append((fin ? 0x80 : 0) | opcode.rawValue)
        switch length {
        case 0...125:
            frame.append(0x80 | UInt8(length))
        case 126...0xFFFF:
            frame.append(0x80 | 126)
            frame += bigEndianBytes(UInt64(length), count: 2)
        default:
            frame.append(0x80 | 127)
            frame += bigEndianBytes(UInt64(length), count: 8)
        }
        let key = bigEndianBytes(UInt64(maskKey), count: 4)
        frame += key
        for (index, byte) in payload.enumerated() {
            frame.append(byte ^ key[index & 3])
        }
        return frame
    }

    /// A close frame carrying `code` and `reason` (see `WebSocketClose.payload`).
    package static func close(code: UInt16, reason: String, maskKey: UInt32) -> [UInt8] {
        encode(.close, payload: WebSocketClose.payload(code: code, reason: reason), maskKey: maskKey)
    }

    private static func bigEndianBytes(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> UInt64((count - 1 - $0) * 8)) }
    }
}
