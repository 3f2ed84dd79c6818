"""The news feed and the `news` condition through the real binary, against Tests/Peers/news_peer.py
(an HTTP server whose documents a test rewrites between polls): a source's first poll only
records; a new matching headline (RSS 2.0 and Atom) notifies once with its title and link; a
restart announces no headline twice, and announces what was published while the worker was
down; a document the reader refuses (an entity declaration) is logged with its place and the
feed goes on."""
import json
import re
import subprocess

from conftest import BINARY, Peer


class NewsSite(Peer):
    def __init__(self, tmp_path):
        self.dir = tmp_path / "site"
        self.dir.mkdir()
        self.record = tmp_path / "news-peer.jsonl"
        self.record.touch()
        super().__init__("news_peer.py", "--dir", self.dir, "--report", self.record)
        self.url = f"http://127.0.0.1:{self.ports[0]}"

    def publish(self, name, text):
        (self.dir / name).write_bytes(text.encode() if isinstance(text, str) else text)

    def requests(self, path):
        return [json.loads(line) for line in self.record.read_text().splitlines() if json.loads(line)["path"] == path]


def rss(*items):
    body = "".join(f"""
    <item>
      <title>{title}</title>
      <link>https://news.example/{guid}</link>
      <guid isPermaLink="false">{guid}</guid>
      <description><![CDATA[<p>{summary}</p>]]></description>
    </item>""" for guid, title, summary in items)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel><title>Example</title><link>https://news.example/</link><description>d</description>{body}
  </channel>
</rss>
"""


def atom(*entries):
    body = "".join(f"""
  <entry>
    <id>tag:news.example,2026:{guid}</id>
    <title type="html">{title}</title>
    <link rel="alternate" href="https://atom.example/{guid}"/>
    <summary>{summary}</summary>
    <updated>2026-11-24T12:00:00Z</updated>
  </entry>""" for guid, title, summary in entries)
    return f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom example</title><id>urn:x</id><updated>2026-11-24T12:00:00Z</updated>{body}
</feed>
"""


RULES = [
    {"name": "etf-news", "news": {"source": "wire", "matches": ["ETF", "spot bitcoin"]},
     "message": "ETF: {{title}} {{link}}"},
    {"name": "sec-news", "news": {"source": "atomwire", "matches": ["SEC"]}, "message": "{{title}} <{{link}}>"},
]

OLD = [("a1", "Bitcoin ETF flows slow", "Old news"), ("a2", "Markets calm", "Nothing")]


