"""`satwatch run` end to end: feed → rules → state/outbox → webhook and SMTP, restarts,
signals, reload, endpoints."""
import json
import os
import re
import signal
import socket
import subprocess
import time

import pytest

from conftest import BINARY, Mailbox, metrics, wait_for

FEE_RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook", "mail"]}
# Announces every new block on both channels: sent after the frames under test, its notification
# is the event that proves nothing more is coming from them (see `nothing_more`).
SENTINEL = {"name": "sentinel", "metric": "block.height", "on": "change", "channels": ["hook", "mail"]}


def config(feed, receiver, mailbox, **extra):
    base = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
        "channels": {
            "console": {"type": "log"},
            "hook": {"type": "webhook", "url": receiver.url("/alerts")},
            "mail": {"type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "tls": "none",
                     "from": "satwatch <alerts@example.com>", "to": ["me@example.com"]},
        },
        "defaults": {"channels": ["console"]},
    }
    base.update(extra)
    return base


def connected(feed):
    """Waits for a connection made since the last call: after a restart or reload, the new
    one's, not its predecessor's, which the feed may not have seen close yet."""
    seen = getattr(feed, "seen", 0)
    wait_for(lambda: feed.accepted() > seen and feed.clients() > 0, what="the worker to connect to the feed")
    feed.seen = feed.accepted()


def outbox_settled(worker):
    values = metrics(worker)
    return all(values.get(("satwatch_outbox_pending", (("channel", channel),)), 0) == 0 for channel in ("hook", "mail"))


def statuses(receiver, without="sentinel"):
    return [(b["alerts"][0]["labels"]["alertname"], b["status"]) for b in receiver.bodies("/alerts")
            if b["alerts"][0]["labels"]["alertname"] != without]


def mails(mailbox, rule="fees-high"):
    return [m for m in mailbox.messages() if rule in dict(m["headers"])["Subject"]]


def nothing_more(feed, receiver, worker, mailbox=None):
    """Proves that the frames sent so far cause nothing more, by an event instead of a pause: a
    new block after them fires the sentinel rule, and once its notification has arrived and the
    outbox is empty, whatever those frames queued (evaluated in order, committed before it) has
    been delivered. The first block of a run only sets the rule's memory."""
    told = lambda: len(receiver.bodies("/alerts")) - len(statuses(receiver))
    before = told()
    if not getattr(feed, "height", None):
        feed.height = 927_700
        feed.push({"block": {"id": "00" * 32, "height": feed.height, "timestamp": int(time.time()), "tx_count": 3000}})
    feed.height += 1
    feed.push({"block": {"id": "00" * 32, "height": feed.height, "timestamp": int(time.time()), "tx_count": 3000}})
    wait_for(lambda: told() == before + 1 and (mailbox is None or len(mails(mailbox, "sentinel")) == before + 1),
             what="the sentinel after the frames under test")
    wait_for(lambda: outbox_settled(worker), what="the outbox emptied")


def test_crossing_notifies_each_channel_once_and_resolves_once(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE, SENTINEL]}).start()
    connected(feed)
    feed.fees(5)
    feed.fees(12.5)
    wait_for(lambda: statuses(receiver) and mails(mailbox), what="firing on both channels")
    feed.fees(13)
    feed.fees(11)
    nothing_more(feed, receiver, worker, mailbox)
    assert statuses(receiver) == [("fees-high", "firing")]
    assert len(mails(mailbox)) == 1
    feed.fees(4)
    wait_for(lambda: len(statuses(receiver)) == 2 and len(mails(mailbox)) == 2, what="resolved on both")
    nothing_more(feed, receiver, worker, mailbox)
    assert statuses(receiver) == [("fees-high", "firing"), ("fees-high", "resolved")]
    body = receiver.bodies("/alerts")[0]
    assert body["version"] == "4" and body["receiver"] == "hook"
    assert body["alerts"][0]["labels"]["metric"] == "fee.fastest"
    assert body["alerts"][0]["annotations"]["value"] == "12.5"
    messages = mails(mailbox)
    assert [m["rcpt_tos"] for m in messages] == [["me@example.com"]] * 2
    subjects = [dict(m["headers"])["Subject"] for m in messages]
    assert subjects[0].startswith("[FIRING] fees-high") and subjects[1].startswith("[RESOLVED] fees-high")
    ids = [dict(m["headers"])["Message-ID"] for m in messages]
    assert ids[0] == f"<{body['notificationId']}@satwatch>" and ids[0] != ids[1]
    assert worker.stop() == 0


