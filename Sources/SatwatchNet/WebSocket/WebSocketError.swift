import WebSocketFraming

/// Why a WebSocket connection could not be opened or ended abnormally.
///
/// `description` is a single line meant for the daemon's log, e.g.
/// `WebSocket closed by peer: 1001 "going away"`.
package enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The options are unusable (bad URL, a header value with a line break, ...).
    case invalidOptions(String)
    /// libcurl failed to reach the server: DNS, TCP, proxy, TLS or certificate errors.
    case transport(CurlError)
    /// The opening handshake did not finish within `connectTimeout`.
    case handshakeTimeout(Duration)
    /// The server answered the upgrade request with another status than 101.
    case handshakeStatus(code: Int, reason: String)
    /// The server's 101 response is malformed or lacks a required header.
    case handshakeInvalid(String)
    /// `Sec-WebSocket-Accept` does not match the key we sent.
    case badAccept(expected: String, received: String)
    /// The server broke RFC 6455 framing; we closed with status 1002.
    case protocolViolation(String)
    /// A message exceeded `maxMessageBytes`; we closed with status 1009. `size` is the size
    /// known when it was refused: the message so far plus the frame announced (a fragmented
    /// message may have been longer still).
    case messageTooBig(size: Int, limit: Int)
    /// A text message (or close reason) was not valid UTF-8; we closed with status 1007.
    case invalidUTF8
    /// The server closed the connection with a close frame (1005 = it gave no status code).
    case closedByPeer(code: UInt16, reason: String)
    /// The TCP/TLS stream broke or ended without a close frame.
    case connectionLost(String)
    /// The connection was already closed (by `close()`, cancellation or an earlier error).
    case closed

    /// One line for the log, naming the cause and its details.
    package var description: String {
        switch self {
        case .invalidOptions(let reason): "WebSocket options invalid: \(reason)"
        case .transport(let error): "WebSocket connect failed: \(error)"
        case .handshakeTimeout(let limit): "WebSocket handshake timed out after \(limit)"
        case .handshakeStatus(let code, let reason):
            "WebSocket handshake rejected: HTTP \(code)\(reason.isEmpty ? "" : " \(reason)")"
        case .handshakeInvalid(let reason): "WebSocket handshake invalid: \(reason)"
        case .badAccept(let expected, let received):
            "WebSocket handshake invalid: Sec-WebSocket-Accept is \"\(received)\", expected \"\(expected)\""
        case .protocolViolation(let reason): "WebSocket protocol violation by server: \(reason)"
        case .messageTooBig(let size, let limit): "WebSocket message of \(size) bytes over the \(limit)-byte limit"
        case .invalidUTF8: "WebSocket text from server is not valid UTF-8"
        case .closedByPeer(let code, let reason):
            code == WebSocketClose.noStatus
                ? "WebSocket closed by peer without a status code"
                : "WebSocket closed by peer: \(code)\(reason.isEmpty ? "" : " \"\(reason)\"")"
        case .connectionLost(let reason): "WebSocket connection lost: \(reason)"
        case .closed: "WebSocket connection is closed"
        }
    }
}

extension WebSocketError {
    /// The status code we send in our close frame when this error ends the connection; nil when
    /// no close frame is sent (the stream is gone, or the peer already closed).
    package var closeCode: UInt16? {
        switch self {
        case .protocolViolation: 1002
        case .invalidUTF8: 1007
        case .messageTooBig: 1009
        default: nil
        }
    }
}
