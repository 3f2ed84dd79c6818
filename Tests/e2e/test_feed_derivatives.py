"""The deribit and binance_futures feeds through the real binary, against Tests/Peers/deribit_peer.py
(a JSON-RPC 2.0 server that closes a client not answering its `test_request` heartbeats, and
replays the written fixture) and binance_peer.py (futures' `<symbol>@markPrice` streams): a DVOL
crossing, a funding flip negative and an option's delta crossing 0.5 each notify once; an
instrument the server does not subscribe is reported once and the rest flows; record and replay."""
import json
import re
import subprocess

from conftest import BINARY, FEED_FIXTURES as FIXTURES, Peer, wait_for

DERIBIT_FIXTURE = FIXTURES / "deribit-ws.jsonl"
FUTURES_FIXTURE = FIXTURES / "binance-futures-markprice.jsonl"


class Reporting(Peer):
    def __init__(self, tmp_path, script, *args):
        self.record = tmp_path / f"{script}.events.jsonl"
        self.record.touch()
        super().__init__(script, "--report", self.record, *args)
        self.port = self.ports[0]

    def events(self, name):
        lines = [json.loads(line) for line in self.record.read_text().splitlines() if line]
        return [e for e in lines if e["event"] == name]


def deribit_peer(tmp_path, *args):
    return Reporting(tmp_path, "deribit_peer.py", "--replay", DERIBIT_FIXTURE, *args)


INSTRUMENTS = ["BTC-PERPETUAL", "BTC-27DEC26-100000-C", "BTC-27DEC24-100000-C"]


def config(deribit_url=None, futures_url=None):
    feeds = {}
    if deribit_url:
        feeds["deribit"] = {"url": deribit_url, "volatility": ["btc", "eth"], "instruments": INSTRUMENTS}
    if futures_url:
        feeds["binance_futures"] = {"url": futures_url, "symbols": ["BTCUSDT", "ETHUSDT"]}
    return {"feeds": feeds, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}


DERIBIT_RULES = [
    {"name": "dvol-btc-60", "metric": "dvol.btc", "crosses_above": 60},
    {"name": "btc-funding-negative", "metric": "funding.btc_perpetual", "crosses_below": 0},
    {"name": "call-delta-half", "metric": "option.btc_27dec26_100000_c.delta", "crosses_above": 0.5,
     "message": "delta {{value}}"},
]


def firings(worker, rule):
    return re.findall(r'msg="alert firing" rule=' + re.escape(rule) + r' .*', worker.log_text())


def test_dvol_funding_and_delta_each_notify_once_while_heartbeats_are_answered(tmp_path, workers):
    # test_request every 0.5 s, answered within 2 s or the peer closes the connection.
    peer = deribit_peer(tmp_path, "--speed", "4", "--test-request-every", "0.5", "--answer-within", "2")
    try:
        worker = workers(config(deribit_url=f"ws://127.0.0.1:{peer.port}/ws/api/v2"), {"r.json": DERIBIT_RULES}).start()
        worker.wait_log(r'msg="alert firing" rule=dvol-btc-60 .*value=60\.45', timeout=20)
        worker.wait_log(r'msg="alert firing" rule=btc-funding-negative .*value=-0\.000284', timeout=20)
        worker.wait_log(r'msg="alert firing" rule=call-delta-half .*value=0\.50217', timeout=20)
        # The replay ends at +40.6 s (10.2 s at speed 4); its last round proves every frame before
        # it was judged: DVOL went on rising, funding falling, delta above 0.5, and each fired once.
        wait_for(lambda: 'metric="dvol.btc",source="deribit"} 61.92' in worker.get("/metrics")[1], timeout=20,
                 what="the replay's last DVOL")
        assert len(peer.events("answered")) >= 8
        sent = [json.loads(e["data"]) for e in peer.events("message")]
        assert sent[0]["method"] == "public/set_heartbeat" and sent[0]["params"] == {"interval": 30}
        assert sent[1]["method"] == "public/subscribe"
        assert sent[1]["params"]["channels"] == ["deribit_volatility_index.btc_usd", "deribit_volatility_index.eth_usd"] + [
            f"ticker.{name}.100ms" for name in INSTRUMENTS]
        assert any(m["method"] == "public/test" for m in sent[2:])
        assert peer.events("unanswered") == []
        assert len(peer.events("connect")) == 1  # never closed for a missed heartbeat
        # The expired option: said once, and the other channels flow.
        dropped = re.findall(r'msg="feed instrument dropped" feed=deribit instrument=BTC-27DEC24-100000-C .*', worker.log_text())
        assert len(dropped) == 1, worker.log_text()
        status, body = worker.get("/metrics")
        assert 'satwatch_metric_value{metric="option.btc_27dec26_100000_c.mark_iv",source="deribit"}' in body
        assert 'satwatch_metric_value{metric="dvol.eth",source="deribit"}' in body
        assert worker.stop() == 0
        for rule in ("dvol-btc-60", "btc-funding-negative", "call-delta-half"):
            assert len(firings(worker, rule)) == 1, (rule, worker.log_text())
        assert re.search(r'msg="notification queued" rule=call-delta-half .*', worker.log_text())
    finally:
        peer.stop()