def test_sigkill_while_firing_then_restart_never_reannounces(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE, SENTINEL]}).start()
    connected(feed)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts") and mailbox.messages(), what="firing")
    # Killed once both deliveries are recorded as sent: what must not happen is a new
    # announcement. (A kill between a receiver's answer and that record repeats the same
    # notification id, at-least-once, which a receiver can drop.)
    wait_for(lambda: outbox_settled(worker), what="the deliveries recorded as sent")
    worker.kill()
    worker.start()
    connected(feed)
    feed.fees(14)
    nothing_more(feed, receiver, worker, mailbox)
    assert statuses(receiver) == [("fees-high", "firing")], "a restart must not re-announce"
    feed.fees(3)
    wait_for(lambda: len(statuses(receiver)) == 2, what="the resolve after the restart")
    nothing_more(feed, receiver, worker, mailbox)
    assert statuses(receiver) == [("fees-high", "firing"), ("fees-high", "resolved")]
    assert len(mails(mailbox)) == 2
    assert worker.stop() == 0


def test_resolution_while_down_is_announced_once_after_start(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE, SENTINEL]}).start()
    connected(feed)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="firing")
    assert worker.stop() == 0
    worker.start()
    connected(feed)
    feed.fees(2)
    wait_for(lambda: len(receiver.requests("/alerts")) == 2, what="the resolve")
    worker.stop()
    worker.start()
    connected(feed)
    feed.fees(2)
    nothing_more(feed, receiver, worker, mailbox)
    assert statuses(receiver) == [("fees-high", "firing"), ("fees-high", "resolved")]


def test_smtp_down_when_firing_is_delivered_once_after_it_returns(feed, receiver, tmp_path, workers):
    first = Mailbox(tmp_path / "mail-before")
    port = first.port
    first.stop()
    fake = type("M", (), {"port": port})
    worker = workers(config(feed, receiver, fake), {"fees.json": [FEE_RULE, SENTINEL]}).start()
    connected(feed)
    feed.fees(12)
    worker.wait_log(r"delivery failed, will retry.*channel=mail")
    # The webhook arrives while the mail is still owed: one channel never waits for another.
    wait_for(lambda: receiver.requests("/alerts"), what="the webhook while SMTP is down")
    pending = metrics(worker)[("satwatch_outbox_pending", (("channel", "mail"),))]
    assert pending == 1, "the mail must still be pending when the webhook has arrived"
    back = Mailbox(tmp_path / "mail-after", port=port)
    try:
        wait_for(lambda: back.messages(), timeout=20, what="the mail after SMTP came back")
        nothing_more(feed, receiver, worker, back)
        assert len(mails(back)) == 1
        headers = dict(mails(back)[0]["headers"])
        assert "fees-high" in headers["Subject"] and headers["Subject"].startswith("[FIRING]")
        assert mails(back)[0]["rcpt_tos"] == ["me@example.com"]
    finally:
        back.stop()
    assert worker.stop() == 0


def test_sighup_with_a_broken_rule_file_keeps_the_old_rules(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    worker.write_rules("broken.json", '{"rules": [{"name": "x", "metric": "fee.fastestt", "above": 1}]}')
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"reload failed; keeping the running config and rules")
    assert re.search(r'problem=".*broken.json:1:\d+: unknown metric \\"fee.fastestt\\"', worker.log_text())
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the old rule still firing")
    (worker.folder / "rules" / "broken.json").unlink()
    worker.write_rules("more.json", [{"name": "economy-low", "metric": "fee.economy", "below": 2, "channels": ["hook"]}])
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded")
    assert re.search(r"msg=reloaded .*feeds_restarted=0 feeds_kept=1", worker.log_text())
    assert feed.accepted() == feed.seen, "a reload that leaves the feed's settings alone keeps its connection"
    feed.fees(12, economy=1)
    wait_for(lambda: ("economy-low", "firing") in statuses(receiver), what="the new rule after a valid reload")
    assert statuses(receiver).count(("fees-high", "firing")) == 1
    assert worker.stop() == 0


