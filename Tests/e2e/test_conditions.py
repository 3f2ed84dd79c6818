"""The version-2 conditions through the real binary: a compound rule, a 200-day SMA warmed from
Coin Metrics history and kept in the state file, `status` saying what a rule waits for, events
(`on: "change"`, `crosses_above`) across restarts, and `replay` agreeing with the live worker."""
import datetime
import json
import math
import re
import sqlite3
import subprocess
import time

from conftest import BINARY, Feed, Peer, Sentinel, metrics, wait_for


def config(feeds, receiver, hook_path="/alerts"):
    return {
        "feeds": feeds,
        "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url(hook_path)}},
        "defaults": {"channels": ["console"]},
    }


def mempool(feed):
    # Far above any pause in these tests: a stale feed would make every rule undecided.
    return {"mempool": {"url": feed.url, "stale_after": "5m"}}


def connected(feed):
    """Waits for a connection made since the last call (after a restart: the new one's)."""
    seen = getattr(feed, "seen", 0)
    wait_for(lambda: feed.accepted() > seen and feed.clients() > 0, what="the worker to connect to the feed")
    feed.seen = feed.accepted()


def settled(worker):
    return metrics(worker).get(("satwatch_outbox_pending", (("channel", "hook"),)), 0) == 0


def alerts(receiver, path="/alerts"):
    """(rule, status, value annotation, values annotation) per webhook body, in arrival order;
    the sentinel's left out."""
    result = []
    for body in receiver.bodies(path):
        if Sentinel.ours(body):
            continue
        alert = body["alerts"][0]
        result.append((alert["labels"]["alertname"], body["status"], alert["annotations"].get("value"),
                       alert["annotations"].get("values")))
    return result


def received(receiver, count, what, sentinel):
    """Waits for `count` bodies, then for the sentinel's next notification: exactly `count`
    came before it (see `Sentinel`)."""
    wait_for(lambda: len(alerts(receiver)) >= count, timeout=15, what=what)
    return nothing_more(receiver, count, sentinel)


def nothing_more(receiver, count, sentinel):
    """Flips the sentinel and checks that no more than the `count` bodies there are came."""
    sentinel.flip()
    bodies = alerts(receiver)
    assert len(bodies) == count, bodies
    return bodies


def seen_value(worker, metric, value, source="mempool"):
    """Waits until the worker's /metrics shows `metric` at `value`: the frame was evaluated."""
    wait_for(lambda: metrics(worker).get(("satwatch_metric_value", (("metric", metric), ("source", source)))) == value,
             what=f"{metric} = {value}")


def fees(feed, fastest, economy):
    feed.push({"fees": {"fastestFee": fastest, "halfHourFee": fastest, "hourFee": fastest,
                        "economyFee": economy, "minimumFee": 1}})


def vsize(feed, vbytes):
    feed.push({"mempoolInfo": {"loaded": True, "size": 1000, "bytes": vbytes, "usage": vbytes * 6}})


def price(feed, usd, eur=None):
    conversions = {"time": int(time.time()), "USD": usd}
    if eur is not None:
        conversions["EUR"] = eur
    feed.push({"conversions": conversions})


def block(feed, height):
    feed.push({"block": {"id": "00" * 32, "height": height, "timestamp": int(time.time()), "tx_count": 3000}})


def display(value):
    """satwatch's DisplayNumber: 8 significant digits, no exponent, no trailing zeros."""
    if value == 0:
        return "0"
    decimals = max(0, 7 - math.floor(math.log10(abs(value))))
    scale = 10 ** decimals
    rounded = math.copysign(math.floor(abs(value) * scale + 0.5), value) / scale
    text = repr(float(rounded))
    return text[:-2] if text.endswith(".0") else text


CHEAP_AND_QUIET = {"name": "cheap-and-quiet", "channels": ["hook"],
                   "all": [{"metric": "fee.economy", "below": 3}, {"metric": "mempool.vsize", "below": 5000000}]}


