#!/usr/bin/env python3
"""Writes this folder's news documents (the shapes real RSS 2.0 and Atom feeds have, and hostile
ones) and expected.json: what Python's own XML parser (expat, through xml.etree) reads from each,
under satwatch's policy (no entity declarations: a DTD's internal subset is refused; at most 256
levels of nesting; the text in the encoding the document declares). The Swift tests
(NewsDocumentTests) read each document with satwatch's XMLReader and compare. Run it again after
changing a document: `python3 Tests/Fixtures/news/make.py`."""
import json
import re
import xml.parsers.expat
from pathlib import Path
from xml.etree import ElementTree

HERE = Path(__file__).resolve().parent
ATOM = "{http://www.w3.org/2005/Atom}"
CONTENT = "{http://purl.org/rss/1.0/modules/content/}encoded"

DOCUMENTS = {
    # CoinDesk's shape: namespaces, CDATA titles and descriptions with HTML, dc:creator, media.
    "coindesk.rss": """<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
     xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" version="2.0">
  <channel>
    <title><![CDATA[CoinDesk: Bitcoin, Ethereum, Crypto News and Price Data]]></title>
    <link>https://www.coindesk.com</link>
    <description><![CDATA[Leader in cryptocurrency, Bitcoin, Ethereum, XRP, blockchain, DeFi, digital finance and Web 3.0 news]]></description>
    <atom:link href="https://www.coindesk.com/arc/outboundfeeds/rss/" rel="self" type="application/rss+xml"/>
    <item>
      <title><![CDATA[SEC Approves Spot Bitcoin ETFs in Landmark Decision]]></title>
      <link>https://www.coindesk.com/policy/2026/01/10/sec-approves-spot-bitcoin-etfs</link>
      <guid isPermaLink="false">b3f0c4e2-7d1a-4c53-9a1e-0f6f3c1d2e11</guid>
      <dc:creator><![CDATA[Jane Doe]]></dc:creator>
      <description><![CDATA[<p>The U.S. Securities and Exchange Commission approved <b>11</b> spot bitcoin ETFs.</p>]]></description>
      <pubDate>Sat, 10 Jan 2026 21:05:00 +0000</pubDate>
      <media:content url="https://example.com/a.jpg" medium="image"/>
      <category><![CDATA[Policy]]></category>
    </item>
    <item>
      <title>Ether &amp; Solana rally as funding turns positive</title>
      <link>https://www.coindesk.com/markets/2026/01/11/ether-solana-rally</link>
      <guid isPermaLink="true">https://www.coindesk.com/markets/2026/01/11/ether-solana-rally</guid>
      <description>Funding rates &#8220;flipped&#8221; &lt;b&gt;positive&lt;/b&gt; overnight.</description>
    </item>
    <item>
      <title>No guid, the link is the id</title>
      <link>  https://www.coindesk.com/tech/2026/01/12/no-guid  </link>
      <content:encoded><![CDATA[<div>Only <i>content:encoded</i>, no description</div>]]></content:encoded>
    </item>
    <item>
      <title>Neither guid nor link: left out</title>
    </item>
  </channel>
</rss>
""",
    # An Atom feed: a default namespace, an xhtml content, html-escaped titles, several links.
    "blog.atom": """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title type="text">Example blog</title>
  <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
  <updated>2026-11-24T18:30:02Z</updated>
  <link href="https://blog.example/" />
  <entry>
    <title type="html">Deribit lists &lt;em&gt;daily&lt;/em&gt; options</title>
    <link rel="replies" href="https://blog.example/2026/11/24/daily#comments"/>
    <link rel="alternate" type="text/html" href="https://blog.example/2026/11/24/daily"/>
    <id>tag:blog.example,2026-11-24:/daily</id>
    <updated>2026-11-24T18:30:02Z</updated>
    <summary>Short-dated options arrive.</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Longer text</p></div></content>
  </entry>
  <entry>
    <title>Only content</title>
    <link href="https://blog.example/2026/11/23/content"/>
    <id>tag:blog.example,2026-11-23:/content</id>
    <content type="html">&lt;p&gt;A spot &lt;b&gt;ETF&lt;/b&gt; filing&lt;/p&gt;</content>
  </entry>
  <a:entry xmlns:a="http://www.w3.org/2005/Atom"><a:id>tag:prefixed</a:id><a:title>Prefixed Atom names</a:title></a:entry>
</feed>
""",
    # A "<" that starts no tag, in HTML and in text: the words after it still count. Atom's
    # summary and content are HTML only with type="html".
    "less-than.rss": """<?xml version="1.0"?>
<rss version="2.0"><channel>
  <item><guid>lt-1</guid><title>Fees drop</title><description>Fees &lt; 5 sat/vB as &lt;b&gt;ETF&lt;/b&gt; inflows slow</description></item>
  <item><guid>lt-2</guid><title>Hearts</title><description><![CDATA[ETF <3 and 1 <= 2 <br/>end <!-- c --> <?x y?>]]></description></item>
</channel></rss>
""",
    "less-than.atom": """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <entry><id>t</id><title>Text</title><summary type="text">BTC &lt; 100k while &lt;b&gt;ETF&lt;/b&gt; outflows grow</summary></entry>
  <entry><id>d</id><title>Default</title><summary>&lt;p&gt; is a tag in HTML only</summary></entry>
  <entry><id>h</id><title>HTML</title><summary type="html">&lt;p&gt;ETF fees &lt; 5&lt;/p&gt;</summary></entry>
  <entry><id>x</id><title>XHTML</title><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">a &lt;b&gt; <b>ETF</b></div></content></entry>
</feed>
""",
    # A DOCTYPE without an internal subset (old Netscape feeds): read past, never fetched.
    "doctype-public.rss": """<?xml version="1.0"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
<rss version="2.0"><channel><title>t</title><item><title>Old style</title><link>https://old.example/1</link></item></channel></rss>
""",
    # Declared ISO-8859-1, bytes in it.
    "latin1.rss": ("""<?xml version="1.0" encoding="ISO-8859-1"?>
<rss version="2.0"><channel><item><title>Caf\xe9 cr\xe8me: march\xe9s en hausse</title><guid>latin-1</guid></item></channel></rss>
""", "latin-1"),
    # UTF-16 with a byte order mark.
    "utf16.atom": ("""<?xml version="1.0" encoding="UTF-16"?>
<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>u16</id><title>\u00dcber \U0001F680 Bitcoin</title></entry></feed>
""", "utf-16"),
    # Not a feed.
    "html.xml": """<?xml version="1.0"?><html><body>Not a feed</body></html>""",
    # Hostile: billion laughs (entities declared in an internal subset).
    "billion-laughs.rss": """<?xml version="1.0"?>
<!DOCTYPE rss [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<rss version="2.0"><channel><item><title>&lol3;</title><guid>x</guid></item></channel></rss>
""",
    # Hostile: an external entity naming a local file.
    "external-entity.rss": """<?xml version="1.0"?>
<!DOCTYPE rss [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<rss version="2.0"><channel><item><title>&xxe;</title><guid>x</guid></item></channel></rss>
""",
    # Hostile: nesting far deeper than any feed.
    "deep.rss": '<?xml version="1.0"?>\n<rss version="2.0"><channel>' + "<x>" * 5000 + "</x>" * 5000 + "</channel></rss>\n",
    # Broken: an entity HTML knows and XML does not, a mismatched end tag, bytes that are not UTF-8.
    "undefined-entity.rss": """<?xml version="1.0"?>\n<rss version="2.0"><channel><item><title>a&nbsp;b</title></item></channel></rss>\n""",
    "mismatched.rss": """<?xml version="1.0"?>\n<rss version="2.0"><channel><item><title>a</item></title></channel></rss>\n""",
    "broken-utf8.rss": (b'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><item><title>caf\xc3</title></item></channel></rss>\n', None),
    "truncated.atom": """<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><title>cut he""",
}

