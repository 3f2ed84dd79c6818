"""Feed data that lies about time or order, through the real binary and real feed peers: a
CoinGecko price stamped ten years ahead (it froze the price: every true answer after it was
ignored), one stamped a year ago (it fired a rule and made the feed look fresh), Coinbase
sequence numbers out of order (a second `crosses_above`), a block height going down by one (a
second `on: change`), and a Kraken frame naming `last` twice (the second value fired a rule).

Each row proves that something did not fire by an event: a sentinel rule on the same log
channel fires after it, and the channel says its notifications in the order they came."""
import json
import re

from conftest import e2e_support, metrics, wait_for

YEAR = 365 * 86_400
COINGECKO_EVERY = 30  # the shortest `every` CoinGecko allows: the freeze row waits one poll


def holds(check, timeout):
    """Whether `check` comes true within `timeout` (a wait_for that reports instead of raising)."""
    try:
        return bool(wait_for(check, timeout=timeout))
    except AssertionError:
        return False


def counter(worker, name, **labels):
    return metrics(worker).get((name, tuple(sorted(labels.items()))), 0)


def value(worker, metric, source):
    """The latest value of `metric` from `source` on /metrics; None when there is none."""
    return metrics(worker).get(("satwatch_metric_value", (("metric", metric), ("source", source))))


def fired(worker, rule):
    """How many notifications the log channel said for `rule` (firing or resolved)."""
    return len(re.findall(rf'msg="alert (?:firing|resolved)" rule={re.escape(rule)} ', worker.log_text()))


def firings(worker, rule):
    return len(re.findall(rf'msg="alert firing" rule={re.escape(rule)} ', worker.log_text()))