def test_compound_rule_fires_once_resolves_once_and_survives_sigkill(feed, receiver, workers):
    sentinel = Sentinel(feed, receiver)
    worker = workers(config(mempool(feed), receiver), {"c.json": [CHEAP_AND_QUIET, sentinel.rule]}).start()
    connected(feed)
    # Only the fee part holds, then only the mempool part: nothing.
    fees(feed, 4, economy=2)
    vsize(feed, 6_000_000)
    seen_value(worker, "mempool.vsize", 6_000_000)
    fees(feed, 4, economy=5)
    vsize(feed, 4_000_000)
    seen_value(worker, "mempool.vsize", 4_000_000)
    nothing_more(receiver, 0, sentinel)
    # Both hold: one firing naming both values.
    fees(feed, 4, economy=2)
    first = received(receiver, 1, "the compound firing", sentinel)
    assert first == [("cheap-and-quiet", "firing", "2", "fee.economy = 2, mempool.vsize = 4000000")]
    vsize(feed, 3_500_000)
    fees(feed, 4, economy=2.5)
    seen_value(worker, "fee.economy", 2.5)
    nothing_more(receiver, 1, sentinel)  # still holding: nothing again
    # One part fails: one resolve.
    vsize(feed, 7_000_000)
    resolved = received(receiver, 2, "the compound resolve", sentinel)
    assert resolved[1][:2] == ("cheap-and-quiet", "resolved")
    assert resolved[1][3] == "fee.economy = 2.5, mempool.vsize = 7000000"
    # Firing again, then SIGKILL once the delivery is recorded, and a restart: no new firing.
    vsize(feed, 1_000_000)
    received(receiver, 3, "the second firing", sentinel)
    wait_for(lambda: settled(worker), what="the delivery recorded as sent")
    worker.kill()
    worker.start()
    connected(feed)
    fees(feed, 4, economy=1)
    vsize(feed, 1_200_000)
    seen_value(worker, "mempool.vsize", 1_200_000)
    assert [a[:2] for a in nothing_more(receiver, 3, sentinel)] == [("cheap-and-quiet", "firing"), ("cheap-and-quiet", "resolved"),
                                                 ("cheap-and-quiet", "firing")], "a restart must not re-announce"
    fees(feed, 4, economy=9)
    final = received(receiver, 4, "the resolve after the restart", sentinel)
    assert final[3] == ("cheap-and-quiet", "resolved", "9", "fee.economy = 9, mempool.vsize = 1200000")
    assert worker.stop() == 0


def coinmetrics_page(path, days=210):
    """A Coin Metrics page of `days` daily rows ending yesterday (UTC), in the API's format, and
    the mean PriceUSD of its last 200 rows. The oldest rows are far lower, so a window taking
    them in (or a partial one) would give a visibly different mean. The total of the last 200
    prices is a multiple of 8, so their mean has at most two decimals: no rounding question."""
    today = datetime.datetime.now(datetime.timezone.utc).date()
    prices = [50_000 + index for index in range(days - 200)]
    prices += [80_000 + (index * 37) % 1000 for index in range(200)]
    prices[-1] += (-sum(prices[-200:])) % 8
    rows = []
    for index, usd in enumerate(prices):
        day = today - datetime.timedelta(days=days - index)
        rows.append({"asset": "btc", "time": f"{day.isoformat()}T00:00:00.000000000Z",
                     "CapMVRVCur": f"{1.5 + index / 1000:.18f}", "PriceUSD": f"{usd}.0000000000"})
    path.write_text(json.dumps({"data": rows}))
    closes = {(day_number(today) - days + index): usd for index, usd in enumerate(prices)}
    return sum(prices[-200:]) / 200, today, closes


def day_number(date):
    """Days since 1970-01-01: how the state file's `daily_close.day` counts."""
    return (date - datetime.date(1970, 1, 1)).days


def state_rows(worker, sql, *parameters):
    """Rows of the worker's state file, opened read-only (the worker may be running)."""
    db = sqlite3.connect(f"file:{worker.folder / 'state.db'}?mode=ro", uri=True)
    try:
        return db.execute(sql, parameters).fetchall()
    finally:
        db.close()


