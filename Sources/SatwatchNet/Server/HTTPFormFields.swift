import SatwatchBase

/// The name–value pairs of an `application/x-www-form-urlencoded` text: a URL's query string or
/// an HTML form's body, decoded as browsers encode them (`+` is a space, `%XY` a byte, the bytes
/// UTF-8 with invalid sequences replaced).
///
/// A malformed escape (`%`, `%4`, `%zz`) is kept as sent rather than refused: which values are
/// wrong is the page's call, and one stray `%` should not cost the other fields.
package struct HTTPFormFields: Sendable, Sequence {
    /// The pairs in the order sent; a name may repeat (`?metric=a&metric=b`), a pair without `=`
    /// has the value "", and empty pairs (`a=1&&b=2`) are skipped.
    package let fields: [(name: String, value: String)]

    /// Decodes `encoded` (a query string without its `?`, or a form body).
    package init(_ encoded: String) {
        self.init(Array(encoded.utf8))
    }

    /// Decodes form-encoded bytes, e.g. a request body.
    package init(_ encoded: [UInt8]) {
        fields = encoded.split(separator: UInt8(ascii: "&")).map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (Self.decode(pair), "") }
            return (Self.decode(pair[..<equals]), Self.decode(pair[(equals + 1)...]))
        }
    }

    /// The value of the first field named `name` (names are case-sensitive, as in URLs).
    package func first(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value of fields named `name`, in order.
    package func values(_ name: String) -> [String] {
        fields.filter { $0.name == name }.map(\.value)
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// One name or value: `+` to space, valid `%XY` to its byte, everything else as is.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = ASCIIHex.value(bytes[index + 1]), let low = ASCIIHex.value(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

}
