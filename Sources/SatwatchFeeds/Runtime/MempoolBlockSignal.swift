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
    /// It looks for the bytes `"block"` or `"blocks"`, optional whitespace, then `:`. In valid
    /// JSON those can only be an object key (a string's own quotes are escaped, and a string value
    /// is never followed by a colon), so the one imprecision is depth: a nested `block` key would
    /// count too. mempool's frames have none; if one ever did, it would cost one extra poll,
    /// which the schedule spaces out anyway.
    package init?(frame: String) {
        var text = frame
        guard let signal = text.withUTF8(Self.scan) else { return nil }
        self = signal
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> MempoolBlockSignal? {
        let quote = UInt8(ascii: "\""), name = Array("block".utf8)
        var found: MempoolBlockSignal?
        var index = 0
        while index + 7 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == quote, bytes[index + 1] == name[0] else { continue }
            guard (0..<5).allSatisfy({ bytes[index + 1 + $0] == name[$0] }) else { continue }
            var next = index + 6
            let plural = bytes[next] == UInt8(ascii: "s")
            if plural { next += 1 }
            guard next < bytes.count, bytes[next] == quote else { continue }
            next += 1
            while next < bytes.count, isWhitespace(bytes[next]) { next += 1 }
            guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { continue }
            if !plural { return .newBlock }
            found = .tip
        }
        return found
    }

    /// JSON's whitespace: space, tab, LF, CR.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
