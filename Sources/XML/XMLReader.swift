/// A name with its namespace resolved: what `atom:entry` or `entry` under
/// `xmlns="http://www.w3.org/2005/Atom"` stands for.
package struct XMLName: Hashable, Sendable {
    /// The namespace URI; empty for a name in no namespace.
    package var namespace: String
    /// The local part (`entry`).
    package var local: String

    /// The name `local` in `namespace`.
    package init(_ namespace: String, _ local: String) {
        self.namespace = namespace
        self.local = local
    }

    /// `{namespace}local` (ElementTree's notation), or `local` in no namespace.
    package var expanded: String { namespace.isEmpty ? local : "{\(namespace)}\(local)" }
}

/// An attribute of an element, its name resolved (`xmlns` declarations are not attributes).
package struct XMLAttribute: Sendable, Equatable {
    /// The name; in no namespace unless it has a prefix.
    package var name: XMLName
    /// The value, references replaced and whitespace normalized (XML 1.0, 3.3.3).
    package var value: String

    package init(_ name: XMLName, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What reads a document's events, in document order. Character data may come in several
/// pieces between two tags; comments and processing instructions are not handed on.
package protocol XMLHandler {
    /// An element starts (`<entry …>` or `<entry/>`, which ends at once).
    mutating func startElement(_ name: XMLName, attributes: [XMLAttribute])
    /// Character data inside the current element: text, references and CDATA, as text.
    mutating func characters(_ text: String)
    /// The current element ends.
    mutating func endElement(_ name: XMLName)
}

/// How much of a document the reader takes: a document beyond these is refused, so whatever a
/// server sends costs bounded memory and time.
package struct XMLLimits: Sendable {
    /// The largest document, in UTF-8 bytes.
    package var maxBytes = 16 << 20
    /// The deepest nesting of elements.
    package var maxDepth = 256
    /// The most elements in one document.
    package var maxElements = 100_000
    /// The most attributes (namespace declarations included) on one element.
    package var maxAttributes = 256

    package init() {}

    /// The limits news feeds are read with.
    package static let standard = XMLLimits()
}

/// satwatch's own small XML 1.0 reader (with namespaces), for news feeds: it checks a document
/// is well-formed and hands its elements and text to an `XMLHandler`.
///
/// It is safe for what a server can send: it never fetches anything a document names (a DTD, an
/// external entity), refuses a document type declaration with an internal subset (where entities
/// are declared: no "billion laughs", no entity expansion at all; only the five predefined
/// entities and character references are known), and refuses a document beyond its
/// `XMLLimits`. A `<!DOCTYPE rss PUBLIC "…" "…">` without an internal subset is read past.
package enum XMLReader {
    /// Reads `text` (see `XMLText.decode` for bytes) into `handler`.
    package static func read<Handler: XMLHandler>(_ text: String, into handler: inout Handler,
                                                  limits: XMLLimits = .standard) throws(XMLError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= limits.maxBytes else {
            throw XMLError("the document is \(bytes.count) bytes, over the limit of \(limits.maxBytes)")
        }
        var scanner = XMLScanner(bytes: bytes, limits: limits, handler: handler)
        defer { handler = scanner.handler }
        try scanner.document()
    }
}

/// The reader's state over one document's UTF-8 bytes.
private struct XMLScanner<Handler: XMLHandler> {
    let bytes: [UInt8]
    let limits: XMLLimits
    var handler: Handler
    var index = 0
    /// The open elements: the name as written (to match its end tag), as resolved, and how many
    /// namespace bindings its start tag added.
    var open: [(written: ArraySlice<UInt8>, name: XMLName, bindings: Int)] = []
    /// Namespace bindings in scope; the empty prefix is the default namespace.
    var namespaces = XMLNamespaceScope()
    var elements = 0
    var sawDoctype = false
    /// Character data not yet handed on.
    var text: [UInt8] = []

    static var xmlNamespace: String { XMLNamespaceScope.xmlNamespace }
    static var xmlnsNamespace: String { "http://www.w3.org/2000/xmlns/" }

    init(bytes: [UInt8], limits: XMLLimits, handler: Handler) {
        self.bytes = bytes
        self.limits = limits
        self.handler = handler
    }

    // MARK: Document

    mutating func document() throws(XMLError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if looking(at: "<?xml"), index + 5 < bytes.count, Self.isSpace(bytes[index + 5]) { try xmlDeclaration() }
        try misc(beforeRoot: true)
        guard index < bytes.count else { throw problem(at: index, "no root element") }
        guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, isNameStart(at: index + 1) else {
            throw problem(at: index, "expected the root element")
        }
        try element()
        try misc(beforeRoot: false)
        guard index == bytes.count else { throw problem(at: index, "content after the root element") }
    }

    /// Whitespace, comments and processing instructions around the root element, and before it
    /// the document type declaration.
    mutating func misc(beforeRoot: Bool) throws(XMLError) {
        while true {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
            if index == bytes.count { return }
            if looking(at: "<!--") {
                try comment()
            } else if looking(at: "<?") {
                try processingInstruction()
            } else if looking(at: "<!DOCTYPE") {
                guard beforeRoot, !sawDoctype else { throw problem(at: index, "a document type declaration in the wrong place") }
                try doctype()
            } else if bytes[index] == UInt8(ascii: "<") {
                return
            } else {
                throw problem(at: index, beforeRoot ? "text before the root element" : "content after the root element")
            }
        }
    }

    /// `<?xml version="1.0" encoding="…" standalone="…"?>` (the encoding was applied by
    /// `XMLText`; here the declaration is only checked).
    mutating func xmlDeclaration() throws(XMLError) {
        let start = index
        index += 5
        var seen: [String] = []
        while true {
            let spaced = skipSpaces()
            if looking(at: "?>") { index += 2; break }
            guard spaced, index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "the XML declaration is not well-formed") }
            let name = String(decoding: try self.name(), as: UTF8.self)
            _ = skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw problem(at: start, "the XML declaration is not well-formed") }
            index += 1
            _ = skipSpaces()
            let value = try literal()
            let order = ["version", "encoding", "standalone"]
            guard let position = order.firstIndex(of: name), seen.allSatisfy({ order.firstIndex(of: $0)! < position }),
                  position == 0 || seen.first == "version" else { throw problem(at: start, "the XML declaration is not well-formed") }
            switch name {
            case "version":
                guard !value.isEmpty, value.allSatisfy({ Self.isDigit($0) || $0 == UInt8(ascii: ".") }) else {
                    throw problem(at: start, "the XML declaration's version is not well-formed")
                }
            case "standalone":
                guard value.elementsEqual("yes".utf8) || value.elementsEqual("no".utf8) else {
                    throw problem(at: start, "the XML declaration's standalone is not \"yes\" or \"no\"")
                }
            default: break
            }
            seen.append(name)
        }
        guard seen.first == "version" else { throw problem(at: start, "the XML declaration has no version") }
    }

    /// `<!DOCTYPE name PUBLIC "…" "…">`: read past, never fetched. An internal subset (`[…]`,
    /// where entities are declared) is refused.
    mutating func doctype() throws(XMLError) {
        let start = index
        index += 9
        guard skipSpaces(), index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "the document type declaration is not well-formed") }
        _ = try name()
        var spaced = skipSpaces()
        if spaced, looking(at: "SYSTEM") || looking(at: "PUBLIC") {
            let isPublic = looking(at: "PUBLIC")
            index += 6
            guard skipSpaces() else { throw problem(at: start, "the document type declaration is not well-formed") }
            _ = try literal()
            if isPublic {
                guard skipSpaces() else { throw problem(at: start, "the document type declaration is not well-formed") }
                _ = try literal()
            }
            spaced = skipSpaces()
        }
        guard index < bytes.count else { throw problem(at: start, "unclosed document type declaration") }
        if bytes[index] == UInt8(ascii: "[") {
            throw problem(at: index, "a document type declaration with an internal subset (where entities are declared) is refused")
        }
        guard bytes[index] == UInt8(ascii: ">") else { throw problem(at: start, "the document type declaration is not well-formed") }
        index += 1
        sawDoctype = true
    }

    // MARK: Elements

    /// The root element and everything in it, without recursion (nesting is bounded by
    /// `maxDepth`, not by the stack).
    mutating func element() throws(XMLError) {
        try startTag()
        while !open.isEmpty {
            guard index < bytes.count else {
                throw problem(at: index, "the document ends inside <\(String(decoding: open.last!.written, as: UTF8.self))>")
            }
            switch bytes[index] {
            case UInt8(ascii: "<"):
                if looking(at: "</") {
                    flushText()
                    try endTag()
                } else if looking(at: "<!--") {
                    try comment()
                } else if looking(at: "<![CDATA[") {
                    try cdata()
                } else if looking(at: "<?") {
                    try processingInstruction()
                } else if looking(at: "<!") {
                    throw problem(at: index, "a markup declaration inside an element")
                } else {
                    flushText()
                    try startTag()
                }
            case UInt8(ascii: "&"):
                // Through a local: `text` is part of `self`, which the call also changes.
                var buffer = takeText()
                defer { text = buffer }
                try reference(into: &buffer, inAttribute: false)
            default:
                try characterData()
            }
        }
    }

    mutating func startTag() throws(XMLError) {
        let start = index
        index += 1
        guard index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "not well-formed: \"<\" must start a tag") }
        let written = try name()
        var attributes: [(name: ArraySlice<UInt8>, value: String, at: Int)] = []
        var writtenNames: Set<ArraySlice<UInt8>> = []
        var isEmpty = false
        while true {
            let spaced = skipSpaces()
            guard index < bytes.count else { throw problem(at: start, "the document ends inside a start tag") }
            if looking(at: "/>") { index += 2; isEmpty = true; break }
            if bytes[index] == UInt8(ascii: ">") { index += 1; break }
            guard spaced, isNameStart(at: index) else { throw problem(at: index, "not well-formed: expected an attribute or the end of the tag") }
            let at = index
            let attributeName = try name()
            _ = skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw problem(at: index, "expected \"=\" after an attribute name") }
            index += 1
            _ = skipSpaces()
            let value = try attributeValue()
            // A set, not a scan of those before: 256 attributes on each of thousands of elements.
            guard writtenNames.insert(attributeName).inserted else {
                throw problem(at: at, "duplicate attribute \"\(String(decoding: attributeName, as: UTF8.self))\"")
            }
            guard attributes.count < limits.maxAttributes else { throw problem(at: at, "more than \(limits.maxAttributes) attributes on one element") }
            attributes.append((attributeName, value, at))
        }
        elements += 1
        guard elements <= limits.maxElements else { throw problem(at: start, "more than \(limits.maxElements) elements") }
        guard open.count < limits.maxDepth else { throw problem(at: start, "elements nested deeper than \(limits.maxDepth)") }
        // Namespace declarations first: they apply to the element's own name and attributes.
        var added = 0
        var plain: [(name: ArraySlice<UInt8>, value: String, at: Int)] = []
        for attribute in attributes {
            // Told apart on the bytes: most attributes are no declaration, and need no string here.
            guard attribute.name.starts(with: "xmlns".utf8),
                  attribute.name.count == 5 || attribute.name.dropFirst(5).first == UInt8(ascii: ":") else {
                plain.append(attribute)
                continue
            }
            let attributeName = String(decoding: attribute.name, as: UTF8.self)
            let prefix = attributeName == "xmlns" ? "" : String(attributeName.dropFirst(6))
            if prefix == "xmlns" || (prefix == "xml") != (attribute.value == Self.xmlNamespace) || attribute.value == Self.xmlnsNamespace {
                throw problem(at: attribute.at, "reserved namespace prefix or name in \"\(attributeName)\"")
            }
            if !prefix.isEmpty, attribute.value.isEmpty { throw problem(at: attribute.at, "namespace prefix \"\(prefix)\" cannot be undeclared") }
            namespaces.bind(prefix, to: attribute.value)
            added += 1
        }
        let name = try resolve(written, at: start, isAttribute: false)
        var resolved: [XMLAttribute] = []
        // Only names in a namespace can clash once resolved (two prefixes bound to one URI): the
        // others were told apart as written.
        var namespacedNames: Set<XMLName> = []
        for attribute in plain {
            let attributeName = try resolve(attribute.name, at: attribute.at, isAttribute: true)
            guard attributeName.namespace.isEmpty || namespacedNames.insert(attributeName).inserted else {
                throw problem(at: attribute.at, "duplicate attribute \"\(attributeName.expanded)\"")
            }
            resolved.append(XMLAttribute(attributeName, attribute.value))
        }
        handler.startElement(name, attributes: resolved)
        if isEmpty {
            handler.endElement(name)
            namespaces.unbind(added)
        } else {
            open.append((written, name, added))
        }
    }

    mutating func endTag() throws(XMLError) {
        let start = index
        index += 2
        guard index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "not well-formed: expected a name after \"</\"") }
        let written = try name()
        _ = skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw problem(at: start, "not well-formed end tag") }
        index += 1
        let current = open.removeLast()
        guard written == current.written else {
            throw problem(at: start, "end tag </\(String(decoding: written, as: UTF8.self))> does not match <\(String(decoding: current.written, as: UTF8.self))>")
        }
        handler.endElement(current.name)
        namespaces.unbind(current.bindings)
    }

    /// `prefix:local` or `local` against the bindings in scope; an unprefixed attribute is in
    /// no namespace, an unprefixed element in the default one.
    mutating func resolve(_ written: ArraySlice<UInt8>, at position: Int, isAttribute: Bool) throws(XMLError) -> XMLName {
        let colon = UInt8(ascii: ":")
        guard let split = written.firstIndex(of: colon) else {
            return XMLName(isAttribute ? "" : namespaces.uri(for: "") ?? "", String(decoding: written, as: UTF8.self))
        }
        let prefix = String(decoding: written[..<split], as: UTF8.self), local = written[(split + 1)...]
        guard !prefix.isEmpty, !local.isEmpty, !local.contains(colon) else {
            throw problem(at: position, "invalid qualified name \"\(String(decoding: written, as: UTF8.self))\"")
        }
        guard let namespace = namespaces.uri(for: prefix), !namespace.isEmpty else {
            throw problem(at: position, "unbound namespace prefix \"\(prefix)\"")
        }
        return XMLName(namespace, String(decoding: local, as: UTF8.self))
    }

    // MARK: Character data

    /// Text up to the next `<` or `&`: line ends normalized to `\n`, `]]>` and characters XML
    /// does not allow refused.
    mutating func characterData() throws(XMLError) {
        var buffer = takeText()
        defer { text = buffer }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return }
            if byte == UInt8(ascii: "]"), looking(at: "]]>") { throw problem(at: index, "\"]]>\" in text") }
            try append(&buffer, inAttribute: false)
        }
    }

    /// `<![CDATA[…]]>`: its text as it is (line ends normalized).
    mutating func cdata() throws(XMLError) {
        let start = index
        index += 9
        var buffer = takeText()
        defer { text = buffer }
        while true {
            guard index < bytes.count else { throw problem(at: start, "unclosed CDATA section") }
            if looking(at: "]]>") { index += 3; return }
            try append(&buffer, inAttribute: false)
        }
    }

    /// The pending text, moved out (no copy) so a call can extend it while it changes `self`.
    mutating func takeText() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &text)
        return taken
    }

    /// A quoted attribute value: references replaced, `<` refused, each whitespace character
    /// (a line end counting once) a space.
    mutating func attributeValue() throws(XMLError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw problem(at: index, "expected a quoted attribute value")
        }
        let quote = bytes[index], start = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard index < bytes.count else { throw problem(at: start, "unclosed attribute value") }
            let byte = bytes[index]
            if byte == quote { index += 1; break }
            if byte == UInt8(ascii: "<") { throw problem(at: index, "\"<\" in an attribute value") }
            if byte == UInt8(ascii: "&") { try reference(into: &value, inAttribute: true) } else { try append(&value, inAttribute: true) }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Appends the character at `index` to `output` and moves past it, refusing characters XML
    /// does not allow; `\r\n` and `\r` become `\n` (a space in an attribute, as tab and `\n` do).
    mutating func append(_ output: inout [UInt8], inAttribute: Bool) throws(XMLError) {
        let byte = bytes[index]
        switch byte {
        case 0x0D:
            index += 1
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
            output.append(inAttribute ? 0x20 : 0x0A)
        case 0x09, 0x0A:
            index += 1
            output.append(inAttribute ? 0x20 : byte)
        case ..<0x20:
            throw problem(at: index, "character U+\(hex(UInt32(byte))) is not allowed in XML")
        case ..<0x80:
            index += 1
            output.append(byte)
        default:
            let (scalar, width) = scalar(at: index)
            if scalar == 0xFFFE || scalar == 0xFFFF { throw problem(at: index, "character U+\(hex(scalar)) is not allowed in XML") }
            output.append(contentsOf: bytes[index..<(index + width)])
            index += width
        }
    }

    /// `&lt;` and the other predefined entities, `&#…;` and `&#x…;`. Any other entity is
    /// undefined: none is ever declared or fetched.
    mutating func reference(into output: inout [UInt8], inAttribute: Bool) throws(XMLError) {
        let start = index
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let isHex = index < bytes.count && bytes[index] == UInt8(ascii: "x")
            if isHex { index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.count, let digit = Self.digit(bytes[index], hex: isHex) {
                value = value &* (isHex ? 16 : 10) &+ digit
                digits += 1
                index += 1
                guard digits <= 8 else { throw problem(at: start, "character reference out of range") }
            }
            guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw problem(at: start, "malformed character reference")
            }
            index += 1
            guard Self.isXMLChar(value), let scalar = Unicode.Scalar(value) else {
                throw problem(at: start, "character reference to U+\(hex(value)), which XML does not allow")
            }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        guard index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "\"&\" must start a reference (write &amp;)") }
        let name = String(decoding: try self.name(), as: UTF8.self)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { throw problem(at: start, "malformed reference &\(name)") }
        index += 1
        let replacement: UInt8
        switch name {
        case "lt": replacement = UInt8(ascii: "<")
        case "gt": replacement = UInt8(ascii: ">")
        case "amp": replacement = UInt8(ascii: "&")
        case "quot": replacement = UInt8(ascii: "\"")
        case "apos": replacement = UInt8(ascii: "'")
        default:
            throw problem(at: start, "undefined entity &\(name); (only &lt; &gt; &amp; &quot; &apos; and character references are known)")
        }
        output.append(replacement)
    }

    mutating func flushText() {
        guard !text.isEmpty else { return }
        handler.characters(String(decoding: text, as: UTF8.self))
        text.removeAll(keepingCapacity: true)
    }

    // MARK: Comments and processing instructions

    /// `<!-- … -->`: skipped; `--` inside is refused.
    mutating func comment() throws(XMLError) {
        let start = index
        index += 4
        var ignored: [UInt8] = []
        while true {
            guard index < bytes.count else { throw problem(at: start, "unclosed comment") }
            if looking(at: "--") {
                guard looking(at: "-->") else { throw problem(at: index, "\"--\" inside a comment") }
                index += 3
                return
            }
            try append(&ignored, inAttribute: false)
            ignored.removeAll(keepingCapacity: true)
        }
    }

    /// `<?target …?>`: skipped; a target `xml` (any case) is a misplaced XML declaration.
    mutating func processingInstruction() throws(XMLError) {
        let start = index
        index += 2
        guard index < bytes.count, isNameStart(at: index) else { throw problem(at: start, "a processing instruction needs a target") }
        let target = String(decoding: try name(), as: UTF8.self)
        guard target.lowercased() != "xml" else { throw problem(at: start, "the XML declaration must be at the very start") }
        if looking(at: "?>") { index += 2; return }
        guard skipSpaces() else { throw problem(at: start, "not well-formed processing instruction") }
        var ignored: [UInt8] = []
        while true {
            guard index < bytes.count else { throw problem(at: start, "unclosed processing instruction") }
            if looking(at: "?>") { index += 2; return }
            try append(&ignored, inAttribute: false)
            ignored.removeAll(keepingCapacity: true)
        }
    }

    // MARK: Tokens

    /// A name (XML 1.0 fifth edition's `Name`) starting at `index`, which must start one.
    mutating func name() throws(XMLError) -> ArraySlice<UInt8> {
        let start = index
        guard isNameStart(at: index) else { throw problem(at: index, "expected a name") }
        index += width(at: index)
        while index < bytes.count, isNameCharacter(at: index) { index += width(at: index) }
        return bytes[start..<index]
    }

    /// A quoted literal (in the XML and document type declarations), without its quotes.
    mutating func literal() throws(XMLError) -> ArraySlice<UInt8> {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw problem(at: index, "expected a quoted value")
        }
        let quote = bytes[index], start = index + 1
        guard let end = bytes[start...].firstIndex(of: quote) else { throw problem(at: index, "unclosed quoted value") }
        index = end + 1
        return bytes[start..<end]
    }

    /// Skips whitespace; whether there was any.
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index > start
    }

    func looking(at token: StaticString) -> Bool {
        let count = token.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return token.withUTF8Buffer { token in
            for offset in 0..<count where bytes[index + offset] != token[offset] { return false }
            return true
        }
    }

    func isNameStart(at position: Int) -> Bool {
        let byte = bytes[position]
        if byte < 0x80 { return Self.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") }
        return Self.isNameStartScalar(scalar(at: position).value)
    }

    func isNameCharacter(at position: Int) -> Bool {
        let byte = bytes[position]
        if byte < 0x80 {
            return Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
        let value = scalar(at: position).value
        return Self.isNameStartScalar(value) || value == 0xB7 || (0x300...0x36F).contains(value) || (0x203F...0x2040).contains(value)
    }

    static func isNameStartScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D, 0x2070...0x218F,
             0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD, 0x10000...0xEFFFF: true
        default: false
        }
    }

    /// Char (XML 1.0, 2.2): tab, line feed, carriage return and everything from space on but
    /// surrogates, U+FFFE and U+FFFF.
    static func isXMLChar(_ value: UInt32) -> Bool {
        value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
            || (0x10000...0x10FFFF).contains(value)
    }

    /// The scalar whose UTF-8 starts at `position` (the text is valid UTF-8) and its width.
    func scalar(at position: Int) -> (value: UInt32, width: Int) {
        let lead = UInt32(bytes[position])
        let width = self.width(at: position)
        var value: UInt32
        switch width {
        case 1: return (lead, 1)
        case 2: value = lead & 0x1F
        case 3: value = lead & 0x0F
        default: value = lead & 0x07
        }
        for offset in 1..<width { value = value << 6 | (UInt32(bytes[position + offset]) & 0x3F) }
        return (value, width)
    }

    func width(at position: Int) -> Int {
        let lead = bytes[position]
        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(width, bytes.count - position)
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
        if isDigit(byte) { return UInt32(byte - 0x30) }
        guard hex else { return nil }
        if (0x61...0x66).contains(byte) { return UInt32(byte - 0x61 + 10) }
        if (0x41...0x46).contains(byte) { return UInt32(byte - 0x41 + 10) }
        return nil
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The error `message` at byte `position`, with its line and column (in characters).
    func problem(at position: Int, _ message: String) -> XMLError {
        let position = min(position, bytes.count)
        var line = 1, lineStart = 0
        for offset in 0..<position where bytes[offset] == 0x0A {
            line += 1
            lineStart = offset + 1
        }
        let column = bytes[lineStart..<position].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return XMLError(line: line, column: column, message)
    }
}
