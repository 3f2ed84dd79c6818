import SatwatchBase
import XML

/// The items of a news feed document: RSS 2.0 (`rss/channel/item` with `title`, `link`, `guid`,
/// `description`, or `content:encoded` when there is no description) or Atom (`feed/entry`
/// with `id`, `title`, the alternate `link`'s `href`, `summary`, else `content`). Built from
/// `XMLReader`'s events without keeping the document: each field's text is capped, and items
/// past `maxItems` are counted, not kept.
struct NewsDocument: XMLHandler {
    /// The formats read.
    enum Format: Equatable { case rss, atom }

    /// The format, once the root element said which; nil when it is neither.
    private(set) var format: Format?
    /// The items in document order, each id once (a repeat is left out).
    private(set) var items: [Headline] = []
    /// Items left out: with neither id nor link, repeating an earlier id, or past `maxItems`.
    private(set) var rejectedItems = 0
    /// The root element's name, for the message when it is not a feed's.
    private(set) var root: XMLName?

    /// The most items kept from one document (real feeds carry 10 to a few hundred).
    static let maxItems = 1_000
    /// The longest title, link and id kept, in UTF-8 bytes (a longer one is cut).
    static let maxFieldBytes = 2_048
    /// The longest summary kept for matching.
    static let maxSummaryBytes = 16_384

    static let atom = "http://www.w3.org/2005/Atom"
    static let rssContent = "http://purl.org/rss/1.0/modules/content/"

    /// The fields of an item being read.
    private enum Field { case id, title, link, summary, content }

    private var depth = 0
    /// The depth of the open item (`item`, `entry`), 0 outside one.
    private var itemDepth = 0
    /// The field being collected and the depth of its element.
    private var field: (name: Field, depth: Int)?
    private var values: [Field: [UInt8]] = [:]
    /// The fields of the open item whose text is HTML, to strip of tags: RSS's description and
    /// `content:encoded` always, Atom's summary and content when `type="html"` (Atom's default
    /// `text` is plain text, where a `<` is a character; `xhtml`'s markup is elements, not text).
    private var htmlFields: Set<Field> = []
    /// Atom: the first alternate link's `href`, and the first link's as a fallback.
    private var alternateLink: String?
    private var anyLink: String?
    private var ids: Set<String> = []

    /// Why a document is not a readable feed.
    enum Problem: Error, CustomStringConvertible {
        /// Not well-formed XML, or beyond the reader's limits.
        case notWellFormed(XMLError)
        /// Well-formed, but its root element is not RSS's or Atom's.
        case notAFeed(root: String)

        var description: String {
            switch self {
            case .notWellFormed(let error): "\(error)"
            case .notAFeed(let root): "not an RSS 2.0 or Atom feed: the root element is <\(root)>"
            }
        }
    }

    /// Reads `text`: the document's items, or why it is not a readable feed.
    static func read(_ text: String) throws(Problem) -> NewsDocument {
        var document = NewsDocument()
        do {
            try XMLReader.read(text, into: &document)
        } catch {
            throw .notWellFormed(error)
        }
        guard document.format != nil else { throw .notAFeed(root: document.root?.expanded ?? "") }
        return document
    }

    mutating func startElement(_ name: XMLName, attributes: [XMLAttribute]) {
        depth += 1
        if depth == 1 {
            root = name
            format = name == XMLName("", "rss") ? .rss : name == XMLName(Self.atom, "feed") ? .atom : nil
            return
        }
        guard let format else { return }
        if itemDepth == 0 {
            let isItem = format == .rss ? (depth == 3 && name == XMLName("", "item")) : (depth == 2 && name == XMLName(Self.atom, "entry"))
            if isItem { beginItem() }
            return
        }
        guard depth == itemDepth + 1, field == nil else { return }
        switch (format, name.namespace, name.local) {
        case (.rss, "", "guid"), (.atom, Self.atom, "id"): field = (.id, depth)
        case (.rss, "", "title"), (.atom, Self.atom, "title"): field = (.title, depth)
        case (.rss, "", "link"): field = (.link, depth)
        case (.rss, "", "description"): field = (.summary, depth)
        case (.rss, Self.rssContent, "encoded"): field = (.content, depth)
        case (.atom, Self.atom, "summary"): field = (.summary, depth)
        case (.atom, Self.atom, "content"): field = (.content, depth)
        case (.atom, Self.atom, "link"):
            let href = attributes.first { $0.name == XMLName("", "href") }?.value.trimmingWhitespace() ?? ""
            let rel = attributes.first { $0.name == XMLName("", "rel") }?.value ?? "alternate"
            guard !href.isEmpty else { break }
            if anyLink == nil { anyLink = href }
            if rel == "alternate", alternateLink == nil { alternateLink = href }
        default: break
        }
        if let field, values[field.name] != nil { self.field = nil }  // only a field's first element counts
        if let field, field.name == .summary || field.name == .content,
           format == .rss || Self.isHTML(type: attributes.first { $0.name == XMLName("", "type") }?.value) {
            htmlFields.insert(field.name)
        }
    }

