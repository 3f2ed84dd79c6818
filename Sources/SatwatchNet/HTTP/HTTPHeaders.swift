/// An ordered list of header fields with case-insensitive lookup by name.
package struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in order; a name may repeat.
    package private(set) var fields: [HTTPHeader]

    /// Creates a list from fields in order.
    package init(_ fields: [HTTPHeader] = []) {
        self.fields = fields
    }

    /// Creates a list from `name: value` pairs in order.
    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { HTTPHeader($0.0, $0.1) }
    }

    /// Appends a field, keeping any earlier field of the same name.
    package mutating func add(_ name: String, _ value: String) {
        fields.append(HTTPHeader(name, value))
    }

    /// Replaces every field named `name` (any case) by one field with `value`.
    package mutating func replace(_ name: String, with value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        add(name, value)
    }

    /// The value of the first field named `name`, compared case-insensitively.
    package func first(_ name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of fields named `name`, in order.
    package func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Whether some field is named `name`.
    package func contains(_ name: String) -> Bool {
        first(name) != nil
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[HTTPHeader]> {
        fields.makeIterator()
    }

    /// ASCII case-insensitive equality: header names are ASCII tokens, and lowercasing through
    /// Unicode rules would be slower and could equate names HTTP treats as different.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (65...90).contains(byte) ? byte + 32 : byte
    }
}
