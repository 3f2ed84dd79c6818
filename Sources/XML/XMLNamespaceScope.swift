/// The namespace bindings in scope while `XMLReader` reads a document: per prefix, the URIs
/// bound to it by the open elements, innermost last. Finding a prefix's URI looks at one binding
/// however many are in scope: a document can declare tens of thousands (145 nested elements of
/// 255 declarations each are within `XMLLimits`), and a scan of them all for each of 100,000
/// elements stalled the evaluator for seconds. Each element's end undoes what its start tag bound.
struct XMLNamespaceScope {
    /// Per prefix (the empty one is the default namespace), its URIs, innermost last. A prefix
    /// no open element binds has no entry (`xml` is always bound).
    private var uris: [String: [String]] = ["xml": [XMLNamespaceScope.xmlNamespace]]
    /// The prefixes bound by the open elements, in document order: what `unbind` takes back.
    private var bound: [String] = []
    /// How many bindings `uri(for:)` has looked at: one per call, which tests hold it to.
    private(set) var bindingsExamined = 0

    /// The namespace the `xml` prefix is bound to by definition.
    static var xmlNamespace: String { "http://www.w3.org/XML/1998/namespace" }

    /// Binds `prefix` to `uri` until the matching `unbind`; it hides an outer binding of `prefix`.
    mutating func bind(_ prefix: String, to uri: String) {
        uris[prefix, default: []].append(uri)
        bound.append(prefix)
    }

    /// Takes back the last `count` bindings (those of the element that ends), uncovering the
    /// outer ones they hid.
    mutating func unbind(_ count: Int) {
        for prefix in bound.suffix(count) {
            uris[prefix]!.removeLast()
            if uris[prefix]!.isEmpty { uris[prefix] = nil }
        }
        bound.removeLast(count)
    }

    /// The URI `prefix` is bound to in scope (the innermost binding), nil when none binds it.
    mutating func uri(for prefix: String) -> String? {
        bindingsExamined += 1
        return uris[prefix]?.last
    }
}