MAX_DEPTH = 256


def write(name, document):
    if isinstance(document, tuple):
        text, encoding = document
        data = text if encoding is None else (b"\xff\xfe" + text.encode("utf-16-le") if encoding == "utf-16" else text.encode(encoding))
    else:
        data = document.encode("utf-8")
    (HERE / name).write_bytes(data)
    return data


def refuse_policy(data):
    """satwatch's rules on top of expat's well-formedness: what it refuses that expat takes."""
    parser = xml.parsers.expat.ParserCreate()
    verdict = {}

    def doctype(name, system_id, public_id, has_internal_subset):
        if has_internal_subset:
            verdict.setdefault("refused", "entity declarations")
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = lambda *args: verdict.setdefault("refused", "entity declarations")
    depth = [0]

    def start(*_):
        depth[0] += 1
        if depth[0] > MAX_DEPTH:
            verdict.setdefault("refused", "too deep")
    parser.StartElementHandler = start
    parser.EndElementHandler = lambda *_: depth.__setitem__(0, depth[0] - 1)
    parser.Parse(data, True)
    return verdict.get("refused")


def fold(text):
    return " ".join(text.split())


def strip_markup(text):
    """HTML tags out, each a space. As in HTML's tokenizer, a tag starts only at "<" followed by
    an ASCII letter, "/", "!" or "?"; it runs to the next ">", or to the end."""
    return re.sub(r"<[A-Za-z/!?][^>]*(?:>|\Z)", " ", text)


def is_html(element):
    """Whether an Atom summary or content is HTML (type "html" or "text/html"): its default
    "text" is plain text, and "xhtml" markup is elements, not text."""
    return (element.get("type") or "").strip().lower() in ("html", "text/html")


def text_of(element):
    return "".join(element.itertext()) if element is not None else None


def items(root):
    found = []
    if root.tag == "rss":
        for item in root.findall("channel/item"):
            guid = (text_of(item.find("guid")) or "").strip()
            link = (text_of(item.find("link")) or "").strip()
            summary = text_of(item.find("description"))
            if summary is None:
                summary = text_of(item.find(CONTENT)) or ""
            found.append((guid or link, text_of(item.find("title")) or "", link, strip_markup(summary)))
    else:
        for entry in root.findall(ATOM + "entry"):
            links = [(l.get("rel", "alternate"), l.get("href", "").strip()) for l in entry.findall(ATOM + "link") if l.get("href", "").strip()]
            link = next((href for rel, href in links if rel == "alternate"), links[0][1] if links else "")
            ident = (text_of(entry.find(ATOM + "id")) or "").strip()
            element = entry.find(ATOM + "summary")
            if element is None:
                element = entry.find(ATOM + "content")
            summary = text_of(element) or ""
            found.append((ident or link, text_of(entry.find(ATOM + "title")) or "", link,
                          strip_markup(summary) if element is not None and is_html(element) else summary))
    return [{"id": i, "title": fold(t), "link": l, "summary": fold(s)} for i, t, l, s in found if i]


expected = {}
for name, document in DOCUMENTS.items():
    data = write(name, document)
    try:
        refused = refuse_policy(data)
        if refused:
            expected[name] = {"refused": refused}
            continue
        root = ElementTree.fromstring(data)
    except (ElementTree.ParseError, xml.parsers.expat.ExpatError) as error:
        expected[name] = {"refused": f"not well-formed: {error}"}
        continue
    if root.tag not in ("rss", ATOM + "feed"):
        expected[name] = {"not_a_feed": root.tag}
        continue
    expected[name] = {"items": items(root)}
(HERE / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n")
