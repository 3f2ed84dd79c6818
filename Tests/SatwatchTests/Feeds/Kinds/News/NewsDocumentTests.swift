import Foundation
@testable import SatwatchBase
@testable import SatwatchFeeds
import SatwatchTestSupport
import Testing
import XML

/// satwatch's XML reader and news documents against Python's XML parser (expat): each document
/// in Tests/Fixtures/news, real feeds' shapes and hostile ones, read as `expected.json` says
/// Python reads it under satwatch's policy (see make.py there).
@Suite struct NewsDocumentTests {
    static let folder = TestPaths.repositoryRoot.appendingPathComponent("Tests/Fixtures/news")

    /// What Python read from a document.
    enum Expectation: Sendable, Equatable {
        /// Not well-formed, or refused by satwatch's policy.
        case refused
        /// Well-formed but not a feed: the root element.
        case notAFeed(String)
        /// The items as id, title, link, summary.
        case items([[String]])
    }

    static let expected: [String: Expectation] = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("expected.json"))
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: [String: Any]]
        return object.mapValues { entry in
            if let root = entry["not_a_feed"] as? String { return .notAFeed(root) }
            guard let items = entry["items"] as? [[String: String]] else { return .refused }
            return .items(items.map { [$0["id"]!, $0["title"]!, $0["link"]!, $0["summary"]!] })
        }
    }()

    static let names: [String] = expected.keys.sorted()

    @Test(arguments: names)
    func readsAsPythonDoes(name: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let expectation = try #require(Self.expected[name])
        let got: Expectation
        do {
            let document = try NewsDocument.read(try XMLText.decode(bytes))
            got = .items(document.items.map { [$0.id, $0.title, $0.link, $0.summary] })
        } catch let problem as NewsDocument.Problem {
            if case .notAFeed(let root) = problem { got = .notAFeed(root) } else { got = .refused }
        } catch {
            got = .refused
        }
        #expect(got == expectation, "\(name)")
    }

    /// (document, the reader's message).
    @Test(arguments: [
        (#"<?xml version="1.0"?>"# + "\n<!DOCTYPE rss [ <!ENTITY a \"b\"> ]>\n<rss/>",
         "line 2, column 15: a document type declaration with an internal subset (where entities are declared) is refused"),
        ("<rss><channel><title>a&nbsp;b</title></channel></rss>", "line 1, column 23: undefined entity"),
        ("<rss>\n  <a></b>\n</rss>", "line 2, column 6: end tag </b> does not match <a>"),
        ("<rss>", "the document ends inside <rss>"),
        ("<rss/><rss/>", "line 1, column 7: content after the root element"),
        ("<a:rss/>", "line 1, column 1: unbound namespace prefix \"a\""),
        ("<rss a='1' a='2'/>", "line 1, column 12: duplicate attribute \"a\""),
        ("", "no root element"),
    ])
    func refusalsSayWhere(document: String, message: String) {
        do {
            _ = try NewsDocument.read(document)
            Issue.record("read: \(document)")
        } catch {
            #expect(error.description.hasPrefix(message) || error.description.contains(message), "\(error.description)")
        }
    }

    /// (text, what is left without its HTML tags, whitespace folded). A tag starts only at a
    /// `<` followed by an ASCII letter, `/`, `!` or `?`, as in HTML's tokenizer.
    @Test(arguments: [
        ("Fees < 5 sat/vB as ETF inflows slow", "Fees < 5 sat/vB as ETF inflows slow"),
        ("BTC<100k, ETF <3 and 1 <= 2", "BTC<100k, ETF <3 and 1 <= 2"),
        ("a < b > c", "a < b > c"),
        ("<é> is no tag", "<é> is no tag"),
        ("<p>A spot <b>ETF</b> filing</p>", "A spot ETF filing"),
        ("before<br/>after", "before after"),
        ("a <!-- note --> b <?pi x?> c <!DOCTYPE html> d", "a b c d"),
        ("cut <a href=", "cut"),
        ("ends with <", "ends with <"),
    ])
    func markupIsStrippedOnlyWhereHTMLHasTags(text: String, stripped: String) {
        #expect(text.strippingMarkup().foldingWhitespace() == stripped)
    }

    static let rss = (#"<rss version="2.0"><channel><item><guid>1</guid>"#, "</item></channel></rss>")
    static let atom = (#"<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id>"#, "</entry></feed>")

    /// (document, its item's summary): RSS's description and content are HTML; Atom's summary
    /// and content are HTML only with `type="html"` (or `text/html`), else text or XHTML, where
    /// a `<` is a character.
    @Test(arguments: [
        (rss.0 + "<description>Fees &lt; 5 sat/vB as ETF inflows slow</description>" + rss.1, "Fees < 5 sat/vB as ETF inflows slow"),
        (rss.0 + "<description>&lt;p&gt;A spot &lt;b&gt;ETF&lt;/b&gt;&lt;/p&gt;</description>" + rss.1, "A spot ETF"),
        (rss.0 + #"<content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><![CDATA[<i>ETF</i> < 5]]></content:encoded>"# + rss.1,
         "ETF < 5"),
        (atom.0 + #"<summary type="text">BTC &lt; 100k while ETF outflows grow</summary>"# + atom.1, "BTC < 100k while ETF outflows grow"),
        (atom.0 + "<summary>&lt;b&gt; is how HTML says bold</summary>" + atom.1, "<b> is how HTML says bold"),
        (atom.0 + #"<summary type="html">&lt;b&gt;ETF&lt;/b&gt; fees &lt; 5</summary>"# + atom.1, "ETF fees < 5"),
        (atom.0 + #"<content type="text/html">&lt;p&gt;ETF&lt;/p&gt;</content>"# + atom.1, "ETF"),
        (atom.0 + #"<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>a &lt;b&gt; b</p></div></content>"# + atom.1, "a <b> b"),
        // The summary's own type counts, not the content's.
        (atom.0 + #"<summary>x &lt;y&gt;</summary><content type="html">z</content>"# + atom.1, "x <y>"),
    ])
    func summariesAreStrippedOnlyWhenTheyAreHTML(document: String, summary: String) throws {
        #expect(try NewsDocument.read(document).items.map(\.summary) == [summary])
    }

    @Test func manyItemsAreCountedNotKept() throws {
        // The first maxItems are kept, the rest counted.
        let many = "<rss><channel>" + (0..<(NewsDocument.maxItems + 5)).map { "<item><guid>\($0)</guid></item>" }.joined() + "</channel></rss>"
        let document = try NewsDocument.read(many)
        #expect(document.items.count == NewsDocument.maxItems && document.rejectedItems == 5)
    }
}
