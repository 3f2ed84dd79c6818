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
