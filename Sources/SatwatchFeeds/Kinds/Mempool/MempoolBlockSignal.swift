/// What a mempool WebSocket frame says about blocks, told from its raw text so the feed can wake
/// its hash rate poller without decoding the frame (the evaluator decodes it, once). `package`
/// for the fuzz harness, which throws raw bytes at the scan.
package enum MempoolBlockSignal: Sendable, Equatable {
    /// `{"block": …}`: the server found a new block.
    case newBlock
    /// `{"blocks": […]}`: the recent blocks, sent after every connect (`init` and `want` both
    /// answer with them); a block may have come while the stream was down.
    case tip

    /// The signal in `frame`, if any (`newBlock` wins when both keys are there).
    ///
    /// It looks for a top-level string `"block"` or `"blocks"` followed by optional whitespace
    /// and `:`: in valid JSON only an object key is followed by a colon. Strings are skipped
    /// whole (escapes included) and brackets counted outside them, so a nested `block` key, as
    /// in a watch's `tracked-txs` and `txPosition` (`"position":{"block":2}`, the projected
    /// mempool block, sent on every mempool update), is no new block. A truncated frame counts
    /// what it has (depth 0 or 1).
    package init?(frame: String) {
        var text = frame
        guard let signal = text.withUTF8(Self.scan) else { return nil }
        self = signal
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> MempoolBlockSignal? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        var found: MempoolBlockSignal?
        var depth = 0, index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case quote:
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != quote { end += bytes[end] == backslash ? 2 : 1 }
                guard end < bytes.count else { return found }
                index = end
                guard depth <= 1, let signal = keySignal(bytes, from: start, to: end) else { break }
                var next = end + 1
                while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
                guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { break }
                if signal == .newBlock { return .newBlock }
                found = .tip
            default: break
            }
            index += 1
        }
        return found
    }

    /// `.newBlock` for the string `block` between `start` and `end`, `.tip` for `blocks`.
    private static func keySignal(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> MempoolBlockSignal? {
        let name = Array("blocks".utf8)
        let length = end - start
        guard length == 5 || length == 6, (0..<length).allSatisfy({ bytes[start + $0] == name[$0] }) else { return nil }
        return length == 5 ? .newBlock : .tip
    }

    /// JSON's whitespace: space, tab, LF, CR.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
