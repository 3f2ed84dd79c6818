"""Watching one's own coins through the real binary: the mempool feed peer (feed_peer.py)
sends the frames of Tests/Fixtures/feeds/mempool-ws-chain.jsonl, written from mempool's
websocket-handler.ts, and mempool_chain_peer.py answers /api/address and /api/tx from files the
test rewrites as the chain moves. A payment appears (unconfirmed > 0, firing), is mined
(resolved; the balance changes), reaches 3 confirmations as blocks arrive; a tracked transaction
is replaced (the new txid in the message); a reconnect during which a payment confirmed is caught
up from REST."""
import json
import shutil
import subprocess

import pytest

from conftest import BINARY, FEED_FIXTURES, ROOT, Peer, metrics, wait_for

SHOP = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
RENT = "e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d"
BUMP = "5d7e9f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d1e3f5a7b9c0d2e4f6a8b0c1d3e"
NEW = "a0c2e4f6b8d1a3c5e7f9b0d2a4c6e8f1b3d5a7c9e0f2b4d6a8c1e3f5b7d9a0c2"
FRAMES = (FEED_FIXTURES / "mempool-ws-chain.jsonl").read_bytes().split(b"\n")
RULES = [{"name": "shop-paid", "metric": "address.shop.unconfirmed", "above": 0, "channels": ["hook"]},
         {"name": "shop-balance", "metric": "address.shop.balance", "on": "change", "channels": ["hook"]},
         {"name": "rent-deep", "metric": "tx.rent.confirmations", "above": 2, "channels": ["hook"]},
         {"name": "bump-replaced", "metric": "tx.bump.replaced", "above": 0, "channels": ["hook"]}]


class Chain(Peer):
    """mempool_chain_peer.py answering from a folder of answers; every request recorded."""

    def __init__(self, tmp_path):
        self.answers = tmp_path / "answers"
        self.answers.mkdir()
        self.record = tmp_path / "rest.jsonl"
        self.record.touch()
        super().__init__("mempool_chain_peer.py", "--answers", self.answers, "--record", self.record)
        self.url = f"http://127.0.0.1:{self.ports[0]}"

    def answer(self, kind, key, fixture):
        """From now on, /api/KIND/KEY answers with the fixture (None: 404)."""
        target = self.answers / f"{kind}-{key}.json"
        if fixture is None:
            target.unlink(missing_ok=True)
        else:
            shutil.copyfile(FEED_FIXTURES / fixture, self.answers / "next.tmp")
            (self.answers / "next.tmp").rename(target)

    def requests(self):
        """The reads of watched coins (the feed's hash rate poll, also here, left out)."""
        lines = [json.loads(line) for line in self.record.read_text().splitlines() if line]
        return [r for r in lines if r["path"].startswith(("/api/address/", "/api/tx/"))]


@pytest.fixture
def chain(tmp_path):
    peer = Chain(tmp_path)
    peer.answer("address", SHOP, "mempool-rest-address.json")
    peer.answer("tx", RENT, "mempool-rest-tx-unconfirmed.json")
    peer.answer("tx", BUMP, "mempool-rest-tx-bump.json")
    yield peer
    peer.stop()


def config(feed, chain):
    return {"feeds": {"mempool": {"url": feed.url, "api": chain.url,
                                  "watch": {"addresses": {"shop": SHOP}, "transactions": {"rent": RENT, "bump": BUMP}}}},
            "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": "RECEIVER"}},
            "defaults": {"channels": ["console"]}}


def value(worker, name):
    return metrics(worker).get(("satwatch_metric_value", (("metric", name), ("source", "mempool"))))


def seen(worker, name, expected):
    wait_for(lambda: value(worker, name) == expected, timeout=15, what=f"{name} = {expected}")


def notifications(receiver):
    """(rule, status, message) per webhook body, in arrival order."""
    return [(b["alerts"][0]["labels"]["alertname"], b["status"], b["alerts"][0]["annotations"]["summary"])
            for b in receiver.bodies("/alerts")]


