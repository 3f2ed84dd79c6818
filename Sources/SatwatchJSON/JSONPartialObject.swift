/// The parts of a JSON object a reader asked for (see ``JSONParser/parseObject(_:keeping:maxValues:)``).
public struct JSONPartialObject: Sendable, Equatable {
    /// The object with only the kept members, in source order.
    public var node: JSONNode
    /// Keys of the members that were checked but not built, in source order.
    public var skippedKeys: [String]

    /// Creates a partial object.
    public init(node: JSONNode, skippedKeys: [String] = []) {
        self.node = node
        self.skippedKeys = skippedKeys
    }
}