def test_sma_rule_warmed_from_coinmetrics_history_resolves_from_the_state_file(tmp_path, feed, receiver, workers):
    mean, today, page_closes = coinmetrics_page(tmp_path / "page.json")
    rule = {"name": "below-200d", "metric": "btc.usd", "below": "sma(btc.usd, 200d)", "channels": ["hook"]}
    sentinel = Sentinel(feed, receiver)
    peer = Peer("coinmetrics_peer.py", "--page", tmp_path / "page.json", "--record", tmp_path / "cm.jsonl")
    try:
        feeds = dict(mempool(feed), coinmetrics={"url": f"http://127.0.0.1:{peer.ports[0]}/v4"})
        worker = workers(config(feeds, receiver), {"r.json": [rule, sentinel.rule]}).start()
        connected(feed)
        # The page's daily closes come before its live samples: mvrv there means the closes are in.
        wait_for(lambda: ("satwatch_metric_value", (("metric", "mvrv"), ("source", "coinmetrics"))) in metrics(worker),
                 timeout=15, what="the Coin Metrics page")
        below = round(mean) - 5000
        price(feed, below)
        fired = received(receiver, 1, "the firing below the 200-day mean", sentinel)
        assert fired == [("below-200d", "firing", display(below),
                          f"btc.usd = {display(below)}, sma(btc.usd, 200d) = {display(mean)}")]
        assert worker.stop() == 0
    finally:
        peer.stop()
    assert datetime.datetime.now(datetime.timezone.utc).date() == today, "the UTC day changed during the test"
    # The stop flushed the closes: at least the 200 days the window reads, as the page gave them.
    last_200 = dict(sorted(page_closes.items())[-200:])
    stored = dict(state_rows(worker, "SELECT day, value FROM daily_close WHERE key = ?", "btc.usd"))
    assert {day: stored.get(day) for day in last_200} == last_200
    # Without Coin Metrics from now on: only the state file knows the closes. A run with the
    # rule disabled (no window reads them) flushes without forgetting them: a key's closes stay
    # 366 days whatever the rules read now.
    cfg = json.loads(worker.config_path.read_text())
    del cfg["feeds"]["coinmetrics"]
    worker.config_path.write_text(json.dumps(cfg))
    worker.write_rules("r.json", [dict(rule, disabled=True), sentinel.rule])
    worker.start()
    connected(feed)
    assert worker.stop() == 0
    stored = dict(state_rows(worker, "SELECT day, value FROM daily_close WHERE key = ?", "btc.usd"))
    assert {day: stored.get(day) for day in last_200} == last_200, "a flush with no window reading them forgot the closes"
    # The rule enabled again: it reads them from the state file.
    worker.write_rules("r.json", [rule, sentinel.rule])
    worker.start()
    assert re.search(r"msg=started feeds=mempool rules=2 ", worker.log_text()), worker.log_text()
    connected(feed)
    above = round(mean) + 5000
    price(feed, above)
    resolved = received(receiver, 2, "the resolve from stored closes", sentinel)
    assert resolved[1] == ("below-200d", "resolved", display(above),
                           f"btc.usd = {display(above)}, sma(btc.usd, 200d) = {display(mean)}")
    assert worker.stop() == 0


def status_text(worker):
    shown = subprocess.run([str(BINARY), "status", "--config", str(worker.config_path)],
                           capture_output=True, text=True, timeout=30)
    assert shown.returncode == 0, shown.stderr
    return shown.stdout


def test_status_says_what_a_filling_window_waits_for(feed, receiver, workers):
    rules = [{"name": "eur-below-200d", "metric": "btc.eur", "below": "sma(btc.eur, 200d)", "channels": ["hook"]}]
    worker = workers(config(mempool(feed), receiver), {"r.json": rules}).start()
    connected(feed)
    price(feed, 92_000, eur=79_000)
    seen_value(worker, "btc.eur", 79_000)
    assert worker.stop() == 0  # SIGTERM flushes the states, `waiting` with them
    line = next(line for line in status_text(worker).splitlines() if "eur-below-200d" in line)
    assert re.fullmatch(r"\s+eur-below-200d\s+inactive\s+waiting: sma\(btc\.eur, 200d\) needs 200 daily closes, has 0", line), line
    assert alerts(receiver) == []