    /// Whether an Atom text construct or content of this `type` attribute is HTML: `html`, or
    /// the media type `text/html` that `atom:content` may name (RFC 4287, 3.1.1 and 4.1.3).
    static func isHTML(type: String?) -> Bool {
        guard let type = type?.trimmingWhitespace().lowercased() else { return false }
        return type == "html" || type == "text/html"
    }

    mutating func characters(_ text: String) {
        guard let field else { return }
        let cap = field.name == .summary || field.name == .content ? Self.maxSummaryBytes : Self.maxFieldBytes
        let room = cap - (values[field.name]?.count ?? 0)
        guard room > 0 else { return }
        values[field.name, default: []].append(contentsOf: text.utf8.prefix(room))
    }

    mutating func endElement(_ name: XMLName) {
        if let open = field, open.depth == depth {
            if values[open.name] == nil { values[open.name] = [] }
            field = nil
        }
        if itemDepth > 0, depth == itemDepth { endItem() }
        depth -= 1
    }

    private mutating func beginItem() {
        itemDepth = depth
        values = [:]
        htmlFields = []
        alternateLink = nil
        anyLink = nil
    }

    private mutating func endItem() {
        itemDepth = 0
        let link = format == .atom ? (alternateLink ?? anyLink ?? "") : text(.link).trimmingWhitespace()
        let id = text(.id).trimmingWhitespace()
        let key = id.isEmpty ? link : id
        guard !key.isEmpty, items.count < Self.maxItems, ids.insert(key).inserted else {
            rejectedItems += 1
            return
        }
        let summaryField: Field = values[.summary] != nil ? .summary : .content
        let summary = htmlFields.contains(summaryField) ? text(summaryField).strippingMarkup() : text(summaryField)
        items.append(Headline(id: key, title: text(.title).foldingWhitespace(), link: link,
                              summary: summary.foldingWhitespace()))
    }

    private func text(_ field: Field) -> String {
        // A cap may cut a character in two: decoding repairs only that last one.
        String(decoding: values[field] ?? [], as: UTF8.self)
    }
}

extension String {
    /// Without leading and trailing whitespace (spaces, tabs, line ends).
    func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view = view.dropFirst() }
        while let last = view.last, last.isWhitespace { view = view.dropLast() }
        return String(view)
    }

    /// Every run of whitespace as one space, none at either end: how a title reads on one line.
    func foldingWhitespace() -> String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Without HTML tags (`<p>`, `<a href="…">`, `</p>`, `<!-- … >`), each a space: feeds put
    /// HTML in descriptions, as text, and words in tags are no part of what the item says. As
    /// HTML's tokenizer has it, a tag starts only at a `<` followed by an ASCII letter, `/`, `!`
    /// or `?`: any other `<` is text (`fees < 5 sat/vB`). A tag runs to the next `>`, or to the end.
    func strippingMarkup() -> String {
        guard contains("<") else { return self }
        var output = String.UnicodeScalarView()
        var inTag = false
        var scalars = unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            if inTag {
                if scalar == ">" { inTag = false }
            } else if scalar == "<", let following = next, following.isASCII,
                      following.properties.isAlphabetic || following == "/" || following == "!" || following == "?" {
                inTag = true
                output.append(" ")
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }
}
