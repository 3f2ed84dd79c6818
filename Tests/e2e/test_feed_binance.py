"""The Binance feed through the real binary, against Tests/Peers/binance_peer.py (a server that
takes its streams in the URL like stream.binance.com, pings, and replays the written fixture):
rules on `eth.usdt` fire, server pings are answered, a quiet stream is probed with
LIST_SUBSCRIPTIONS and goes stale, /metrics and /healthz show the feed, record and replay."""
import json
import re
import subprocess

from conftest import BINARY, FEED_FIXTURES as FIXTURES, Peer, metrics, wait_for

STREAMS = "/stream?streams=btcusdt@trade/ethusdt@trade"
FIXTURE = FIXTURES / "binance-trades.jsonl"


class Binance(Peer):
    def __init__(self, tmp_path, *args):
        self.record = tmp_path / "binance-peer.jsonl"
        self.record.touch()
        super().__init__("binance_peer.py", "--report", self.record, *args)
        self.port = self.ports[0]
        self.url = f"ws://127.0.0.1:{self.port}/stream"

    def events(self, name):
        lines = [json.loads(line) for line in self.record.read_text().splitlines() if line]
        return [e for e in lines if e["event"] == name]


def config(url, **settings):
    feeds = {"binance": {"url": url, "symbols": ["BTCUSDT", "ETHUSDT"], **settings}}
    return {"feeds": feeds, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}


ETH_RULE = [{"name": "eth-above-3330", "metric": "eth.usdt", "source": "binance", "above": 3330}]


def test_trades_on_combined_streams_fire_a_rule_on_eth_usdt(tmp_path, workers):
    peer = Binance(tmp_path, "--replay", FIXTURE, "--speed", "4", "--ping-every", "0.5")
    try:
        worker = workers(config(peer.url), {"r.json": ETH_RULE}).start()
        worker.wait_log(r'msg="feed connected" feed=binance url="ws://127\.0\.0\.1:\d+' + re.escape(STREAMS) + '"')
        worker.wait_log(r'msg="alert firing" rule=eth-above-3330 .*value=3330\.01', timeout=20)
        assert [e["path"] for e in peer.events("connect")] == [STREAMS]
        assert peer.events("message") == []  # streams in the URL: nothing to send while trades flow
        wait_for(lambda: len(peer.events("pong")) >= 2, what="pongs to the server's pings")
        values = metrics(worker)
        assert values[("satwatch_metric_value", (("metric", "eth.usdt"), ("source", "binance")))] > 3300
        assert values[("satwatch_metric_value", (("metric", "btc.usdt"), ("source", "binance")))] > 92000
        assert values[("satwatch_feed_connected", (("feed", "binance"),))] == 1
        assert values[("satwatch_feed_frames_total", (("feed", "binance"),))] >= 100
        assert not any(name == "satwatch_feed_skipped_frames_total" for name, _ in values)
        status, body = worker.get("/healthz")
        assert status == 200 and json.loads(body)["feeds"] == {"binance": "fresh"}
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_a_quiet_stream_is_probed_kept_and_goes_stale(tmp_path, workers):
    peer = Binance(tmp_path)  # connects, answers requests, sends no trades
    try:
        worker = workers(config(peer.url, stale_after="2s"), {"r.json": ETH_RULE}).start()
        wait_for(lambda: any(e["data"] == '{"method":"LIST_SUBSCRIPTIONS","id":2}' for e in peer.events("message")),
                 timeout=6, what="the LIST_SUBSCRIPTIONS ping")
        # The answer keeps the connection, but proves no trade: the feed is stale all the same.
        worker.wait_log(r'msg="alert firing" rule=feed-stale:binance ', timeout=10)
        status, body = worker.get("/healthz")
        assert status == 503 and "feed binance: no frame since start" in json.loads(body)["reason"]
        wait_for(lambda: len(peer.events("message")) >= 2, timeout=6, what="a second ping")
        assert len(peer.events("connect")) == 1
        assert "feed disconnected" not in worker.log_text()
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_record_then_replay_and_raw_frames_of_both_forms(tmp_path, workers):
    peer = Binance(tmp_path, "--replay", FIXTURE, "--speed", "20")
    try:
        worker = workers(config(peer.url), {"r.json": ETH_RULE})
        out = tmp_path / "binance.rec"
        recorded = subprocess.run([str(BINARY), "record", "--config", str(worker.config_path), "--feed", "binance",
                                   "--out", str(out), "--duration", "4s"], capture_output=True, text=True, timeout=30)
        assert recorded.returncode == 0, recorded.stderr
        lines = out.read_text().splitlines()
        assert len(lines) == 199 and json.loads(lines[0])["feed"] == "binance"
    finally:
        peer.stop()
    # The raw bare-event form (a single stream's frames), made from the combined fixture.
    raw = tmp_path / "raw-trades.jsonl"
    raw.write_text("".join(json.dumps(json.loads(line)["data"], separators=(",", ":")) + "\n"
                           for line in FIXTURE.read_text().splitlines() if '"stream"' in line))
    (tmp_path / "raw-trades.offsets").write_text("".join(f"{i * 100}\n" for i in range(199)))
    for source in (["--input", str(out)], ["--input", str(FIXTURE), "--feed", "binance"], ["--input", str(raw), "--feed", "binance"]):
        replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), *source],
                                  capture_output=True, text=True, timeout=30)
        assert replayed.returncode == 0, replayed.stderr
        # Only the summary: nothing skipped.
        assert re.fullmatch(r"satwatch replay: \d+ notifications? from 1 rule over \d+ frames \(\S+ to \S+\)\n", replayed.stderr), replayed.stderr
        notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
        assert [(n["rule"], n["status"], n["value"]) for n in notifications][:1] == [("eth-above-3330", "firing", 3330.01)]
