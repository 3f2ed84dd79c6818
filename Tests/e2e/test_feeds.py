"""Feed supervision through the real binary: reconnect and resubscribe, ping on silence, bad
frames skipped and counted, every feed kind decoded, Coin Metrics rate limiting."""
import json
import re

from conftest import FEED_FIXTURES as FIXTURES, Feed, Peer, free_port, metrics, wait_for

SUBSCRIBE = ['{"action":"init"}', '{"action":"want","data":["blocks","stats","mempool-blocks"]}']


def console_config(feeds, **extra):
    config = {"feeds": feeds, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    config.update(extra)
    return config


def test_reconnects_and_resubscribes_after_the_server_closes(feed, workers):
    worker = workers(console_config({"mempool": {"url": feed.url}}), {"r.json": [{"name": "f", "metric": "fee.fastest", "above": 10}]}).start()
    wait_for(lambda: json.loads(feed.command("!received")) == SUBSCRIBE, what="the subscription")
    feed.command("!close")
    worker.wait_log(r'msg="feed disconnected" feed=mempool reason=".*closed by peer')
    wait_for(lambda: json.loads(feed.command("!received")) == SUBSCRIBE * 2, timeout=10, what="the second subscription")
    wait_for(lambda: metrics(worker).get(("satwatch_feed_reconnects_total", (("feed", "mempool"),))) == 1, what="reconnect count")
    assert len(re.findall(r'msg="feed connected" feed=mempool', worker.log_text())) == 1
    assert len(re.findall(r'msg="feed connected again" feed=mempool .* attempts=1', worker.log_text())) == 1
    assert worker.stop() == 0


def test_a_silent_server_is_pinged_then_dropped(feed, workers):
    worker = workers(console_config({"mempool": {"url": feed.url, "stale_after": "2s"}}), {"r.json": []}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.command("!mute")
    wait_for(lambda: '{"action":"ping"}' in json.loads(feed.command("!received")), timeout=6, what="the ping")
    worker.wait_log(r'msg="feed disconnected" feed=mempool reason="no answer to ping within 5s"', timeout=12)
    worker.wait_log(r'msg="alert firing" rule=feed-stale:mempool')
    feed.command("!unmute")
    wait_for(lambda: json.loads(feed.command("!received")).count('{"action":"init"}') == 2, timeout=10, what="reconnect")
    assert worker.stop() == 0


def test_bad_frames_are_skipped_counted_and_harmless(feed, workers):
    rules = [{"name": "f", "metric": "fee.fastest", "above": 10}]
    worker = workers(console_config({"mempool": {"url": feed.url}}), {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    for frame in ['{not json', '[1, 2, 3]', '{"fees": "cheap"}', '{"unheard": {"of": 1}}', '"\u0085"', '{' * 400]:
        feed.push(frame)
    feed.command("!binary")
    # One unusable field: the frame's other four fees are still used, the field is counted.
    feed.push({"fees": {"fastestFee": "fast", "halfHourFee": 8, "hourFee": 5, "economyFee": 2, "minimumFee": 1}})
    feed.push({"fees": {"fastestFee": 12, "halfHourFee": 8, "hourFee": 5, "economyFee": 2, "minimumFee": 1}})
    worker.wait_log(r'msg="alert firing" rule=f ')
    values = metrics(worker)
    skipped = {dict(labels)["reason"]: value for (name, labels), value in values.items()
               if name == "satwatch_feed_skipped_frames_total"}
    # `{not json` and 400-deep nesting are not JSON; an array, a string where the fees object
    # belongs, and a bare JSON string are the wrong shape.
    assert skipped == {"invalid_json": 2, "unexpected_shape": 3, "unknown_message": 1, "binary_frame": 1}
    assert values[("satwatch_feed_rejected_fields_total", (("feed", "mempool"),))] == 1
    assert values[("satwatch_feed_connected", (("feed", "mempool"),))] == 1
    assert worker.stop() == 0


def test_exchange_feeds_decode_recorded_streams(tmp_path, workers):
    coinbase = Feed("--replay", FIXTURES / "coinbase-ticker.jsonl", "--speed", "20")
    kraken = Feed("--replay", FIXTURES / "kraken-ticker.jsonl", "--speed", "20")
    try:
        rules = [{"name": "cb", "metric": "btc.usd", "source": "coinbase", "above": 92300},
                 {"name": "kr", "metric": "btc.usd", "source": "kraken", "above": 92300}]
        worker = workers(console_config({"coinbase": {"url": coinbase.url}, "kraken": {"url": kraken.url}}), {"r.json": rules}).start()
        worker.wait_log(r'msg="alert firing" rule=cb ', timeout=15)
        worker.wait_log(r'msg="alert firing" rule=kr ', timeout=15)
        assert json.loads(coinbase.command("!received")) == [
            '{"type":"subscribe","product_ids":["BTC-USD"],"channels":["ticker","heartbeat"]}']
        assert json.loads(kraken.command("!received"))[0] == \
            '{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"]},"req_id":1}'
        values = metrics(worker)
        assert values[("satwatch_metric_value", (("metric", "btc.usd"), ("source", "coinbase")))] > 90000
        assert values[("satwatch_metric_value", (("metric", "btc.usd"), ("source", "kraken")))] > 90000
        assert worker.stop() == 0
    finally:
        coinbase.stop()
        kraken.stop()


def test_any_exchange_pair_publishes_asset_dot_quote(workers):
    coinbase, kraken = Feed(), Feed()
    try:
        rules = [{"name": "eth", "metric": "eth.usd", "above": 3000},
                 {"name": "eth-btc", "metric": "eth.btc", "source": "kraken", "above": 0.03}]
        feeds = {"coinbase": {"url": coinbase.url, "products": ["ETH-USD"]},
                 "kraken": {"url": kraken.url, "symbols": ["ETH/XBT"]}}
        worker = workers(console_config(feeds), {"r.json": rules}).start()
        wait_for(lambda: coinbase.clients() == 1 and kraken.clients() == 1, what="both feeds to connect")
        assert json.loads(coinbase.command("!received")) == [
            '{"type":"subscribe","product_ids":["ETH-USD"],"channels":["ticker","heartbeat"]}']
        wait_for(lambda: json.loads(kraken.command("!received"))[:1] ==
                 ['{"method":"subscribe","params":{"channel":"ticker","symbol":["ETH/XBT"]},"req_id":1}'],
                 what="the kraken subscription")
        coinbase.push({"type": "ticker", "product_id": "ETH-USD", "price": "3100.5"})
        # Kraken may answer a legacy XBT subscription in BTC spelling.
        kraken.push({"channel": "ticker", "type": "update", "data": [{"symbol": "ETH/BTC", "last": 0.034}]})
        worker.wait_log(r'msg="alert firing" rule=eth ')
        worker.wait_log(r'msg="alert firing" rule=eth-btc ')
        values = metrics(worker)
        assert values[("satwatch_metric_value", (("metric", "eth.usd"), ("source", "coinbase")))] == 3100.5
        assert values[("satwatch_metric_value", (("metric", "eth.btc"), ("source", "kraken")))] == 0.034
        assert worker.stop() == 0
    finally:
        coinbase.stop()
        kraken.stop()


def test_a_pair_the_exchange_refuses_is_logged_once_with_its_reason(workers):
    """Each peer refuses SOL/GBP at every subscribe, as the exchange does, and once more unasked on
    each connection; the warning names pair and reason once per feed, and BTC's rules still fire."""
    kraken, coinbase = Feed("--refuse", "SOL/GBP"), Feed("--refuse", "SOL-GBP")
    kraken_refusal = {"error": "Currency pair not supported SOL/GBP", "method": "subscribe", "req_id": 1,
                      "success": False, "symbol": "SOL/GBP"}
    coinbase_refusal = {"type": "error", "message": "Failed to subscribe", "reason": "SOL-GBP is not a valid product"}
    try:
        rules = [{"name": "kr", "metric": "btc.usd", "source": "kraken", "above": 90000},
                 {"name": "cb", "metric": "btc.usd", "source": "coinbase", "above": 90000},
                 {"name": "sol-gbp", "metric": "sol.gbp", "above": 100}]
        feeds = {"kraken": {"url": kraken.url, "symbols": ["BTC/USD", "SOL/GBP"]},
                 "coinbase": {"url": coinbase.url, "products": ["BTC-USD", "SOL-GBP"]}}
        worker = workers(console_config(feeds), {"r.json": rules}).start()
        # The peer records a subscribe after refusing it: a recorded one was answered.
        for connects in (1, 2):
            for peer in (kraken, coinbase):
                wait_for(lambda: sum('subscribe' in m for m in json.loads(peer.command("!received"))) == connects,
                         timeout=15, what=f"subscribe {connects}")
            kraken.push(kraken_refusal)
            coinbase.push(coinbase_refusal)
            if connects == 1:
                kraken.command("!close")
                coinbase.command("!close")
        # Frames of a connection are judged in order: these firings follow every refusal.
        kraken.push({"channel": "ticker", "type": "update", "data": [{"symbol": "BTC/USD", "last": 92000}]})
        coinbase.push({"type": "ticker", "product_id": "BTC-USD", "price": "92000.5"})
        worker.wait_log(r'msg="alert firing" rule=kr ')
        worker.wait_log(r'msg="alert firing" rule=cb ')
        refused = re.findall(r'.*msg="feed pair refused".*', worker.log_text())
        assert len(refused) == 2 and all("level=warn" in r for r in refused), refused
        assert [r[r.index("msg="):] for r in refused if "feed=kraken" in r] == [
            'msg="feed pair refused" feed=kraken pair=SOL/GBP reason="Currency pair not supported SOL/GBP"'], refused
        assert [r[r.index("msg="):] for r in refused if "feed=coinbase" in r] == [
            'msg="feed pair refused" feed=coinbase pair=SOL-GBP reason="Failed to subscribe: SOL-GBP is not a valid product"'], refused
        assert worker.stop() == 0
    finally:
        kraken.stop()
        coinbase.stop()


def test_coinmetrics_backs_off_on_429_then_publishes_mvrv(tmp_path, workers):
    record = tmp_path / "coinmetrics.jsonl"
    peer = Peer("coinmetrics_peer.py", "--page", FIXTURES / "coinmetrics-mvrv.json", "--record", record, "--throttle", "1")
    try:
        rules = [{"name": "mvrv-above-1", "metric": "mvrv", "above": 1}]
        worker = workers(console_config({"coinmetrics": {"url": f"http://127.0.0.1:{peer.ports[0]}/v4"}}), {"r.json": rules}).start()
        worker.wait_log(r'msg="feed poll failed" feed=coinmetrics reason="HTTP 429" retry_in=')
        worker.wait_log(r'msg="alert firing" rule=mvrv-above-1 ', timeout=15)
        requests = [json.loads(line) for line in record.read_text().splitlines()]
        assert [r["status"] for r in requests][:2] == [429, 200]
        assert requests[1]["time"] - requests[0]["time"] >= 1.0, "Retry-After: 1 must be honoured"
        assert requests[0]["path"] == "/v4/timeseries/asset-metrics"
        assert "assets=btc" in requests[0]["query"] and "CapMVRVCur" in requests[0]["query"]
        values = metrics(worker)
        mvrv = values[("satwatch_metric_value", (("metric", "mvrv"), ("source", "coinmetrics")))]
        nupl = values[("satwatch_metric_value", (("metric", "nupl"), ("source", "coinmetrics")))]
        assert abs(nupl - (1 - 1 / mvrv)) < 1e-9
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_record_then_replay_gives_the_recorded_alerts(tmp_path, workers):
    import subprocess
    from conftest import BINARY
    source = Feed("--replay", FIXTURES / "mempool-ws-fees.jsonl", "--speed", "200")
    try:
        worker = workers(console_config({"mempool": {"url": source.url}}),
                         {"r.json": [{"name": "fastest-above-10", "metric": "fee.fastest", "above": 10}]})
        out = tmp_path / "session.rec"
        recorded = subprocess.run([str(BINARY), "record", "--config", str(worker.config_path), "--feed", "mempool",
                                   "--out", str(out), "--duration", "5s"], capture_output=True, text=True, timeout=30)
        assert recorded.returncode == 0, recorded.stderr
        lines = out.read_text().splitlines()
        assert len(lines) == 215 and re.search(r"215 frames from mempool in 5s", recorded.stderr)
        assert json.loads(lines[0])["feed"] == "mempool"
        replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), "--input", str(out)],
                                  capture_output=True, text=True, timeout=30)
        assert replayed.returncode == 0, replayed.stderr
        notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
        assert [(n["rule"], n["status"]) for n in notifications] == [("fastest-above-10", "firing"), ("fastest-above-10", "resolved")]
        assert notifications[0]["value"] == 10.229 and notifications[1]["value"] == 6.601
    finally:
        source.stop()


def test_coinmetrics_page_over_max_frame_is_refused(tmp_path, workers):
    # The fixture page is 2,032 bytes: over a 1KiB max_frame, and not decoded from its first KiB.
    peer = Peer("coinmetrics_peer.py", "--page", FIXTURES / "coinmetrics-mvrv.json", "--record", tmp_path / "cm.jsonl")
    try:
        feeds = {"coinmetrics": {"url": f"http://127.0.0.1:{peer.ports[0]}/v4", "max_frame": "1KiB"}}
        worker = workers(console_config(feeds), {"r.json": [{"name": "m", "metric": "mvrv", "above": 1}]}).start()
        worker.wait_log(r'msg="feed poll failed" feed=coinmetrics reason="frame over max_frame \(1024 bytes\)" retry_in=')
        values = metrics(worker)
        assert values[("satwatch_feed_oversized_frames_total", (("feed", "coinmetrics"),))] == 1
        assert values[("satwatch_feed_frames_total", (("feed", "coinmetrics"),))] == 0
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_an_outage_is_logged_once_then_connected_again(workers):
    port = free_port()
    worker = workers(console_config({"mempool": {"url": f"ws://127.0.0.1:{port}"}}), {"r.json": []}).start()
    # Nothing listens: retries at about 1, 3 and 7 s all fail, and only the first one is logged.
    wait_for(lambda: metrics(worker).get(("satwatch_feed_reconnects_total", (("feed", "mempool"),)), 0) >= 3,
             timeout=20, what="three failed attempts")
    assert len(re.findall(r'msg="feed connect failed" feed=mempool', worker.log_text())) == 1
    assert "feed still failing" not in worker.log_text()  # the first reminder comes after a minute
    peer = Feed("--port", port)
    try:
        worker.wait_log(r'msg="feed connected again" feed=mempool url=\S+ after=\S+ attempts=\d+', timeout=30)
        assert len(re.findall(r'msg="feed connect', worker.log_text())) == 2
    finally:
        peer.stop()
    assert worker.stop() == 0
