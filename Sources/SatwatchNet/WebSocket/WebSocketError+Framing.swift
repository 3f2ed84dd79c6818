import WebSocketFraming

extension WebSocketError {
    /// The connection's error for what the frame decoder refused: the same case, so the same
    /// close code and log line.
    package init(_ error: WebSocketFrameError) {
        switch error {
        case .protocolViolation(let reason): self = .protocolViolation(reason)
        case .messageTooBig(let size, let limit): self = .messageTooBig(size: size, limit: limit)
        case .invalidUTF8: self = .invalidUTF8
        }
    }
}
