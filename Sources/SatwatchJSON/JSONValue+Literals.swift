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