def wait_notification(receiver, rule, status):
    wait_for(lambda: any(n[:2] == (rule, status) for n in notifications(receiver)), timeout=15, what=f"{rule} {status}")
    return [n for n in notifications(receiver) if n[:2] == (rule, status)][-1][2]


def connect(feed, chain, count):
    """Waits for connection `count`, then answers like mempool: the tip, and the track-txs answer.
    The tip makes the worker read REST; waits until it read the three watched paths."""
    wait_for(lambda: feed.accepted() == count and feed.clients() == 1, what=f"connection {count}")
    wait_for(lambda: sum(1 for m in received(feed) if "track-txs" in m) == count, what="the subscriptions")
    before = len(chain.requests())
    feed.push({"blocks": [{"height": 870000 if count == 1 else 870003}]})
    wait_for(lambda: len(chain.requests()) >= before + 3, timeout=15, what="the REST reads")


def received(feed):
    return json.loads(feed.command("!received"))


def test_a_payment_is_seen_mined_confirmed_and_a_replacement_named(feed, chain, receiver, workers):
    settings = config(feed, chain)
    settings["channels"]["hook"]["url"] = receiver.url("/alerts")
    worker = workers(settings, {"r.json": RULES}).start()
    connect(feed, chain, 1)
    sent = received(feed)
    assert json.dumps({"track-addresses": [SHOP]}, separators=(",", ":")) in sent
    assert json.dumps({"track-txs": [RENT, BUMP]}, separators=(",", ":")) in sent
    assert sorted(r["path"] for r in chain.requests()) == sorted([f"/api/address/{SHOP}", f"/api/tx/{RENT}", f"/api/tx/{BUMP}"])
    seen(worker, "address.shop.balance", 0.001)
    seen(worker, "tx.rent.fee_rate", 12)
    assert value(worker, "address.shop.unconfirmed") == 0 and value(worker, "tx.rent.confirmations") == 0
    feed.push(FRAMES[0].decode())
    seen(worker, "tx.bump.block", 7)

    # A payment enters the mempool.
    feed.push(FRAMES[1].decode())
    message = wait_notification(receiver, "shop-paid", "firing")
    assert f"Address {SHOP}: balance 0.001 BTC, unconfirmed +0.0025 BTC. {feed.url.replace('ws://', 'http://')}/address/{SHOP}" in message
    assert value(worker, "tx.rent.block") == 1

    # It is mined with RENT in 870001; REST now says so too.
    chain.answer("address", SHOP, "mempool-rest-address-paid.json")
    chain.answer("tx", RENT, "mempool-rest-tx-confirmed.json")
    feed.push(FRAMES[2].decode())
    wait_notification(receiver, "shop-paid", "resolved")
    seen(worker, "address.shop.balance", 0.0035)
    assert value(worker, "address.shop.unconfirmed") == 0
    assert value(worker, "tx.rent.confirmations") == 1
    feed.push(FRAMES[3].decode())
    seen(worker, "tx.rent.confirmations", 2)
    assert not any(n[0] == "rent-deep" for n in notifications(receiver))
    feed.push(FRAMES[4].decode())
    message = wait_notification(receiver, "rent-deep", "firing")
    assert f"Transaction {RENT}: http://" in message and f"/tx/{RENT}" in message

    # BUMP is replaced; mempool no longer knows it.
    chain.answer("tx", BUMP, None)
    feed.push(FRAMES[5].decode())
    message = wait_notification(receiver, "bump-replaced", "firing")
    assert f"replaced by {NEW}: " in message and f"/tx/{NEW}" in message
    assert value(worker, "tx.bump.replaced") == 1

    # The stream drops; a payment confirms meanwhile; the reconnect catches it up from REST.
    chain.answer("address", SHOP, "mempool-rest-address-caught-up.json")
    feed.command("!close")
    connect(feed, chain, 2)
    seen(worker, "address.shop.balance", 0.005)
    message = wait_notification(receiver, "shop-balance", "firing")
    assert value(worker, "tx.bump.replaced") == 1, "a 404 for the replaced transaction changes nothing"
    assert worker.stop() == 0
    assert "watch read failed" not in worker.log_text()


