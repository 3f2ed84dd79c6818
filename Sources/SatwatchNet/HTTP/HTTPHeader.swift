/// One HTTP header field: a name and a value, in the order it was sent or received.
package struct HTTPHeader: Sendable, Hashable {
    /// The field name as given; compare it case-insensitively (see `HTTPHeaders`).
    package var name: String
    /// The field value.
    package var value: String

    /// Creates a header field.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// The `Name: value` line handed to curl, or nil when nothing of the name survives.
    ///
    /// Names keep only RFC 9110 token characters and values lose CR, LF and other control
    /// characters, so text from a template or a config file can never end the header line and
    /// inject another header or a request body. curl reads `Name:` as "remove this header", so an
    /// empty value is written `Name;`, curl's spelling for "send it empty".
    var curlLine: String? {
        let cleanName = String(String.UnicodeScalarView(name.unicodeScalars.filter(Self.isTokenCharacter)))
        guard !cleanName.isEmpty else { return nil }
        let cleanValue = String(String.UnicodeScalarView(value.unicodeScalars.map(Self.withoutControl)))
            .trimmingASCIIWhitespace()
        return cleanValue.isEmpty ? "\(cleanName);" : "\(cleanName): \(cleanValue)"
    }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    static func withoutControl(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
            ? " " : scalar
    }
}
