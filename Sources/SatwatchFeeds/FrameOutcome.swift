import SatwatchBase

/// What one frame meant.
package enum FrameOutcome: Sendable, Equatable {
    /// Data: zero or more samples (a frame may carry nothing of interest yet still be valid data).
    case samples([Sample])
    /// Proof of life without data: heartbeat, pong, subscription ack, status.
    case liveness
    /// The frame did not decode; counted by reason, never fatal.
    case skipped(SkipReason)
}

/// Why a frame was skipped: a short snake_case code used as a `/metrics` label and in logs.
package struct SkipReason: Sendable, Hashable, CustomStringConvertible {
    /// The code, e.g. `invalid_json`.
    package var code: String

    /// Creates a reason.
    package init(_ code: String) { self.code = code }

    /// Not JSON at all.
    package static let invalidJSON = SkipReason("invalid_json")
    /// JSON, but not the shape this feed sends (e.g. a number where an object belongs).
    package static let unexpectedShape = SkipReason("unexpected_shape")
    /// A message type the decoder does not know.
    package static let unknownMessage = SkipReason("unknown_message")
    /// An error message from the server (e.g. Coinbase `{"type":"error"}`).
    package static let serverError = SkipReason("server_error")

    package var description: String { code }
}

extension SkipReason {
    /// The right JSON type, but a value the metric cannot take: a price string that is not a
    /// decimal (`"abc"`), a negative fee, a zero price.
    package static let invalidValue = SkipReason("invalid_value")
}

extension SkipReason {
    /// An object the decoder reads names a key twice (see `FrameObject.parse`).
    package static let duplicateKey = SkipReason("duplicate_key")
    /// Older than a frame of the same series already taken: a lower exchange sequence number,
    /// block height or update time (see `SeriesOrder`).
    package static let outOfOrder = SkipReason("out_of_order")
}