@pytest.mark.parametrize("statuses, reason, first_reads", [
    # A refusal of one address: the others are read in the same round, then it is retried.
    ("400,200", "HTTP 400 for /api/address/", [("other", 400), ("shop", 200), ("rent", 200), ("other", 200)]),
    # The server in trouble: the round ends at once, and the retry reads everything.
    ("503,200", "HTTP 503", [("other", 503), ("other", 200), ("shop", 200), ("rent", 200)]),
])
def test_a_refused_address_does_not_stop_the_other_reads(feed, chain, workers, statuses, reason, first_reads):
    """mempool answers 400 "Invalid Bitcoin address" for an address it will not read: the other
    coins are read all the same, the failure is logged with its path and retried after the
    back-off. A 503 is the server's trouble, not the path's: nothing more is asked of it until
    the retry."""
    other = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2"
    (chain.answers / f"address-{other}.status").write_text(statuses)
    (chain.answers / f"address-{other}.json").write_text(json.dumps({
        "address": other, "chain_stats": {"funded_txo_sum": 50000, "spent_txo_sum": 0},
        "mempool_stats": {"funded_txo_sum": 0, "spent_txo_sum": 0}}))
    settings = config(feed, chain)
    settings["feeds"]["mempool"]["watch"] = {"addresses": {"other": other, "shop": SHOP}, "transactions": {"rent": RENT}}
    del settings["channels"]["hook"]
    worker = workers(settings, {"r.json": [{"name": "shop-balance", "metric": "address.shop.balance", "on": "change"}]}).start()
    connect(feed, chain, 1)
    wait_for(lambda: len(chain.requests()) >= 4, timeout=15, what="the retry")
    names = {f"/api/address/{other}": "other", f"/api/address/{SHOP}": "shop", f"/api/tx/{RENT}": "rent"}
    assert [(names[r["path"]], r["status"]) for r in chain.requests()][:4] == first_reads
    worker.wait_log(f"watch read failed.*{reason}")
    seen(worker, "address.other.balance", 0.0005)
    worker.wait_log("watch read recovered")
    assert value(worker, "address.shop.balance") == 0.001 and value(worker, "tx.rent.fee_rate") == 12
    assert worker.stop() == 0


