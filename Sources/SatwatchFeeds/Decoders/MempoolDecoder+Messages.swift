import SatwatchJSON

/// What the client sends to mempool.space, and how its keep-alive answer looks.
extension MempoolDecoder {
    /// Sent once after connecting, in this order: `init` makes the server reply with its whole
    /// current state at once; `want` subscribes to the pushes (`stats` carries fees and mempool
    /// figures, `blocks` new blocks).
    package static let subscribeMessages = [
        #"{"action":"init"}"#,
        #"{"action":"want","data":["blocks","stats","mempool-blocks"]}"#,
    ]

    /// The keep-alive: the server never pings, so the client does after 30 s of silence and
    /// expects `{"pong": true}` within 5 s (as the official web client does).
    package static let pingMessage = #"{"action":"ping"}"#

    /// Whether `frame` is the answer to ``pingMessage``: an object with `"pong": true`.
    package static func isPong(_ frame: String) -> Bool {
        // Data frames are kilobytes long; only a short frame can be a bare pong, so skip parsing
        // anything else.
        guard frame.utf8.count <= 64, case .value(let object) = FrameObject.parse(frame, keeping: ["pong"]) else { return false }
        return object.node["pong"]?.bool == true
    }
}
