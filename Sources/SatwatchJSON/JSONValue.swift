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

/// Literals build values in code (payloads, tests). Nodes built this way sit at `.start`.
extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral {
    /// `nil` is JSON `null`.
    package init(nilLiteral: ()) { self = .null }

    /// A Boolean.
    package init(booleanLiteral value: Bool) { self = .bool(value) }

    /// An integer, stored as a Double like every JSON number.
    package init(integerLiteral value: Int) { self = .number(Double(value)) }

    /// A number.
    package init(floatLiteral value: Double) { self = .number(value) }

    /// A string.
    package init(stringLiteral value: String) { self = .string(value) }

    /// An array.
    package init(arrayLiteral elements: JSONValue...) {
        self = .array(elements.map { JSONNode($0) })
    }

    /// An object whose members keep the written order (duplicates included).
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })
    }
}

extension JSONValue {
    /// The same value with every node and key location reset to `.start`, so that a parsed
    /// value compares equal (`==`) to one built from literals.
    package var withoutLocations: JSONValue {
        switch self {
        case .null, .bool, .number, .string: self
        case .array(let elements): .array(elements.map { JSONNode($0.value.withoutLocations) })
        case .object(let members):
            .object(members.map { JSONMember(key: $0.key, node: JSONNode($0.node.value.withoutLocations)) })
        }
    }
}

extension JSONValue {
    /// Compact JSON text, no whitespace at all. Objects keep their member order (duplicates
    /// included) unless `sortedKeys`, which orders keys by Unicode code point. Non-finite
    /// numbers are written as `null`.
    package func jsonText(sortedKeys: Bool = false) -> String {
        var writer = JSONWriter(sortedKeys: sortedKeys, indent: nil)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// Indented JSON text (`indent` spaces per level, `"key": value`), for files people read.
    package func prettyJSONText(sortedKeys: Bool = false, indent: Int = 2) -> String {
        var writer = JSONWriter(sortedKeys: sortedKeys, indent: indent)
        writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// `string` as a quoted JSON string literal, e.g. `"a\"b\n"`.
    package static func escape(_ string: String) -> String {
        var writer = JSONWriter(sortedKeys: false, indent: nil)
        writer.writeString(string)
        return String(decoding: writer.output, as: UTF8.self)
    }
}
