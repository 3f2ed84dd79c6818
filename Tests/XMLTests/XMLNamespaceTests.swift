import Testing
@testable import XML

/// `XMLReader`'s namespace rules, and what resolving a name costs with many bindings in scope.
@Suite struct XMLNamespaceTests {
    /// Writes each element as its expanded name, with its attributes' in brackets.
    struct Names: XMLHandler {
        var written: [String] = []
        mutating func startElement(_ name: XMLName, attributes: [XMLAttribute]) {
            written.append(name.expanded + (attributes.isEmpty ? "" : "[" + attributes.map(\.name.expanded).joined(separator: " ") + "]"))
        }
        mutating func characters(_ text: String) {}
        mutating func endElement(_ name: XMLName) {}
    }

    /// (document, the elements as read, or the start of the reader's refusal).
    @Test(arguments: [
        (#"<a xmlns="u"><b/></a>"#, "{u}a {u}b"),
        (#"<a xmlns="u"><b xmlns=""/><c/></a>"#, "{u}a b {u}c"),
        // An inner binding hides an outer one until its element ends.
        (#"<p:a xmlns:p="u"><p:b xmlns:p="v"><p:c/></p:b><p:d/></p:a>"#, "{u}a {v}b {v}c {u}d"),
        (#"<a xmlns:p="u" xmlns:q="v"><q:b xmlns:p="w" p:x="1" q:y="2" z="3"/><p:c/></a>"#, "a {v}b[{w}x {v}y z] {u}c"),
        (#"<a xmlns="u" x="1" xml:lang="en"/>"#, "{u}a[x {http://www.w3.org/XML/1998/namespace}lang]"),
        (#"<a><b xmlns:p="u"/><p:c/></a>"#, #"line 1, column 20: unbound namespace prefix "p""#),
        (#"<a xmlns:p="u" xmlns:q="u" p:x="1" q:x="2"/>"#, #"line 1, column 36: duplicate attribute "{u}x""#),
        (#"<a xmlns:p=""/>"#, #"line 1, column 4: namespace prefix "p" cannot be undeclared"#),
        (#"<a xmlns:xml="u"/>"#, "line 1, column 4: reserved namespace prefix"),
        (#"<a xmlns:xmlns="u"/>"#, "line 1, column 4: reserved namespace prefix"),
        (#"<a xmlns:p="http://www.w3.org/2000/xmlns/"/>"#, "line 1, column 4: reserved namespace prefix"),
        (#"<a:b:c xmlns:a="u"/>"#, #"line 1, column 1: invalid qualified name "a:b:c""#),
    ])
    func namesResolveAsTheRulesSay(document: String, expected: String) {
        var names = Names()
        do {
            try XMLReader.read(document, into: &names)
            #expect(names.written.joined(separator: " ") == expected)
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    /// The hunt's document in small: 145 nested elements binding 255 prefixes each, then names
    /// resolved under them. Each lookup looks at one binding, not at every one in scope (37,000
    /// each, for each of 99,000 elements: 14 s).
    @Test func aLookupLooksAtOneBindingHoweverManyAreInScope() {
        var scope = XMLNamespaceScope()
        for level in 0..<145 {
            for index in 0..<255 { scope.bind("p\(index)", to: "u\(level)") }
        }
        let lookups = 1_000
        for _ in 0..<lookups { #expect(scope.uri(for: "") == nil) }
        #expect(scope.uri(for: "p3") == "u144" && scope.uri(for: "xml") == XMLNamespaceScope.xmlNamespace)
        scope.unbind(255)
        #expect(scope.uri(for: "p3") == "u143")
        #expect(scope.bindingsExamined == lookups + 3)
    }
}
