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