def config(site):
    return {"feeds": {"news": {"sources": {"wire": f"{site.url}/wire.xml", "atomwire": f"{site.url}/wire.atom"}, "every": "1m"}},
            "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}


def firing(worker, rule):
    return re.findall(r'msg="alert firing" rule=' + re.escape(rule) + r' .*', worker.log_text())


def test_new_headlines_notify_once_and_a_restart_repeats_none(tmp_path, workers):
    site = NewsSite(tmp_path)
    try:
        site.publish("wire.xml", rss(*OLD))
        site.publish("wire.atom", atom(("e1", "SEC delays decision", "old")))
        worker = workers(config(site), {"news.json": RULES}).start()
        # The first poll of each source only records what is there.
        worker.wait_log(r'msg="news source recorded" source=atomwire items=1')
        worker.wait_log(r'msg="news source recorded" source=wire items=2')
        assert worker.stop() == 0
        assert "alert firing" not in worker.log_text()

        # Published while the worker was down: announced once it is back; "ETFs" and "etf-like"
        # are not the whole word.
        site.publish("wire.xml", rss(("a3", "SEC approves spot Bitcoin ETF", "At last"),
                                     ("a4", "Why ETFs matter", "Exchange-traded funds, explained"), *OLD))
        site.publish("wire.atom", atom(("e2", "The sec&#39;s &amp; CFTC&apos;s new chair", "x"), ("e1", "SEC delays decision", "old")))
        worker.start()
        worker.wait_log(r'msg="alert firing" rule=etf-news ')
        worker.wait_log(r'msg="alert firing" rule=sec-news ')
        log = worker.log_text()
        assert len(firing(worker, "etf-news")) == 1 and len(firing(worker, "sec-news")) == 1, log
        assert re.search(r'msg="notification sent" .*rule=etf-news|msg="notification queued" rule=etf-news', log)
        assert "ETF: SEC approves spot Bitcoin ETF https://news.example/a3" in log, log
        assert "The sec's & CFTC's new chair <https://atom.example/e2>" in log, log
        assert worker.stop() == 0

        # A restart: nothing seen is new again; a later item (a5, matching in its summary only)
        # is, and being judged in the same poll after a3 and a4 proves those were judged again
        # and left alone.
        site.publish("wire.xml", rss(("a5", "Flows", "Record inflows into spot bitcoin funds"),
                                     ("a3", "SEC approves spot Bitcoin ETF", "At last"), ("a4", "Why ETFs matter", "x"), *OLD))
        worker.start()
        worker.wait_log(r'msg="alert firing" rule=etf-news ')
        assert "ETF: Flows https://news.example/a5" in worker.log_text()
        assert len(firing(worker, "etf-news")) == 1, worker.log_text()
        assert "alert firing\" rule=sec-news" not in worker.log_text()
        assert "news source recorded" not in worker.log_text()
        status, body = worker.get("/api/rules")
        assert worker.stop() == 0
    finally:
        site.stop()


def test_a_refused_document_is_logged_with_its_place_and_the_feed_goes_on(tmp_path, workers):
    site = NewsSite(tmp_path)
    try:
        laughs = ('<?xml version="1.0"?>\n<!DOCTYPE rss [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;">\n]>\n'
                  '<rss version="2.0"><channel><item><title>&lol2;</title><guid>x</guid></item></channel></rss>\n')
        site.publish("wire.xml", laughs)
        site.publish("wire.atom", b'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>\xff</title></feed>')
        worker = workers(config(site), {"news.json": RULES}).start()
        worker.wait_log(r'msg="feed page unreadable" feed=news source=wire reason="line 2, column 15: a document type declaration '
                        r'with an internal subset \(where entities are declared\) is refused"')
        worker.wait_log(r'msg="feed page unreadable" feed=news source=atomwire reason="invalid UTF-8 at byte \d+"')
        status, body = worker.get("/metrics")
        assert 'satwatch_feed_skipped_frames_total{feed="news",reason="invalid_xml"} 1' in body, body
        assert 'satwatch_feed_skipped_frames_total{feed="news",reason="invalid_encoding"} 1' in body, body
        assert worker.process.poll() is None
        assert worker.stop() == 0
    finally:
        site.stop()


def test_check_names_an_unknown_source_and_satwatch_test_runs_news_polls(tmp_path, workers):
    site = NewsSite(tmp_path)
    site.stop()
    worker = workers(config(site), {"news.json": RULES + [
        {"name": "typo", "news": {"source": "wires", "matches": ["ETF"]}},
        {"name": "no-news-fields", "metric": "dvol.btc", "above": 1, "message": "{{title}}"},
    ]})
    checked = subprocess.run([str(BINARY), "check", "--config", str(worker.config_path)], capture_output=True, text=True, timeout=30)
    out = checked.stdout + checked.stderr
    assert checked.returncode != 0
    assert 'unknown news source "wires" (did you mean "wire"?)' in out, out
    assert "{{title}} is a news item's: only a rule with \"news\" has it" in out, out
    (worker.folder / "rules" / "news.json").write_text(json.dumps({"rules": RULES}))
    tests = tmp_path / "news.test.json"
    tests.write_text(json.dumps({"rules": ["rules/news.json"], "tests": [{
        "name": "first poll records, then one new match fires",
        "samples": [
            {"at": "0s", "news": "wire", "items": [{"guid": "a1", "title": "ETF flows", "link": "https://x/a1"}]},
            {"at": "5m", "news": "wire", "items": [{"guid": "a2", "title": "Spot bitcoin soars", "link": "https://x/a2"},
                                                   {"guid": "a1", "title": "ETF flows", "link": "https://x/a1"}]},
            {"at": "10m", "news": "wire", "items": [{"guid": "a2", "title": "Spot bitcoin soars", "link": "https://x/a2"}]},
        ],
        "expect": [{"at": "5m", "rule": "etf-news", "status": "firing"}],
    }]}))
    ran = subprocess.run([str(BINARY), "test", str(tests)], capture_output=True, text=True, timeout=30)
    assert ran.returncode == 0, ran.stdout + ran.stderr


def test_replay_of_news_frames_records_the_first_poll_and_fires_on_a_new_item(tmp_path, workers):
    site = NewsSite(tmp_path)
    site.stop()
    worker = workers(config(site), {"news.json": RULES})
    frames = tmp_path / "news.jsonl"
    polls = [rss(*OLD), rss(("a3", "SEC approves spot Bitcoin ETF", "At last"), *OLD), "<rss><channel>"]
    frames.write_text("".join(json.dumps({"source": "wire", "body": body}, separators=(",", ":")) + "\n" for body in polls))
    # A poll a minute, as the config's `every`: further apart, the feed would go stale in between.
    (tmp_path / "news.offsets").write_text("0\n60000\n120000\n")
    replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), "--input", str(frames), "--feed", "news"],
                              capture_output=True, text=True, timeout=30)
    assert replayed.returncode == 0, replayed.stderr
    notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert len(notifications) == 1, replayed.stdout
    # One: the first poll's ETF item was recorded, the second poll's new one (a3) fired.
    assert (notifications[0]["rule"], notifications[0]["metric"]) == ("etf-news", "news.wire"), replayed.stdout
    assert "invalid_xml" in replayed.stderr  # the cut document is skipped and counted, not fatal