def config(feeds):
    return {"feeds": feeds, "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}


def coingecko(tmp_path, pages):
    script = tmp_path / "script.json"
    script.write_text(json.dumps(pages))
    return e2e_support.Peer("coingecko_peer.py", "--script", script, "--record", tmp_path / "requests.jsonl")


def coingecko_feed(peer, **extra):
    feed = {"url": f"http://127.0.0.1:{peer.ports[0]}/api/v3", "coins": {"btc": "bitcoin", "eth": "ethereum"},
            "vs": ["usd"], "every": f"{COINGECKO_EVERY}s", "stale_after": "5m"}
    feed.update(extra)
    return {"coingecko": feed}


BTC_ABOVE = {"name": "btc-above-100k", "metric": "btc.usd", "above": 100000, "channels": ["console"]}
ETH_SENTINEL = {"name": "sentinel", "metric": "eth.usd", "above": 100, "channels": ["console"]}


def test_a_coingecko_price_stamped_ten_years_ahead_does_not_freeze_the_price(chaos, tmp_path, workers):
    ahead = {"bitcoin": {"usd": 102000, "updated_in": 10 * YEAR}, "ethereum": {"usd": 50, "updated_in": 0}}
    now = {"bitcoin": {"usd": 95000, "updated_in": 0}, "ethereum": {"usd": 50, "updated_in": 0}}
    peer = coingecko(tmp_path, [ahead, now])
    try:
        worker = workers(config(coingecko_feed(peer)), {"r.json": [BTC_ABOVE]}).start()
        worker.wait_log(r'msg="alert firing" rule=btc-above-100k ', timeout=20)
        future = counter(worker, "satwatch_feed_samples_future_total", feed="coingecko")
        # The next poll, stamped now at 95000, is taken: the rule resolves.
        resolved = holds(lambda: re.search(r'msg="alert resolved" rule=btc-above-100k ', worker.log_text()),
                         timeout=3 * COINGECKO_EVERY)
        btc = value(worker, "btc.usd", "coingecko")
        chaos.row(fault="CoinGecko answers bitcoin 102000 stamped 10 years ahead, then 95000 stamped now",
                  promised="the first taken at receive time and counted as future; the next taken: rule resolves, "
                           "btc.usd 95000",
                  measured=f"future samples counted {future}; resolved: {resolved}; btc.usd {btc}",
                  passed=future == 1 and resolved and btc == 95000)
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_a_coingecko_price_stamped_a_year_ago_is_not_current(chaos, tmp_path, workers):
    page = {"bitcoin": {"usd": 102000, "updated_in": -YEAR}, "ethereum": {"usd": 500, "updated_in": 0}}
    peer = coingecko(tmp_path, [page])
    try:
        worker = workers(config(coingecko_feed(peer)), {"r.json": [BTC_ABOVE, ETH_SENTINEL]}).start()
        # The sentinel's coin comes after bitcoin in the same answer: once it fired, bitcoin was judged.
        worker.wait_log(r'msg="alert firing" rule=sentinel ', timeout=20)
        stale = counter(worker, "satwatch_feed_samples_stale_total", feed="coingecko")
        btc = value(worker, "btc.usd", "coingecko")
        chaos.row(fault="CoinGecko answers bitcoin 102000 stamped 365 days ago (stale_after 5m)",
                  promised="not current: counted as stale, never fires `above 100000`, no btc.usd value",
                  measured=f"stale samples counted {stale}; btc-above-100k notifications {fired(worker, 'btc-above-100k')}; "
                           f"btc.usd {btc}",
                  passed=stale == 1 and fired(worker, "btc-above-100k") == 0 and btc is None)
        assert worker.stop() == 0
    finally:
        peer.stop()


def test_a_feed_sending_only_year_old_prices_does_not_look_fresh(chaos, tmp_path, workers):
    page = {"bitcoin": {"usd": 102000, "updated_in": -YEAR}, "ethereum": {"usd": 500, "updated_in": -YEAR}}
    peer = coingecko(tmp_path, [page])
    try:
        worker = workers(config(coingecko_feed(peer)), {"r.json": [BTC_ABOVE]}).start()
        def feed_state():
            return json.loads(worker.get("/healthz")[1])["feeds"]["coingecko"]
        # Evaluated once its two prices are counted stale (or, were it taken, once it looks fresh).
        wait_for(lambda: counter(worker, "satwatch_feed_samples_stale_total", feed="coingecko") == 2
                 or feed_state() == "fresh", timeout=20, what="the answer evaluated")
        status, body = worker.get("/healthz")
        state = json.loads(body)["feeds"]["coingecko"]
        last = counter(worker, "satwatch_feed_last_frame_timestamp_seconds", feed="coingecko")
        chaos.row(fault="CoinGecko's only answer holds prices stamped 365 days ago",
                  promised="the feed does not look fresh: /healthz says `waiting` (then `stale` after stale_after), "
                           "no last frame time",
                  measured=f"/healthz {status} coingecko={state}; last frame timestamp {last}",
                  passed=state == "waiting" and last == 0)
        assert worker.stop() == 0
    finally:
        peer.stop()


def ticker(product, sequence, price):
    return {"type": "ticker", "sequence": sequence, "product_id": product, "price": str(price),
            "time": "2026-01-01T00:00:00.000000Z"}


SUBSCRIPTIONS = {"type": "subscriptions", "channels": [{"name": "ticker", "product_ids": ["BTC-USD", "ETH-USD"]}]}


def test_coinbase_sequences_out_of_order_give_one_crossing(chaos, feed, workers):
    crossing = {"name": "btc-crosses-100k", "metric": "btc.usd", "crosses_above": 100000, "channels": ["console"]}
    worker = workers(config({"coinbase": {"url": feed.url, "products": ["BTC-USD", "ETH-USD"], "stale_after": "5m"}}),
                     {"r.json": [crossing, ETH_SENTINEL]}).start()
    wait_for(lambda: feed.clients() == 1, what="the worker to connect")
    feed.push(SUBSCRIPTIONS)
    for sequence, price in ((199, 99000), (200, 101000), (150, 99000), (201, 101000)):
        feed.push(ticker("BTC-USD", sequence, price))
    sentinels = 0

    def sentinel():
        nonlocal sentinels
        sentinels += 1
        # Down, then up: each up is a new firing of the sentinel's `above`.
        feed.push(ticker("ETH-USD", 1000 + 2 * sentinels, 50))
        feed.push(ticker("ETH-USD", 1001 + 2 * sentinels, 500))
        wait_for(lambda: firings(worker, "sentinel") == sentinels, what=f"sentinel {sentinels}")
    sentinel()
    once = firings(worker, "btc-crosses-100k")
    dropped = counter(worker, "satwatch_feed_skipped_frames_total", feed="coinbase", reason="out_of_order")
    # A new connection numbers afresh: its low sequences are taken, and a crossing there fires.
    feed.command("!close")
    wait_for(lambda: feed.accepted() == 2 and feed.clients() == 1, timeout=30, what="the worker to reconnect")
    feed.push(SUBSCRIPTIONS)
    feed.push(ticker("BTC-USD", 5, 99000))
    feed.push(ticker("BTC-USD", 6, 101000))
    sentinel()
    after_reconnect = firings(worker, "btc-crosses-100k")
    chaos.row(fault="Coinbase BTC-USD sequences 199 (99000), 200 (101000), 150 (99000), 201 (101000); "
                    "then a reconnect numbering from 5",
              promised="one crosses_above; 150 dropped and counted (out_of_order); after the reconnect its "
                       "crossing fires",
              measured=f"crossings before the reconnect {once}, out_of_order {dropped}, crossings after {after_reconnect}",
              passed=once == 1 and dropped == 1 and after_reconnect == 2)
    assert worker.stop() == 0


def test_a_block_height_one_lower_does_not_fire_on_change(chaos, feed, workers):
    new_block = {"name": "new-block", "metric": "block.height", "on": "change", "channels": ["console"]}
    sentinel = {"name": "sentinel", "metric": "btc.chf", "above": 100, "channels": ["console"]}
    worker = workers(config({"mempool": {"url": feed.url, "stale_after": "5m"}}), {"r.json": [new_block, sentinel]}).start()
    wait_for(lambda: feed.clients() == 1, what="the worker to connect")
    for height in (927598, 927600, 927599):
        feed.push({"block": {"id": "00" * 32, "height": height, "tx_count": 3000}})
    feed.push({"conversions": {"time": 0, "CHF": 200}})
    worker.wait_log(r'msg="alert firing" rule=sentinel ')
    announced = firings(worker, "new-block")
    dropped = counter(worker, "satwatch_feed_skipped_frames_total", feed="mempool", reason="out_of_order")
    feed.push({"block": {"id": "00" * 32, "height": 927601, "tx_count": 3000}})
    wait_for(lambda: firings(worker, "new-block") == 2, what="the next block announced")
    chaos.row(fault="mempool block heights 927598, 927600, then 927599",
              promised="927600 fires `on: change` once; 927599 dropped and counted (out_of_order); 927601 fires",
              measured=f"new-block notifications before 927601: {announced}, out_of_order {dropped}, then 927601 fired",
              passed=announced == 1 and dropped == 1)
    assert worker.stop() == 0


def test_a_kraken_frame_with_a_duplicate_key_is_refused(chaos, feed, workers):
    above = {"name": "btc-above-200k", "metric": "btc.usd", "above": 200000, "channels": ["console"]}
    worker = workers(config({"kraken": {"url": feed.url, "symbols": ["BTC/USD", "ETH/USD"], "stale_after": "5m"}}),
                     {"r.json": [above, ETH_SENTINEL]}).start()
    wait_for(lambda: feed.clients() == 1, what="the worker to connect")
    # Written by hand: a JSON encoder cannot repeat a key.
    feed.push('{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","last":96000,"last":1e9}]}')
    feed.push({"channel": "ticker", "type": "update", "data": [{"symbol": "ETH/USD", "last": 500}]})
    worker.wait_log(r'msg="alert firing" rule=sentinel ')
    refused = counter(worker, "satwatch_feed_skipped_frames_total", feed="kraken", reason="duplicate_key")
    btc = value(worker, "btc.usd", "kraken")
    chaos.row(fault='Kraken ticker `{"symbol":"BTC/USD","last":96000,"last":1e9}`',
              promised="refused as malformed (skipped frame, reason duplicate_key); `above 200000` never fires",
              measured=f"duplicate_key frames {refused}; btc-above-200k notifications {fired(worker, 'btc-above-200k')}; "
                       f"btc.usd {btc}",
              passed=refused == 1 and fired(worker, "btc-above-200k") == 0 and btc is None)
    assert worker.stop() == 0
