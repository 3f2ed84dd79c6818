import SatwatchJSON

/// The first step of every decoder: the frame must be JSON, and a JSON object.
enum FrameObject {
    /// Values (nodes) a decoder may build from one frame. Real frames keep far fewer: about 550
    /// (mempool's `init`, its `blocks`), about 1,000 (a 210-day Coin Metrics page). A node costs up
    /// to about 80 bytes, so 16,384 keeps any frame's tree under about 1.3 MB, whatever
    /// `max_frame` is.
    static let maxValues = 16_384

    /// The frame's members named in `keys` when it is an object (the others only checked, see
    /// `JSONParser.parseObject`); otherwise `invalid_json` (not JSON, including nesting deeper
    /// than the parser allows and numbers beyond `Double`), `duplicate_key` (an object it reads
    /// names a key twice, `{"last":96000,"last":1e9}`: which value the feed meant is a guess) or
    /// `unexpected_shape` (not an object, or far more values under `keys` than any message of
    /// the feed holds).
    static func parse(_ frame: String, keeping keys: Set<String>) -> Decoded<JSONPartialObject> {
        let object: JSONPartialObject?
        do {
            object = try JSONParser.parseObject(frame, keeping: keys, maxValues: maxValues)
        } catch {
            return .skipped(error.isDuplicateKey ? .duplicateKey : .invalidJSON)
        }
        guard let object else { return .skipped(.unexpectedShape) }
        return .value(object)
    }
}
