"""The CoinGecko feed through the real binary against a local CoinGecko (Tests/Peers/coingecko_peer.py):
the request it makes, 429 with Retry-After and 5xx backed off, a rule on sol.eur, the demo key
sent but never shown, feed-stale, /metrics, record and replay."""
import json
import re
import subprocess

from conftest import BINARY, FEED_FIXTURES as FIXTURES, Peer, metrics, wait_for

KEY = "CG-e2e-Secret-Key-4821"
QUERY = "ids=ethereum,solana&vs_currencies=usd,eur&include_last_updated_at=true"


def coingecko_config(port, **extra):
    feed = {"url": f"http://127.0.0.1:{port}/api/v3", "coins": {"eth": "ethereum", "sol": "solana"},
            "vs": ["usd", "eur"], "every": "30s", "api_key": "${COINGECKO_KEY}"}
    feed.update(extra)
    return {"feeds": {"coingecko": feed}, "channels": {"console": {"type": "log"}},
            "defaults": {"channels": ["console"]}, "log": {"level": "debug"}}


SOL_RULE = [{"name": "sol-eur-above-100", "metric": "sol.eur", "above": 100}]


def requests_of(record):
    return [json.loads(line) for line in record.read_text().splitlines()] if record.exists() else []


def test_rate_limited_then_a_rule_on_sol_eur_fires_and_the_key_stays_secret(tmp_path, workers, monkeypatch):
    monkeypatch.setenv("COINGECKO_KEY", KEY)
    record = tmp_path / "coingecko.jsonl"
    peer = Peer("coingecko_peer.py", "--page", FIXTURES / "coingecko-simple-price.json", "--record", record,
                "--throttle", "1", "--live")
    try:
        worker = workers(coingecko_config(peer.ports[0], stale_after="4s"), {"r.json": SOL_RULE}).start()
        worker.wait_log(r'msg="feed poll failed" feed=coingecko reason="HTTP 429" retry_in=')
        worker.wait_log(r'msg="alert firing" rule=sol-eur-above-100 ', timeout=15)
        requests = requests_of(record)
        assert [r["status"] for r in requests] == [429, 200]
        # Retry-After is 1s; the backoff's first step (5s ± 20 %) is the longer wait.
        assert requests[1]["time"] - requests[0]["time"] >= 3.9
        assert all(r["path"] == "/api/v3/simple/price" and r["query"] == QUERY and r["key"] == KEY for r in requests)
        values = metrics(worker)
        assert values[("satwatch_metric_value", (("metric", "sol.eur"), ("source", "coingecko")))] == 118.97
        assert values[("satwatch_metric_value", (("metric", "eth.usd"), ("source", "coingecko")))] == 3012.5
        assert values[("satwatch_feed_connected", (("feed", "coingecko"),))] == 1
        assert values[("satwatch_feed_frames_total", (("feed", "coingecko"),))] == 1
        # It fired while the 429 was backed off; polled every 30s, the feed is silent longer than
        # stale_after again before it delivered for a steady minute, so the built-in alert stays
        # firing: not resolved by the first answer, not fired again (see the end of the test).
        wait_for(lambda: worker.get("/healthz")[0] == 503, timeout=10, what="the feed stale again")
        status, health = worker.get("/healthz")
        assert status == 503 and "feed coingecko" in health, health
        _, metrics_text = worker.get("/metrics")
        shown = subprocess.run([str(BINARY), "status", "--config", str(worker.config_path)],
                               capture_output=True, text=True, timeout=30)
        assert shown.returncode == 0, shown.stderr
        assert worker.stop() == 0
        log = worker.log_text()
        assert len(re.findall(r'msg="alert firing" rule=feed-stale:coingecko ', log)) == 1, log
        assert 'msg="alert resolved" rule=feed-stale:coingecko ' not in log, log
        assert "level=debug" in log
        for text in (log, metrics_text, health, shown.stdout + shown.stderr):
            assert KEY not in text and KEY.lower() not in text
    finally:
        peer.stop()


def test_a_server_error_is_backed_off_then_polling_resumes(tmp_path, workers, monkeypatch):
    monkeypatch.setenv("COINGECKO_KEY", KEY)
    record = tmp_path / "coingecko.jsonl"
    peer = Peer("coingecko_peer.py", "--page", FIXTURES / "coingecko-simple-price.json", "--record", record,
                "--fail", "1", "--live")
    try:
        rules = [{"name": "eth-usd-above-3000", "metric": "eth.usd", "above": 3000}]
        worker = workers(coingecko_config(peer.ports[0]), {"r.json": rules}).start()
        worker.wait_log(r'msg="feed poll failed" feed=coingecko reason="HTTP 500" retry_in=')
        worker.wait_log(r'msg="feed connected again" feed=coingecko .* attempts=1', timeout=15)
        worker.wait_log(r'msg="alert firing" rule=eth-usd-above-3000 ')
        assert [r["status"] for r in requests_of(record)] == [500, 200]
        assert metrics(worker)[("satwatch_feed_reconnects_total", (("feed", "coingecko"),))] == 1
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_record_then_replay_and_a_raw_answer_replays_with_feed(tmp_path, workers, monkeypatch):
    record = tmp_path / "coingecko.jsonl"
    peer = Peer("coingecko_peer.py", "--page", FIXTURES / "coingecko-simple-price.json", "--record", record, "--live")
    try:
        worker = workers(coingecko_config(peer.ports[0]), {"r.json": SOL_RULE})
        out = tmp_path / "session.rec"
        command = [str(BINARY), "record", "--config", str(worker.config_path), "--feed", "coingecko", "--out", str(out),
                   "--duration", "2s"]
        # `record` connects the feed: it needs the key ...
        unset = subprocess.run(command, capture_output=True, text=True, timeout=30)
        assert unset.returncode == 1 and "environment variable COINGECKO_KEY is not set" in unset.stderr
        # ... which `replay` does not.
        monkeypatch.setenv("COINGECKO_KEY", KEY)
        recorded = subprocess.run(command, capture_output=True, text=True, timeout=30)
        assert recorded.returncode == 0, recorded.stderr
        assert re.search(r"1 frame from coingecko in 2s", recorded.stderr)
        lines = [json.loads(line) for line in out.read_text().splitlines()]
        assert len(lines) == 1 and lines[0]["feed"] == "coingecko" and '"solana"' in lines[0]["frame"]
        assert [r["key"] for r in requests_of(record)] == [KEY]
        monkeypatch.delenv("COINGECKO_KEY")
        # A raw answer carries its own times: replayed as received then, its prices are current.
        replays = [[], ["--feed", "coingecko", "--input", str(FIXTURES / "coingecko-simple-price.json"),
                        "--start", "2025-12-10T14:02:30Z"]]
        for extra in replays:
            arguments = extra or ["--input", str(out)]
            replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), *arguments],
                                      capture_output=True, text=True, timeout=30)
            assert replayed.returncode == 0, replayed.stderr
            notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
            assert [(n["rule"], n["status"], n["value"]) for n in notifications] == [("sol-eur-above-100", "firing", 118.97)]
    finally:
        peer.stop()
