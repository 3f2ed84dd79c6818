"""Hidden controls through the real binary: a terminal's CSI (U+009B) and a bidi override
(U+202E) in a rule's message reach no chat channel (webhook, Slack, Telegram peers), and an
exchange's error text holding them is logged with them escaped, never raw."""
import base64
import json
import time

from conftest import Feed, wait_for

CSI, RLO, PDF = "\u009b", "\u202e", "\u202c"
RAW = [ch.encode() for ch in (CSI, RLO, PDF)]
ESCAPED = [b"\\u009b", b"\\u202e", b"\\u202c"]


def test_chat_text_leaves_hidden_controls_out(feed, receiver, workers):
    rule = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook", "team", "phone"],
            "message": f"fees {{{{value}}}} {CSI}31m{RLO}000,001{PDF} sat/vB"}
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"console": {"type": "log"},
                     "hook": {"type": "webhook", "url": receiver.url("/alerts")},
                     "team": {"type": "slack", "url": receiver.url("/slack")},
                     "phone": {"type": "telegram", "token": "123:abc", "chat_id": "42", "url": receiver.url("/tg")}},
        "defaults": {"channels": ["console"]},
    }
    workers(config, {"fees.json": [rule]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    feed.fees(12)
    paths = ["/alerts", "/slack", "/tg/bot123:abc/sendMessage"]
    wait_for(lambda: all(receiver.requests(path) for path in paths), what="the notification on every channel")
    for path in paths:
        body = base64.b64decode(receiver.requests(path)[0]["body_b64"])
        assert not any(mark in body for mark in RAW + ESCAPED), (path, body)
        assert "fees 12 31m000,001 sat/vB" in json.dumps(json.loads(body), ensure_ascii=False), (path, body)


def test_the_log_escapes_hidden_controls_from_a_feed(receiver, workers):
    """Coinbase's refusal of a subscription is logged with its text (`feed request refused`):
    here the text carries both controls."""
    coinbase = Feed()
    try:
        config = {"feeds": {"coinbase": {"url": coinbase.url, "products": ["BTC-USD"]}},
                  "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
        worker = workers(config, {"r.json": []}).start()
        wait_for(lambda: coinbase.clients() > 0, what="the worker to connect to coinbase")
        coinbase.push({"type": "error", "message": f"Failed{CSI}2J to subscribe",
                       "reason": f"{RLO}tcudorp dilav a ton si DSU-CTB"})
        line = worker.wait_log(r'msg="feed (request|pair) refused".*').group(0).encode()
        assert b"Failed\\u009b2J to subscribe" in line and b"\\u202etcudorp" in line, line
        assert not any(mark in worker.log_path.read_bytes() for mark in RAW), line
    finally:
        coinbase.stop()
