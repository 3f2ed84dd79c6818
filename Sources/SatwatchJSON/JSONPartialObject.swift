/// The parts of a JSON object a reader asked for (see ``JSONParser/parseObject(_:keeping:maxValues:)``).
package struct JSONPartialObject: Sendable, Equatable {
    /// The object with only the kept members, in source order.
    package var node: JSONNode
    /// Keys of the members that were checked but not built, in source order.
    package var skippedKeys: [String]

    /// Creates a partial object.
    package init(node: JSONNode, skippedKeys: [String] = []) {
        self.node = node
        self.skippedKeys = skippedKeys
    }
}
