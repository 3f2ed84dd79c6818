/// Collects the server's response bytes until the empty line that ends the head, so the bytes
/// after it (frames the server sent at once) go to the frame decoder untouched.
package struct WebSocketHandshakeReader {
    private var buffer: [UInt8] = []

    package init() {}

    /// Adds `bytes`; once the head is complete returns it parsed, plus the bytes that followed.
    package mutating func feed(
        _ bytes: some Collection<UInt8>
    ) throws(WebSocketError) -> (response: WebSocketHandshakeResponse, rest: [UInt8])? {
        let searchStart = max(0, buffer.count - 3)
        buffer += bytes
        var index = searchStart
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                let response = try WebSocketHandshakeResponse(head: buffer[..<index])
                return (response, Array(buffer[(index + 4)...]))
            }
            index += 1
        }
        if buffer.count > WebSocketHandshakeResponse.maxHeadBytes {
            throw .handshakeInvalid("response head longer than \(WebSocketHandshakeResponse.maxHeadBytes) bytes")
        }
        return nil
    }
}
