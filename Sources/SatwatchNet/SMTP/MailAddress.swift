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

extension MailAddress {
    /// Parses `addr@host`, `<addr@host>` or `Name <addr@host>` (the name may be quoted).
    package init(parsing text: String) throws(MailAddressError) {
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.hasSuffix(">") else {
            if trimmed.contains("<") || trimmed.contains(">") { throw .malformed }
            try self.init(address: trimmed)
            return
        }
        guard let open = trimmed.lastIndex(of: "<") else { throw .malformed }
        let address = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
        let name = try Self.unquote(String(trimmed[..<open]).trimmingASCIIWhitespace())
        try self.init(address: address, displayName: name.isEmpty ? nil : name)
    }

    /// A display name without its surrounding quotes and backslash escapes.
    private static func unquote(_ name: String) throws(MailAddressError) -> String {
        guard name.hasPrefix("\"") else {
            if name.contains("<") || name.contains(">") || name.contains("\"") { throw .malformed }
            return name
        }
        guard name.count >= 2, name.hasSuffix("\"") else { throw .malformed }
        var result = "", escaping = false
        for character in name.dropFirst().dropLast() {
            if escaping || character != "\\" {
                result.append(character)
                escaping = false
            } else {
                escaping = true
            }
        }
        guard !escaping else { throw .malformed }
        return result
    }

    /// Checks an RFC 5321/5322 addr-spec: dot-atom local part (no quoted forms), and a
    /// domain of LDH labels or an `[address literal]`.
    static func validate(address: String) throws(MailAddressError) {
        if address.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .controlCharacter
        }
        guard !address.isEmpty else { throw .empty }
        guard address.allSatisfy(\.isASCII) else { throw .nonASCII }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .missingAt }
        let local = parts[0], domain = parts[1]
        let atext = "!#$%&'*+-/=?^_`{|}~"
        let localAtoms = local.split(separator: ".", omittingEmptySubsequences: false)
        guard !local.isEmpty, local.utf8.count <= 64,
              localAtoms.allSatisfy({ atom in
                  !atom.isEmpty && atom.allSatisfy { $0.isLetter || $0.isNumber || atext.contains($0) }
              }) else { throw .invalidLocalPart }
        guard isDomain(domain) else { throw .invalidDomain }
    }

    private static func isDomain(_ domain: Substring) -> Bool {
        guard !domain.isEmpty, domain.utf8.count <= 253 else { return false }
        if domain.hasPrefix("[") {
            return domain.hasSuffix("]") && domain.count > 2
                && domain.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" || $0 == "v" || $0 == "V" }
        }
        return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && label.first != "-" && label.last != "-"
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
    }
}
