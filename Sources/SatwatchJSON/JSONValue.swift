/// A parsed JSON value. Objects keep their members in source order (duplicates included, so a
/// loader can report them); every node knows where it stood in the source.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])
}

/// A JSON value together with the location of its first character.
public struct JSONNode: Sendable, Equatable {
    /// The value.
    public var value: JSONValue
    /// Where the value starts in the source.
    public var location: SourceLocation

    /// Creates a node.
    public init(_ value: JSONValue, at location: SourceLocation = .start) {
        self.value = value
        self.location = location
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's key.
    public var key: String
    /// Where the key's opening quote stands.
    public var keyLocation: SourceLocation
    /// The member's value.
    public var node: JSONNode

    /// Creates a member.
    public init(key: String, keyLocation: SourceLocation = .start, node: JSONNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.node = node
    }
}
