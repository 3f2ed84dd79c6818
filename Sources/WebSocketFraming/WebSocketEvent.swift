/// What the frame decoder produces from the server's bytes: data messages and the control
/// frames the connection must react to.
package enum WebSocketEvent: Sendable, Equatable {
    /// A complete (possibly reassembled) data message.
    case message(WebSocketMessage)
    /// A ping; the connection answers it with a pong carrying the same payload.
    case ping([UInt8])
    /// A pong (unsolicited ones are allowed and ignored).
    case pong([UInt8])
    /// A close frame; `code` is 1005 when the frame carried no status code.
    case close(code: UInt16, reason: String)
}

/// One complete WebSocket data message, reassembled from its fragments.
package enum WebSocketMessage: Sendable, Hashable {
    /// A text message; its bytes were checked to be valid UTF-8.
    case text(String)
    /// A binary message, byte for byte.
    case binary([UInt8])
}
