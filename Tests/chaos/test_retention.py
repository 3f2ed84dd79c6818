"""Bounded state and retry bounds: a receiver asking for two days is tried again within
`max_retry_after`, and months of old notifications are pruned from the state file at start."""
import re
import sqlite3
import subprocess
import time

from conftest import BINARY, wait_for

MIB = 1024 * 1024
DAY_MS = 86_400_000


def fee_config(feed, receiver, hook_url):
    return {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
        "channels": {"hook": {"type": "webhook", "url": hook_url}},
        "defaults": {"channels": ["hook"]},
    }


def status_text(worker):
    done = subprocess.run([str(BINARY), "status", "--config", str(worker.config_path)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_retry_after_two_days_is_capped(chaos, feed, receiver, workers):
    hook = receiver.url("/hook", script=[{"status": 429, "headers": [["Retry-After", "172800"]]}])
    worker = workers(fee_config(feed, receiver, hook), {"fees.json": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]})
    worker.start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(5)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/hook"), what="the first POST")
    path = str(worker.folder / "state.db")
    recorded = "SELECT next_attempt_at - updated_at FROM outbox WHERE attempts = 1"
    wait_for(lambda: count(path, recorded) is not None, what="the retry to be recorded")
    minutes = count(path, recorded) / 60_000
    shown = re.search(r"hook .* next #\d+ at \S+", status_text(worker))
    chaos.row(fault="Retry-After: 172800",
              promised="next attempt at most max_retry_after (1h) later; the queue is not parked for 48 h",
              measured=f"next attempt {minutes:.1f} min after the 429; status shows it: {'yes' if shown else 'no'}",
              passed=minutes <= 60 and shown)


def settles(predicate, timeout):
    """True once `predicate` holds, False when it still does not after `timeout` seconds."""
    try:
        return bool(wait_for(predicate, timeout))
    except AssertionError:
        return False


def fill(path, days, per_day, now_ms):
    """Adds `days` days of sent notifications (two channels, two labels each) ending now, as a
    long-running worker leaves them; returns how many were added and how many of them are older
    than 30 days. None falls within an hour of that age, so which side of it each one lies on
    does not depend on how long the test takes."""
    spacing = DAY_MS // per_day
    first = now_ms - days * DAY_MS
    cutoff = now_ms - 30 * DAY_MS
    db = sqlite3.connect(path)
    old = added = 0
    with db:
        for index in range(days * per_day):
            at = first + index * spacing
            if abs(at - cutoff) < 3_600_000:
                continue
            nid = f"n{index:08d}"
            added += 1
            old += at < cutoff
            db.execute("INSERT INTO notification (id, rule, status, is_reminder, metric, value, threshold, at, starts_at,"
                       " message, created_at) VALUES (?, ?, 'firing', 0, 'fee.fastest', 12.5, 10, ?, ?, ?, ?)",
                       (nid, f"rule-{index % 40}", at, at, f"fee.fastest above 10 sat/vB (now 12.5), rule-{index % 40}", at))
            db.executemany("INSERT INTO notification_label VALUES (?, ?, ?, ?)",
                           [(nid, 0, "severity", "page"), (nid, 1, "team", "ops")])
            db.executemany("INSERT INTO outbox (notification_id, channel, alert, state, attempts, next_attempt_at, created_at,"
                           " updated_at) VALUES (?, ?, ?, 'sent', 1, ?, ?, ?)",
                           [(nid, channel, f"rule-{index % 40}", at, at, at + 1000) for channel in ("hook", "mail")])
    # As written by a build before incremental vacuum (schema 2): the worker must convert it. The
    # worker made the file with the newest schema, so what schemas 4, 5, 7, 8, 11 and 12 add goes, to be
    # added again (5 and 9 rebuild the outbox, which works on either form of it, and 5 drops what 6
    # added).
    db.execute("DROP TABLE news_seen")
    db.execute("DROP TABLE series")
    db.execute("DROP TABLE secret")
    db.execute("DROP TABLE silence")
    db.execute("DROP TABLE daily_close")
    db.execute("DROP TABLE reload_rejection")
    for table, column in (("rule_state", "memory"), ("rule_state", "candle_start"), ("rule_state", "candle_close"),
                          ("rule_state", "spent"), ("rule_state", "waiting"), ("rule_state", "sequence"), ("rule_state", "decided_values"),
                          ("notification", "observed_values")):
        db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    db.execute("PRAGMA user_version = 2")
    db.execute("PRAGMA auto_vacuum = NONE")
    db.execute("VACUUM")
    db.close()
    return added, old


def count(path, sql):
    db = sqlite3.connect(path)
    try:
        row = db.execute(sql).fetchone()
        return row[0] if row else None
    finally:
        db.close()


def test_months_of_notifications_are_pruned_at_start(chaos, feed, receiver, workers, tmp_path):
    worker = workers(fee_config(feed, receiver, receiver.url("/hook")), {"fees.json": []})
    worker.start()  # creates the state file with the real schema
    assert worker.stop() == 0
    path = str(tmp_path / "state.db")
    days = 365 if chaos.long else 90
    added, old = fill(path, days, 200, int(time.time() * 1000))
    before = (tmp_path / "state.db").stat().st_size
    started = time.monotonic()
    worker.start()
    remaining = added - old
    pruned = settles(lambda: count(path, "SELECT count(*) FROM notification WHERE id LIKE 'n%'") == remaining, 30)
    pruned_after = time.monotonic() - started
    settles(lambda: (tmp_path / "state.db").stat().st_size < before / 2, 30)
    after = (tmp_path / "state.db").stat().st_size
    kept_sent = count(path, "SELECT count(*) FROM outbox WHERE state = 'sent' AND notification_id LIKE 'n%'")
    chaos.row(fault="months of notifications",
              promised="sent/dead rows older than state_retention (30d) pruned at start, free pages returned",
              measured=(f"{old} of {added} notifications ({days} d) pruned {pruned_after:.1f} s after start"
                        if pruned else f"{old} old notifications still there {pruned_after:.0f} s after start")
                       + f", {kept_sent} deliveries kept; file {before / MIB:.1f} → {after / MIB:.1f} MiB",
              passed=pruned and kept_sent == 2 * remaining and after < before / 2)
