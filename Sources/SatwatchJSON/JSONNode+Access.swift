extension JSONNode {
    /// The value of the LAST member named `key` when this node is an object (later duplicates
    /// win); nil for other types or a missing key.
    public subscript(key: String) -> JSONNode? { value[key] }

    /// The string, when this node is a string.
    public var string: String? { value.string }

    /// The number, when this node is a number.
    public var number: Double? { value.number }

    /// The Boolean, when this node is `true` or `false`.
    public var bool: Bool? { value.bool }

    /// The elements, when this node is an array.
    public var array: [JSONNode]? { value.array }

    /// The members in source order (duplicates included), when this node is an object.
    public var members: [JSONMember]? { value.members }

    /// Whether this node is `null`.
    public var isNull: Bool { value.isNull }

    /// "object", "array", "string", "number", "boolean" or "null".
    public var typeName: String { value.typeName }
}