def test_sigterm_exits_zero_within_five_seconds(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    started = time.monotonic()
    worker.signal(signal.SIGTERM)
    assert worker.process.wait(10) == 0
    assert time.monotonic() - started < 5.0
    assert "msg=stopped" in worker.log_text()


def test_a_clean_stop_leaves_no_wal_after_deliveries_and_scrapes(feed, receiver, mailbox, workers):
    # Every connection to the state file (evaluator, dispatcher, checkpointer, the /metrics
    # gauge) is closed before the process exits; the last one checkpoints and removes the WAL.
    # Before, the gauge's and the dispatcher's connections closed whenever their owners happened
    # to be freed, sometimes after exit: a WAL was left about once in eight stops.
    cfg = config(feed, receiver, mailbox)
    worker = workers(cfg, {"fees.json": [dict(FEE_RULE, channels=["hook"])]})
    wal = worker.folder / "state.db-wal"
    for round in range(3):
        worker.start()
        connected(feed)
        feed.fees(12.5 if round % 2 == 0 else 4)
        wait_for(lambda: len(receiver.requests("/alerts")) == round + 1, what=f"delivery {round + 1}")
        wait_for(lambda: outbox_settled(worker), what="the delivery recorded")
        # Past the checkpointer's first pass (5 s), so its connection is open too.
        time.sleep(6)
        metrics(worker)
        assert worker.stop() == 0
        assert not wal.exists(), f"stop {round + 1} left {wal.stat().st_size} bytes of WAL"


def test_healthz_metrics_and_feed_stale_alert(feed, receiver, mailbox, workers):
    cfg = config(feed, receiver, mailbox)
    cfg["feeds"]["mempool"]["stale_after"] = "2s"
    cfg["defaults"] = {"channels": ["hook"]}
    worker = workers(cfg, {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="firing")
    status, body = worker.get("/healthz")
    assert status == 200 and json.loads(body)["status"] == "ok"
    values = metrics(worker)
    assert values[("satwatch_metric_value", (("metric", "fee.fastest"), ("source", "mempool")))] == 12
    assert values[("satwatch_rule_state", (("rule", "fees-high"), ("state", "firing")))] == 1
    assert values[("satwatch_feed_connected", (("feed", "mempool"),))] == 1
    assert [value for (name, _), value in values.items() if name == "satwatch_build_info"] == [1]
    # Silence past stale_after: 503 with a reason, and the built-in alert on defaults.channels.
    wait_for(lambda: ("feed-stale:mempool", "firing") in statuses(receiver), timeout=8, what="feed-stale alert")
    status, body = worker.get("/healthz")
    assert status == 503
    assert "feed mempool: no frame for" in json.loads(body)["reason"]
    # The API lists the alert beside the rules, as the receiver heard it.
    api_alerts = lambda: {a["rule"]: a for a in json.loads(worker.get("/api/v1/alerts")[1])}
    wait_for(lambda: api_alerts().get("feed-stale:mempool", {}).get("state") == "firing", what="feed-stale in /api/v1/alerts")
    stale = api_alerts()["feed-stale:mempool"]
    assert stale["metric"] == "feed.mempool" and stale["labels"]["feed"] == "mempool" and stale["channels"] == ["hook"], stale
    # Data flows again: /healthz says so at once; the alert resolves once the feed has
    # delivered for a steady minute (frames well within stale_after meanwhile).
    feed.fees(12)
    wait_for(lambda: worker.get("/healthz")[0] == 200, what="/healthz fresh again")
    back = time.monotonic()
    while ("feed-stale:mempool", "resolved") not in statuses(receiver) and time.monotonic() - back < 150:
        feed.fees(12)
        time.sleep(0.4)
    assert ("feed-stale:mempool", "resolved") in statuses(receiver)
    assert time.monotonic() - back >= 55, "resolved before a steady minute"
    assert worker.get("/healthz")[0] == 200
    wait_for(lambda: "feed-stale:mempool" not in api_alerts(), what="feed-stale gone from /api/v1/alerts")
    rules = {r["rule"]: r["state"] for r in json.loads(worker.get("/api/v1/rules")[1])}
    assert rules == {"fees-high": "firing", "feed-stale:mempool": "inactive"}, rules
    assert statuses(receiver).count(("fees-high", "firing")) == 1, "staleness must not resolve or re-fire rules"
    assert worker.stop() == 0



def price_then_drop(feed, receiver, mailbox, workers, within, interruption):
    """A `change` rule over `within` seconds sees 100000, then `interruption(worker)` (a reload, a
    restart), then 90000 just past `within`: a −10 % drop only if the value from before the
    interruption is still known. The interruption may take up to `within` (a slow machine)
    before the reference is too old to use."""
    drop = {"name": "drop", "metric": "btc.usd", "change": {"percent": -5, "within": f"{within}s"}, "channels": ["hook"]}
    worker = workers(config(feed, receiver, mailbox), {"price.json": [drop]}).start()
    connected(feed)
    feed.push({"conversions": {"time": 1, "USD": 100000}})
    started = time.monotonic()
    wait_for(lambda: 'metric="btc.usd"' in worker.get("/metrics")[1], what="the first price to be evaluated")
    interruption(worker)
    time.sleep(max(0.0, within + 0.5 - (time.monotonic() - started)))
    feed.push({"conversions": {"time": 2, "USD": 90000}})
    wait_for(lambda: ("drop", "firing") in statuses(receiver), what="the drop measured against the value from before")
    assert worker.stop() == 0


def test_reload_keeps_change_rule_history(feed, receiver, mailbox, workers):
    def reload(worker):
        worker.write_rules("other.json", [{"name": "unrelated", "metric": "fee.hour", "above": 100, "channels": ["hook"]}])
        worker.signal(signal.SIGHUP)
        worker.wait_log(r"msg=reloaded")
        assert feed.accepted() == feed.seen, "the feed stays connected"

    price_then_drop(feed, receiver, mailbox, workers, 5, reload)


def test_restart_keeps_change_rule_history(feed, receiver, mailbox, workers):
    def restart(worker):
        assert worker.stop() == 0  # the shutdown flush writes the history to the state file
        worker.start()
        connected(feed)

    price_then_drop(feed, receiver, mailbox, workers, 5, restart)


def test_started_without_stdin_and_stdout_it_keeps_them_off_its_files(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start(closed=(0, 1))
    pid = worker.process.pid
    # Closed at exec, they are /dev/null once it runs: the state file, sockets and logs got
    # descriptors of their own instead of 0 and 1.
    assert [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1)] == ["/dev/null", "/dev/null"]
    connected(feed)
    feed.fees(12.5)
    wait_for(lambda: receiver.requests("/alerts"), what="firing")
    assert statuses(receiver) == [("fees-high", "firing")]


def test_reload_that_moves_the_state_file_is_refused(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    moved = json.loads(worker.config_path.read_text())
    moved["state"] = "elsewhere.db"
    worker.config_path.write_text(json.dumps(moved))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r'reload failed; keeping the running config and rules" problem="\\"state\\" changed')
    assert not (worker.folder / "elsewhere.db").exists()
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the running setup still firing")
    assert worker.stop() == 0


def test_reload_to_an_address_in_use_is_refused_and_keeps_the_listener(feed, receiver, mailbox, workers):
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        moved = json.loads(worker.config_path.read_text())
        moved["http"] = {"listen": f"127.0.0.1:{taken.getsockname()[1]}"}
        moved["channels"]["hook"]["url"] = receiver.url("/moved")
        worker.config_path.write_text(json.dumps(moved))
        worker.signal(signal.SIGHUP)
        worker.wait_log(r'reload failed; keeping the running config and rules" problem="http endpoint: bind')
    assert worker.get("/healthz")[0] == 200
    # The running config is kept whole: the old channel URL, not the refused one.
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the running setup still firing")
    assert not receiver.requests("/moved")
    assert worker.stop() == 0


@pytest.mark.parametrize("spelling", ["localhost:{port}", "0.0.0.0:{port}"])
def test_reload_to_the_same_port_spelled_otherwise_or_wider_moves_the_listener(feed, receiver, mailbox, workers, spelling):
    """The old listener holds the port, so the new one binds just after it closes, not before."""
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [FEE_RULE]}).start()
    connected(feed)
    moved = json.loads(worker.config_path.read_text())
    moved["http"] = dict(moved.get("http") or {}, listen=spelling.format(port=worker.http_port))
    worker.config_path.write_text(json.dumps(moved))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded|reload failed")
    assert "reload failed" not in worker.log_text(), worker.log_text()
    assert len(re.findall(r'msg="http endpoint listening"', worker.log_text())) == 2
    assert worker.get("/healthz")[0] == 200
    assert worker.stop() == 0


