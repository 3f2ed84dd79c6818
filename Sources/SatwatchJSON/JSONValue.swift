/// A parsed JSON value. Objects keep their members in source order (duplicates included, so a
/// loader can report them); every node knows where it stood in the source.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// A JSON value together with the location of its first character.
package struct JSONNode: Sendable, Equatable {
    /// The value.
    package var value: JSONValue
    /// Where the value starts in the source.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: JSONValue, at location: SourceLocation = .start) {
        self.value = value
        self.location = location
    }
}

/// One `"key": value` member of a JSON object.
package struct JSONMember: Sendable, Equatable {
    /// The member's key.
    package var key: String
    /// Where the key's opening quote stands.
    package var keyLocation: SourceLocation
    /// The member's value.
    package var node: JSONNode

    /// Creates a member.
    package init(key: String, keyLocation: SourceLocation = .start, node: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.node = node
    }
}