def test_an_instrument_that_expires_is_reported_once_and_not_asked_for_again(tmp_path, workers):
    """The option's ticker says it closed and the peer closes the connection; the next connect's
    subscription leaves the option out, and the log says so once (not again, differently, when
    a subscription answer would leave it out)."""
    option = "BTC-27DEC26-100000-C"
    peer = deribit_peer(tmp_path, "--speed", "20", "--expire", option)
    try:
        cfg = config()
        cfg["feeds"]["deribit"] = {"url": f"ws://127.0.0.1:{peer.port}/ws/api/v2", "volatility": ["btc"],
                                   "instruments": ["BTC-PERPETUAL", option]}
        worker = workers(cfg, {"r.json": [{"name": "dvol-high", "metric": "dvol.btc", "above": 1000}]}).start()
        wait_for(lambda: len(peer.events("expired")) == 1, timeout=20, what="the option's closing ticker")
        # The expiring connection carried no DVOL: one seen now came after the next connect's
        # subscription answer, which a second notice would have followed at once.
        wait_for(lambda: 'metric="dvol.btc",source="deribit"}' in worker.get("/metrics")[1], timeout=20,
                 what="a DVOL after the reconnect")
        subscribed = [json.loads(e["data"])["params"]["channels"] for e in peer.events("message")
                      if e["data"] and json.loads(e["data"]).get("method") == "public/subscribe"]
        first = ["deribit_volatility_index.btc_usd", "ticker.BTC-PERPETUAL.100ms"]
        assert subscribed == [first + [f"ticker.{option}.100ms"], first], subscribed
        dropped = re.findall(r'msg="feed instrument dropped" .*', worker.log_text())
        assert len(dropped) == 1 and f"instrument={option}" in dropped[0] and "Deribit reports it closed" in dropped[0], dropped
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_the_peer_closes_a_client_that_does_not_answer_its_heartbeat(tmp_path):
    """The peer's enforcement is real: a client that only subscribes is closed (what satwatch's
    answers prevent in the test above)."""
    import asyncio
    from websockets.asyncio.client import connect

    peer = deribit_peer(tmp_path, "--test-request-every", "0.2", "--answer-within", "0.5")

    async def silent_client():
        async with connect(f"ws://127.0.0.1:{peer.port}/ws/api/v2") as ws:
            await ws.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "public/set_heartbeat", "params": {"interval": 10}}))
            try:
                async for _ in ws:
                    pass
            except Exception:
                pass
            return ws.close_reason
    try:
        assert asyncio.run(asyncio.wait_for(silent_client(), 10)) == "heartbeat not answered"
        assert len(peer.events("unanswered")) == 1
    finally:
        peer.stop()


FUTURES_RULES = [
    {"name": "btc-funding-flips", "metric": "funding.btcusdt", "source": "binance_futures", "crosses_below": 0},
    {"name": "eth-mark-above", "metric": "mark.ethusdt", "above": 3322},
]


def test_binance_futures_funding_flip_notifies_once(tmp_path, workers):
    peer = Reporting(tmp_path, "binance_peer.py", "--replay", FUTURES_FIXTURE, "--speed", "4")
    try:
        worker = workers(config(futures_url=f"ws://127.0.0.1:{peer.port}/stream"), {"r.json": FUTURES_RULES}).start()
        worker.wait_log(r'msg="feed connected" feed=binance_futures url="ws://127\.0\.0\.1:\d+/stream\?streams=btcusdt@markPrice/ethusdt@markPrice"')
        # Round 23: r = -0.0000035, in % -0.00035.
        worker.wait_log(r'msg="alert firing" rule=btc-funding-flips .*value=-0\.00035', timeout=20)
        # The last round's mark (3324.49) proves the rest of the replay was judged.
        worker.wait_log(r'msg="alert firing" rule=eth-mark-above ', timeout=20)
        wait_for(lambda: 'metric="mark.ethusdt",source="binance_futures"} 3324.49' in worker.get("/metrics")[1],
                 timeout=20, what="the last mark price")
        assert len(firings(worker, "btc-funding-flips")) == 1
        assert [e["path"] for e in peer.events("connect")] == ["/stream?streams=btcusdt@markPrice/ethusdt@markPrice"]
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_replay_of_the_fixtures_and_check_of_the_names(tmp_path, workers):
    worker = workers(config(deribit_url="ws://127.0.0.1:9/ws/api/v2", futures_url="ws://127.0.0.1:9/stream"),
                     {"r.json": DERIBIT_RULES + FUTURES_RULES})
    for fixture, feed, rules in ((DERIBIT_FIXTURE, "deribit", ["dvol-btc-60", "btc-funding-negative", "call-delta-half"]),
                                 (FUTURES_FIXTURE, "binance_futures", ["btc-funding-flips", "eth-mark-above"])):
        replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), "--input", str(fixture), "--feed", feed],
                                  capture_output=True, text=True, timeout=30)
        assert replayed.returncode == 0, replayed.stderr
        notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
        assert sorted({n["rule"] for n in notifications if n["status"] == "firing"}) == sorted(rules), replayed.stdout
    # check: a name written as Deribit writes it is corrected; a missing instrument is named.
    worker.write_rules("bad.json", json.dumps({"rules": [
        {"name": "typo", "metric": "option.BTC-27DEC26-100000-C.delta", "above": 0.5},
        {"name": "not-followed", "metric": "funding.eth_perpetual", "below": 0},
    ]}))
    checked = subprocess.run([str(BINARY), "check", "--config", str(worker.config_path)], capture_output=True, text=True, timeout=30)
    assert checked.returncode != 0
    assert 'write it lowercase with "_" for "-": "option.btc_27dec26_100000_c.delta"' in checked.stderr + checked.stdout
    assert 'add "ETH-PERPETUAL" to deribit "instruments"' in checked.stderr + checked.stdout
