import SatwatchJSON

/// The first step of every decoder: the frame must be JSON, and a JSON object.
enum FrameObject {
    /// The parsed frame when it is an object; otherwise `invalid_json` (not JSON, including
    /// nesting deeper than the parser allows and numbers beyond `Double`) or `unexpected_shape`.
    static func parse(_ frame: String) -> Decoded<JSONNode> {
        let node: JSONNode
        do {
            // Frames need no line/column positions: the fast path.
            node = try JSONParser.parse(frame, positions: false)
        } catch {
            return .skipped(.invalidJSON)
        }
        guard node.members != nil else { return .skipped(.unexpectedShape) }
        return .value(node)
    }
}
