import SatwatchJSON
import SatwatchRules

extension JSONValue {
    /// An object of string members in the given order (labels, annotations).
    package static func strings(_ labels: [Label]) -> JSONValue {
        .object(labels.map { JSONMember(key: $0.name, node: JSONNode(.string($0.value))) })
    }

    /// An object built from computed members, in order.
    package static func members(_ pairs: [(String, JSONValue)]) -> JSONValue {
        .object(pairs.map { JSONMember(key: $0.0, node: JSONNode($0.1)) })
    }

    /// An array of computed elements.
    package static func list(_ elements: [JSONValue]) -> JSONValue {
        .array(elements.map { JSONNode($0) })
    }
}
