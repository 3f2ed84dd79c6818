/// One complete WebSocket data message, reassembled from its fragments.
package enum WebSocketMessage: Sendable, Hashable {
    /// A text message; its bytes were checked to be valid UTF-8.
    case text(String)
    /// A binary message, byte for byte.
    case binary([UInt8])
}
