extension JSONNode {
    /// The value of the LAST member named `key` when this node is an object (later duplicates
    /// win); nil for other types or a missing key.
    package subscript(key: String) -> JSONNode? { value[key] }

    /// The string, when this node is a string.
    package var string: String? { value.string }

    /// The number, when this node is a number.
    package var number: Double? { value.number }

    /// The Boolean, when this node is `true` or `false`.
    package var bool: Bool? { value.bool }

    /// The elements, when this node is an array.
    package var array: [JSONNode]? { value.array }

    /// The members in source order (duplicates included), when this node is an object.
    package var members: [JSONMember]? { value.members }

    /// Whether this node is `null`.
    package var isNull: Bool { value.isNull }

    /// "object", "array", "string", "number", "boolean" or "null".
    package var typeName: String { value.typeName }
}
