/// Close-frame payloads (RFC 6455 section 5.5.1 and 7.4): a big-endian status code and an
/// optional UTF-8 reason, 125 bytes at most in total.
package enum WebSocketClose {
    /// "No status received": reported when a close frame had an empty payload; never sent.
    package static let noStatus: UInt16 = 1005

    /// The payload for a close frame we send. Codes that must not appear on the wire become
    /// 1000, and the reason is cut at a character boundary to fit the 125-byte limit.
    package static func payload(code: UInt16, reason: String) -> [UInt8] {
        let code = isValid(code) ? code : 1000
        var bytes: [UInt8] = [UInt8(code >> 8), UInt8(code & 0xFF)]
        var reasonBytes = 0
        for scalar in reason.unicodeScalars {
            let encoded = Array(String(scalar).utf8)
            guard reasonBytes + encoded.count <= 123 else { break }
            bytes += encoded
            reasonBytes += encoded.count
        }
        return bytes
    }

    /// Parses a received close payload, rejecting what RFC 6455 forbids.
    package static func parse(_ payload: [UInt8]) throws(WebSocketFrameError) -> (code: UInt16, reason: String) {
        if payload.isEmpty { return (noStatus, "") }
        guard payload.count >= 2 else {
            throw .protocolViolation("close frame with a 1-byte payload")
        }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard isValid(code) else { throw .protocolViolation("close frame with invalid status code \(code)") }
        guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
            throw .invalidUTF8
        }
        return (code, reason)
    }

    /// Status codes an endpoint may put in a close frame: the defined ones (1004–1006 and 1015
    /// are reserved for local use) plus the registered (3000–3999) and private (4000–4999) ranges.
    package static func isValid(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }
}