def test_sigterm_lets_a_delivery_in_flight_finish_and_still_stops_on_time(feed, receiver, mailbox, workers):
    # The first POST is answered after 1 s (within the graceful phase), the next after 30 s.
    hook = receiver.url("/slow", script=[{"status": 200, "delay": 1.0}, {"status": 200, "delay": 30}])
    cfg = config(feed, receiver, mailbox)
    cfg["channels"]["hook"]["url"] = hook
    cfg["channels"]["hook"]["timeout"] = "60s"
    worker = workers(cfg, {"fees.json": [dict(FEE_RULE, channels=["hook"])]}).start()
    connected(feed)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/slow"), what="the firing POST in flight")
    started = time.monotonic()
    assert worker.stop() == 0
    assert time.monotonic() - started < 5.0
    worker.start()
    connected(feed)
    # A delivery cut off by the stop would still be pending in the state file, and a started
    # worker sends what is pending: nothing pending at start means nothing is sent again.
    assert metrics(worker)[("satwatch_outbox_pending", (("channel", "hook"),))] == 0
    assert len(receiver.requests("/slow")) == 1, "the delivery finished before the stop, so it is not sent again"
    feed.fees(4)
    wait_for(lambda: len(receiver.requests("/slow")) == 2, what="the resolve, held 30 s by the receiver")
    started = time.monotonic()
    assert worker.stop() == 0
    assert time.monotonic() - started < 5.0, "a receiver that does not answer cannot hold the stop"



