extension JSONValue {
    /// The value of the LAST member named `key` when this is an object (later duplicates win,
    /// as in most parsers; a loader that wants to reject duplicates sees them in `members`).
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.node
    }

    /// The string, when this is a string.
    package var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The number, when this is a number.
    package var number: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The Boolean, when this is `true` or `false`.
    package var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The elements, when this is an array.
    package var array: [JSONNode]? {
        if case .array(let value) = self { value } else { nil }
    }

    /// The members in source order (duplicates included), when this is an object.
    package var members: [JSONMember]? {
        if case .object(let value) = self { value } else { nil }
    }

    /// Whether this is `null`.
    package var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// The JSON type's name for messages such as `expected a number, found a string`:
    /// "object", "array", "string", "number", "boolean" or "null".
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
