import SatwatchJSON

extension JSONValue {
    /// An object of string members in the given order (labels, annotations).
    static func strings(_ labels: [Label]) -> JSONValue {
        .object(labels.map { JSONMember(key: $0.name, node: JSONNode(.string($0.value))) })
    }

    /// An object built from computed members, in order.
    static func members(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })
    }

    /// An array of computed elements.
    static func list(_ elements: [JSONValue]) -> JSONValue {
        .array(elements.map { JSONNode($0) })
    }
}