def test_the_state_file_and_its_companions_are_created_private(feed, receiver, mailbox, workers, tmp_path):
    """The state file holds the link-signing key: readable by its owner alone, and so are its
    WAL, shared-memory and lock files, whoever creates it (the worker or a command)."""
    worker = workers(config(feed, receiver, mailbox), {"fees.json": [dict(FEE_RULE, channels=["hook"])]}).start()
    connected(feed)
    feed.fees(12.5)
    wait_for(lambda: receiver.requests("/alerts"), what="the delivery")
    wait_for(lambda: outbox_settled(worker), what="the delivery recorded")
    files = [worker.folder / name for name in ("state.db", "state.db-wal", "state.db-shm", "state.db.lock")]
    modes = {path.name: oct(path.stat().st_mode & 0o777) for path in files}
    assert modes == {path.name: "0o600" for path in files}, modes
    assert worker.stop() == 0
    # A command that creates the file before any worker ran (a silence added ahead of time).
    fresh = json.loads(worker.config_path.read_text())
    fresh["state"] = str(tmp_path / "fresh" / "state.db")
    (tmp_path / "fresh.json").write_text(json.dumps(fresh))
    done = subprocess.run([str(BINARY), "silence", "add", "--rule", "x", "--for", "1h", "--config", str(tmp_path / "fresh.json")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert oct((tmp_path / "fresh" / "state.db").stat().st_mode & 0o777) == "0o600"
