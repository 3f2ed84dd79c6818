/// Bytes from the server that break RFC 6455 framing, as the frame decoder finds them. Each
/// ends the connection with the close code RFC 6455 gives it.
package enum WebSocketFrameError: Error, Sendable, Equatable {
    /// The server broke the framing rules; the connection closes with status 1002.
    case protocolViolation(String)
    /// A message exceeded the decoder's `maxMessageBytes`; status 1009. `size` is the size known
    /// when it was refused: the message so far plus the frame announced.
    case messageTooBig(size: Int, limit: Int)
    /// A text message (or close reason) was not valid UTF-8; status 1007.
    case invalidUTF8
}