def test_check_names_the_place_of_a_bad_address_txid_or_network(tmp_path, feed):
    config_path = tmp_path / "config.json"
    bad = SHOP[:-1] + "5"
    config_path.write_text(json.dumps({"feeds": {"mempool": {"url": feed.url, "watch": {
        "addresses": {"shop": bad, "cold-storage": SHOP, "test": "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7"},
        "transactions": {"rent": RENT[:-1] + "g", "short": RENT[:10]}}}},
        "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}, "rules": ["rules"],
        "state": "state.db"}, indent=1))
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "r.json").write_text(json.dumps({"rules": [{"name": "cold", "metric": "address.cold.balance", "on": "change"}]}))
    result = subprocess.run([str(BINARY), "check", "--config", str(config_path)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode != 0
    lines = config_path.read_text().splitlines()
    def place(text, offset=0):
        line = next(i for i, l in enumerate(lines) if text in l)
        return f"{config_path}:{line + 1}:{lines[line].index(text) + 1 + offset}"
    err = result.stderr
    assert f'{place(bad, 41)}: invalid address "{bad}": checksum error at character 42 ("5")' in err, err
    assert f'{place(chr(34) + "cold-storage")}: "cold-storage" is not a name' in err, err
    assert "is a testnet or signet address, but the feed serves mainnet" in err, err
    assert f'{place(RENT[:-1] + "g", 63)}: invalid txid' in err and 'character 64 ("g") is not a hexadecimal digit' in err, err
    assert "a txid has 64 hexadecimal digits, this one has 10" in err, err
    assert 'no enabled feed publishes "address.cold.balance" (add "cold" to the mempool feed\'s "watch" "addresses")' in err, err


def test_a_watch_and_its_notifications_go_through_the_proxy(feed, chain, receiver, workers, tmp_path):
    """With "proxy" on the feed and the channel, the worker's WebSocket, its REST reads of the
    watch and the webhook's POST all reach their peers through our SOCKS5 peer, names resolved
    there (socks5h): nothing of the watch leaves around it."""
    record = tmp_path / "socks.jsonl"
    record.touch()
    proxy = Peer("socks_peer.py", "--record", record)
    try:
        settings = config(feed, chain)
        settings["feeds"]["mempool"]["proxy"] = f"socks5h://localhost:{proxy.ports[0]}"
        settings["feeds"]["mempool"]["url"] = feed.url.replace("127.0.0.1", "localhost")
        settings["feeds"]["mempool"]["api"] = chain.url.replace("127.0.0.1", "localhost")
        settings["channels"]["hook"]["url"] = receiver.url("/alerts").replace("127.0.0.1", "localhost")
        settings["channels"]["hook"]["proxy"] = f"socks5h://localhost:{proxy.ports[0]}"
        worker = workers(settings, {"r.json": RULES}).start()
        connect(feed, chain, 1)
        feed.push(FRAMES[1].decode())
        wait_notification(receiver, "shop-paid", "firing")
        assert worker.stop() == 0
        events = [json.loads(line) for line in record.read_text().splitlines() if line]
        connects = {(e["target"], e["port"], e["atyp"]) for e in events if e["event"] == "connect"}
        for url in (feed.url, chain.url, receiver.url("/")):
            port = int(url.rsplit(":", 1)[1].split("/")[0])
            assert ("localhost", port, "domain") in connects, (url, connects)
        lines = [e["line"] for e in events if e["event"] == "request"]
        assert f"GET /api/address/{SHOP} HTTP/1.1" in lines and f"GET /api/tx/{RENT} HTTP/1.1" in lines, lines
        assert "POST /alerts HTTP/1.1" in lines, lines
    finally:
        proxy.stop()


def test_the_example_rules_check_and_a_recording_replays_with_the_notes(feed, tmp_path):
    """rules/chain.json.example passes `check` beside a watch of its names, and `replay` of a
    recording (REST answers and frames, as `record` writes them) fires on the watch's metrics,
    its messages naming the coins."""
    (tmp_path / "rules").mkdir()
    shutil.copyfile(ROOT / "rules" / "chain.json.example", tmp_path / "rules" / "chain.json")
    config_path = tmp_path / "satwatch.json"
    config_path.write_text(json.dumps({"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {
        "url": "wss://mempool.space/api/v1/ws", "explorer": "https://explorer.example",
        "watch": {"addresses": {"shop": SHOP, "cold": "1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo"}, "transactions": {"rent": RENT}}}},
        "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}))
    checked = subprocess.run([str(BINARY), "check", "--config", str(config_path)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    frames = [b'{"blocks":[{"height":870000}]}', (FEED_FIXTURES / "mempool-rest-address.json").read_bytes().strip(),
              (FEED_FIXTURES / "mempool-rest-tx-unconfirmed.json").read_bytes().strip(), *FRAMES[1:5]]
    recording = tmp_path / "session.rec"
    recording.write_text("".join(json.dumps({"at": f"2025-12-10T14:0{i}:00.000Z", "feed": "mempool", "frame": f.decode()}) + "\n"
                                 for i, f in enumerate(frames)))
    replayed = subprocess.run([str(BINARY), "replay", "--config", str(config_path), "--input", str(recording), "--dispatch"],
                              capture_output=True, text=True, timeout=30)
    assert replayed.returncode == 0, replayed.stderr
    notes = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert [(n["rule"], n["status"]) for n in notes] == [
        ("shop-payment-seen", "firing"), ("shop-payment-seen", "resolved"), ("rent-confirmed", "firing")], notes
    # --dispatch sends them to the log channel: its lines carry the messages.
    assert (f"A payment to the shop is in the mempool: 0.0025 BTC\\nAddress {SHOP}: balance 0.001 BTC, "
            f"unconfirmed +0.0025 BTC. https://explorer.example/address/{SHOP}") in replayed.stderr, replayed.stderr
    assert f"The rent payment has 3 confirmations\\nTransaction {RENT}: https://explorer.example/tx/{RENT}" in replayed.stderr
