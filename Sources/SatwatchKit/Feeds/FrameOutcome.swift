/// What one frame meant.
public enum FrameOutcome: Sendable, Equatable {
    /// Data: zero or more samples (a frame may carry nothing of interest yet still be valid data).
    case samples([Sample])
    /// Proof of life without data: heartbeat, pong, subscription ack, status.
    case liveness
    /// The frame did not decode; counted by reason, never fatal.
    case skipped(SkipReason)
}

/// Why a frame was skipped: a short snake_case code used as a `/metrics` label and in logs.
public struct SkipReason: Sendable, Hashable, CustomStringConvertible {
    /// The code, e.g. `invalid_json`.
    public var code: String

    /// Creates a reason.
    public init(_ code: String) { self.code = code }

    /// Not JSON at all.
    public static let invalidJSON = SkipReason("invalid_json")
    /// JSON, but not the shape this feed sends (e.g. a number where an object belongs).
    public static let unexpectedShape = SkipReason("unexpected_shape")
    /// A message type the decoder does not know.
    public static let unknownMessage = SkipReason("unknown_message")
    /// An error message from the server (e.g. Coinbase `{"type":"error"}`).
    public static let serverError = SkipReason("server_error")

    public var description: String { code }
}