def stored_memory(worker, rule):
    """The condition memory the state file holds for `rule` (a crossing's side), read-only."""
    rows = state_rows(worker, "SELECT memory FROM rule_state WHERE name = ?", rule)
    return rows[0][0] if rows else None


EVENT_RULES = [{"name": "new-block", "metric": "block.height", "on": "change", "channels": ["hook"]},
               {"name": "btc-crosses-100k", "metric": "btc.usd", "crosses_above": 100000, "channels": ["hook"]}]


def test_events_notify_once_per_occurrence_never_on_start_nor_twice_after_restart(feed, receiver, workers):
    sentinel = Sentinel(feed, receiver)
    worker = workers(config(mempool(feed), receiver), {"e.json": EVENT_RULES + [sentinel.rule]}).start()
    connected(feed)
    # The first values only set the references, even one above the level.
    block(feed, 927_604)
    price(feed, 101_000)
    seen_value(worker, "btc.usd", 101_000)
    block(feed, 927_605)
    assert received(receiver, 1, "the first new block", sentinel) == [("new-block", "firing", "927605", "block.height = 927605")]
    block(feed, 927_605)
    price(feed, 102_000)
    price(feed, 99_000)   # crosses below: not this rule's direction
    price(feed, 100_000)  # on the level: no side
    price(feed, 100_500)
    bodies = received(receiver, 2, "the crossing above", sentinel)
    assert bodies[1] == ("btc-crosses-100k", "firing", "100500", "btc.usd = 100500")
    block(feed, 927_606)
    price(feed, 99_500)
    bodies = received(receiver, 3, "the second new block", sentinel)
    assert bodies[2][:3] == ("new-block", "firing", "927606")
    # The side moved below without a notification: committed at once, before the kill.
    wait_for(lambda: stored_memory(worker, "btc-crosses-100k") == -1, what="the crossing's side stored")
    wait_for(lambda: settled(worker), what="the deliveries recorded as sent")
    worker.kill()
    worker.start()
    connected(feed)
    # The same block and a price on the same side: nothing. A block and a crossing that
    # happened while the worker was down: one each.
    block(feed, 927_606)
    price(feed, 99_600)
    seen_value(worker, "btc.usd", 99_600)
    nothing_more(receiver, 3, sentinel)
    block(feed, 927_608)
    price(feed, 100_800)
    bodies = received(receiver, 5, "the block and the crossing after the restart", sentinel)
    assert sorted(b[:3] for b in bodies[3:]) == [("btc-crosses-100k", "firing", "100800"), ("new-block", "firing", "927608")]
    block(feed, 927_608)
    price(feed, 101_000)
    seen_value(worker, "btc.usd", 101_000)
    assert all(status == "firing" for _, status, _, _ in nothing_more(receiver, 5, sentinel)), "events never resolve"
    assert worker.stop() == 0


def test_a_block_height_no_chain_can_have_fires_nothing_and_is_counted(feed, receiver, workers):
    sentinel = Sentinel(feed, receiver)
    worker = workers(config(mempool(feed), receiver), {"e.json": EVENT_RULES[:1] + [sentinel.rule]}).start()
    connected(feed)
    block(feed, 927_700)  # the reference
    seen_value(worker, "block.height", 927_700)
    for nonsense in (1e300, 927_700.5, 10**12):
        block(feed, nonsense)  # alone in its frame: a skipped frame
    feed.push({"block": {"height": 1e300}, "fees": {"fastestFee": 3, "halfHourFee": 3, "hourFee": 3,
                                                    "economyFee": 1, "minimumFee": 1}})  # beside a good field
    wait_for(lambda: metrics(worker).get(("satwatch_feed_skipped_frames_total",
                                          (("feed", "mempool"), ("reason", "invalid_value")))) == 3
             and metrics(worker).get(("satwatch_feed_rejected_fields_total", (("feed", "mempool"),))) == 1,
             what="three skipped frames and one rejected field")
    block(feed, 927_701)
    assert received(receiver, 1, "the next real block", sentinel) == [("new-block", "firing", "927701", "block.height = 927701")]
    assert worker.stop() == 0


