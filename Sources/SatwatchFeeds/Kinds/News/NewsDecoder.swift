import SatwatchBase
import SatwatchJSON

/// Decodes the news feed's frames: one poll of one source, `{"source":"coindesk","body":"<?xml
/// …"}` (the document as text; `record` and `replay` keep frames as text, and the poller has
/// already decoded its bytes, see `XMLText`). The document is read with satwatch's own
/// `XMLReader` as RSS 2.0 or Atom (`NewsDocument`) and becomes one sample, `news.<source>`
/// (the number of items), carrying the items for the `news` condition. A document that is not
/// well-formed XML is `invalid_xml`, one that is no feed `not_a_feed`; items without id or link
/// count as rejected fields.
package struct NewsDecoder: FrameDecoder {
    package private(set) var rejectedFields = 0

    package init() {}

    static let keys: Set<String> = ["source", "body"]

    /// A document that is not well-formed XML (or refused by the reader's limits).
    static let invalidXML = SkipReason("invalid_xml")
    /// Well-formed XML, but not an RSS 2.0 or Atom feed.
    static let notAFeed = SkipReason("not_a_feed")

    package mutating func decode(_ frame: String, at: Timestamp) -> FrameOutcome {
        let message: JSONNode
        switch FrameObject.parse(frame, keeping: Self.keys) {
        case .value(let object): message = object.node
        case .skipped(let reason): return .skipped(reason)
        }
        guard let source = message["source"]?.string, Headline.isSourceName(source),
              let body = message["body"]?.string else { return .skipped(.unexpectedShape) }
        let document: NewsDocument
        do {
            document = try NewsDocument.read(body)
        } catch {
            if case .notAFeed = error { return .skipped(Self.notAFeed) }
            return .skipped(Self.invalidXML)
        }
        rejectedFields += document.rejectedItems
        return .samples([Sample(metric: Headline.metric(source: source), value: Double(document.items.count), at: at,
                                source: FeedKind.news.rawValue, headlines: document.items)])
    }

    /// The frame of one poll of `source` whose document reads as `body`.
    package static func frame(source: String, body: String) -> String {
        JSONValue.object([JSONMember(key: "source", node: JSONNode(.string(source))),
                          JSONMember(key: "body", node: JSONNode(.string(body)))]).jsonText()
    }

    /// What is wrong with `body` as a feed document, `line 3, column 9: …`; nil when it reads.
    package static func problem(in body: String) -> String? {
        do {
            _ = try NewsDocument.read(body)
            return nil
        } catch {
            return error.description
        }
    }
}
