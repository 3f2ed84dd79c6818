/// A mailbox: an optional display name and an ASCII `local@domain` address.
///
/// Parse user text with `init(parsing:)`: `alerts@example.com`, `<alerts@example.com>`,
/// `satwatch <alerts@example.com>` and `"Ops, Night" <ops@example.com>` are accepted; control
/// characters anywhere, a missing `@` and stray brackets are refused.
package struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The name shown by mail clients, if any. Any text; encoded when rendered.
    package var displayName: String?
    /// The addr-spec, used in the SMTP envelope (`MAIL FROM`, `RCPT TO`).
    package let address: String

    /// Creates a mailbox from an already separated address and name, validating the address.
    package init(address: String, displayName: String? = nil) throws(MailAddressError) {
        try Self.validate(address: address)
        self.address = address
        self.displayName = displayName.map(MailHeaderText.sanitize).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The mailbox as it appears in a `From` or `To` header: ASCII only, the name quoted or
    /// RFC 2047-encoded as needed.
    package var description: String {
        guard let name = displayName else { return address }
        return "\(Self.phrase(name)) <\(address)>"
    }

    /// A display name as an RFC 5322 phrase: atoms as they are, other printable ASCII as a
    /// quoted-string, anything else as encoded words.
    static func phrase(_ name: String) -> String {
        let clean = MailHeaderText.sanitize(name)
        guard MailHeaderText.isPrintableASCII(clean), !clean.contains("=?") else {
            return MailHeaderText.encodedWords(clean).joined(separator: " ")
        }
        let atext = "!#$%&'*+-/=?^_`{|}~ "
        if clean.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || atext.unicodeScalars.contains($0) }) {
            return clean
        }
        var quoted = "\""
        for character in clean {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