def test_replay_of_a_recording_gives_the_live_notifications(tmp_path, receiver, workers):
    band = {"name": "fees-band", "metric": "fee.fastest", "between": [5, 10], "channels": ["hook"]}
    frames = [
        {"fees": {"fastestFee": 3, "economyFee": 4}, "mempoolInfo": {"size": 900, "bytes": 6_000_000}},
        {"fees": {"fastestFee": 6, "economyFee": 2}},         # band entered; compound: vsize too big
        {"mempoolInfo": {"size": 800, "bytes": 4_000_000}},  # compound holds
        {"fees": {"fastestFee": 12, "economyFee": 2}},        # band left
        {"fees": {"fastestFee": 8, "economyFee": 5}},         # band entered; compound fails
        {"mempoolInfo": {"size": 700, "bytes": 3_000_000}},  # nothing
        {"fees": {"fastestFee": 4.5, "economyFee": 1}},       # band left; compound holds
    ]
    for frame in frames:
        if "fees" in frame:
            frame["fees"].update(halfHourFee=frame["fees"]["fastestFee"], hourFee=2, minimumFee=1)
    recording = tmp_path / "frames.jsonl"
    recording.write_text("".join(json.dumps(frame) + "\n" for frame in frames))
    source = Feed("--replay", recording, "--interval", "0.4")
    try:
        cfg = config({"mempool": {"url": source.url, "stale_after": "5m"}}, receiver)
        worker = workers(cfg, {"c.json": [band, CHEAP_AND_QUIET]})
        out = tmp_path / "session.rec"
        # Started first, so the recording's connection is there before the worker's.
        recorder = subprocess.Popen([str(BINARY), "record", "--config", str(worker.config_path), "--feed", "mempool",
                                     "--out", str(out), "--duration", "8s"], stderr=subprocess.PIPE, text=True)
        worker.start()
        wait_for(lambda: len(alerts(receiver)) >= 7, timeout=15, what="the live notifications")
        assert recorder.wait(30) == 0, recorder.stderr.read()
        assert worker.stop() == 0
    finally:
        source.stop()
    # Exactly these: the replay below, which the recording decides alone, must agree with them.
    live = alerts(receiver)
    assert [a[:2] for a in live] == [("fees-band", "firing"), ("cheap-and-quiet", "firing"), ("fees-band", "resolved"),
                                     ("fees-band", "firing"), ("cheap-and-quiet", "resolved"), ("fees-band", "resolved"),
                                     ("cheap-and-quiet", "firing")]
    assert len([json.loads(line) for line in out.read_text().splitlines()]) == len(frames)
    # Replayed, printed and dispatched to the same receiver under another path.
    replay_cfg = config({"mempool": {"url": "ws://127.0.0.1:9"}}, receiver, hook_path="/replayed")
    replay_cfg.update(state=str(tmp_path / "replay-state.db"), rules=[str(worker.folder / "rules")])
    (tmp_path / "replay.json").write_text(json.dumps(replay_cfg))
    replayed = subprocess.run([str(BINARY), "replay", "--config", str(tmp_path / "replay.json"), "--input", str(out),
                               "--dispatch"], capture_output=True, text=True, timeout=60)
    assert replayed.returncode == 0, replayed.stderr
    printed = [json.loads(line) for line in replayed.stdout.splitlines()]
    dispatched = alerts(receiver, "/replayed")
    live = alerts(receiver)
    assert [(n["rule"], n["status"], display(n["value"])) for n in printed] == [a[:3] for a in live]
    assert dispatched == live
