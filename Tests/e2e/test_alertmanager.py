"""The alertmanager channel against real Alertmanagers (Debian's prometheus-alertmanager), read
back through their `/api/v2/alerts`: a firing alert is told again every `resend` with `endsAt`
4 × resend ahead, so Alertmanager never resolves it by itself; every peer of `urls` gets every
alert, each through a queue of its own (one that is down delays nothing for the others); a
worker that starts tells what is firing at once. An alert keeps being told while a reminder or
its resolve waits, or a satwatch silence keeps its reminders; one the worker no longer fires (a rule removed or changed) is not; a peer
added to the channel hears what fires at once; `retry` and `history` take the channel for all
its peers' queues. With `http.external_url`, each alert's `generatorURL` is the page, and every telling carries its
silence link."""
import json
import signal
import subprocess
import time
import urllib.request

from conftest import Alertmanager, BINARY, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["am"],
        "labels": {"severity": "page"}}


def config(feed, channel, **extra):
    base = {"feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
            "channels": {"console": {"type": "log"}, "am": dict({"type": "alertmanager", "resend": "1s"}, **channel)},
            "defaults": {"channels": ["console"]}, "labels": {"team": "ops", "severity": "ticket"}}
    base.update(extra)
    return base


def active(peer, name="fees-high"):
    return [a for a in peer.alerts() if a["labels"].get("alertname") == name and a["status"]["state"] == "active"]


def resend_gaps(receiver, since, span=8):
    """Once the tap (a second peer of the channel, at `/tap`) got a post `span` s after `since`
    (time.monotonic, the peer's clock too): the gaps between its posts from the last one before
    `since` on, each of which must stay under the 4 s endsAt a post sets; None until then."""
    times = [r["received_at"] for r in receiver.requests("/tap/api/v2/alerts")]
    before = [t for t in times if t < since]
    times = before[-1:] + [t for t in times if t >= since]
    if len(times) < 2 or times[-1] < since + span:
        return None
    return [later - earlier for earlier, later in zip(times, times[1:])]


def parse(text):
    from datetime import datetime
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def test_a_firing_alert_is_told_again_and_never_resolves_by_itself(feed, receiver, workers, alertmanagers, tmp_path):
    # resolve_timeout 3s: an alert posted once without endsAt would resolve after it.
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"), resolve_timeout="3s")])[0].start()
    worker = workers(config(feed, {"url": peer.url}), {"r.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    first = wait_for(lambda: active(peer), timeout=30, what="the alert in Alertmanager")[0]
    assert first["labels"] == {"alertname": "fees-high", "metric": "fee.fastest", "severity": "page", "team": "ops"}
    # endsAt is 4 × resend (4 s) after the telling, and moves on with each.
    assert 2.5 <= parse(first["endsAt"]) - parse(first["updatedAt"]) <= 5.5, first
    fired_at = time.time()
    wait_for(lambda: active(peer) and parse(active(peer)[0]["endsAt"]) > parse(first["endsAt"]) + 1, timeout=30,
             what="a later telling")
    # For three resolve_timeouts, every read finds it active with an endsAt still ahead.
    reads = 0
    while time.time() < fired_at + 9:
        alerts = active(peer)
        assert alerts, "Alertmanager resolved the alert by itself"
        assert parse(alerts[0]["endsAt"]) > time.time(), alerts[0]
        reads += 1
        time.sleep(0.25)
    assert reads >= 10
    statuses = [body["status"] for body in receiver.bodies("/am")]
    assert statuses and set(statuses) == {"firing"}, statuses
    # satwatch resolves it: the receiver hears it.
    feed.fees(4)
    wait_for(lambda: "resolved" in [body["status"] for body in receiver.bodies("/am")], timeout=30, what="the resolve")
    assert not active(peer)
    assert worker.stop() == 0


def test_with_an_external_url_each_alert_links_the_page(feed, receiver, workers, alertmanagers, tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"))])[0].start()
    worker = workers(config(feed, {"url": peer.url}), {"r.json": [RULE]})
    settings = json.loads(worker.config_path.read_text())
    settings["http"]["external_url"] = "https://alerts.example.com/sw"
    worker.config_path.write_text(json.dumps(settings))
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    first = wait_for(lambda: active(peer), timeout=30, what="the alert in Alertmanager")[0]
    assert first["generatorURL"] == "https://alerts.example.com/sw/"
    link = first["annotations"]["silence_url"]
    assert link.startswith("https://alerts.example.com/sw/silence?"), first
    # Each re-send (every 1 s) tells it as first sent: Alertmanager keeps the latest telling's
    # annotations, so one without the link would take it away.
    later = wait_for(lambda: [a for a in active(peer) if parse(a["endsAt"]) > parse(first["endsAt"]) + 1], timeout=30,
                     what="a later telling")[0]
    assert later["annotations"].get("silence_url") == link, later
    assert later["generatorURL"] == "https://alerts.example.com/sw/"
    # Alertmanager passes it on to its own receivers.
    told = wait_for(lambda: receiver.bodies("/am"), timeout=30, what="Alertmanager's webhook")[0]
    assert [a["generatorURL"] for a in told["alerts"]] == ["https://alerts.example.com/sw/"]
    assert worker.stop() == 0


def test_every_peer_gets_every_alert_and_one_down_delays_nothing(feed, receiver, workers, alertmanagers, tmp_path):
    up, down = alertmanagers([Alertmanager(tmp_path / "am1", receiver.url("/am")),
                              Alertmanager(tmp_path / "am2", receiver.url("/am"))])
    up.start()
    worker = workers(config(feed, {"urls": [up.url, down.url], "timeout": "2s"}), {"r.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    started = time.monotonic()
    wait_for(lambda: active(up), timeout=30, what="the alert at the peer that is up")
    assert time.monotonic() - started < 5, "the peer that is down delayed the one that is up"
    shown = subprocess.run([str(BINARY), "status", "--config", str(worker.config_path)], capture_output=True, text=True, timeout=30)
    assert "am#1" in shown.stdout and "am#2" in shown.stdout, shown.stdout
    assert "1 pending" in [line for line in shown.stdout.splitlines() if line.strip().startswith("am#2")][0], shown.stdout
    # The page shows each peer's health: the one that is down with its error.
    wait_for(lambda: "curl error" in worker.get("/")[1], timeout=30, what="the down peer's error on the page")
    page = worker.get("/")[1]
    row = [line for line in page.split("<li>") if "<b>am#2</b>" in line][0]
    assert f"alertmanager 127.0.0.1:{down.port}" in row and "1 pending" in row and "curl error 7" in row, row
    # The peer comes up: its own queue delivers (or the next telling does) without a worker restart.
    down.start()
    wait_for(lambda: active(down), timeout=60, what="the alert at the peer that came up")
    assert worker.stop() == 0


def test_a_worker_that_starts_tells_what_is_firing_at_once(feed, receiver, workers, alertmanagers, tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"))])[0].start()
    cfg = config(feed, {"url": peer.url})
    cfg["channels"]["am"]["resend"] = "1h"
    worker = workers(cfg, {"r.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: active(peer), timeout=30, what="the alert")
    assert worker.stop() == 0
    # A fresh Alertmanager (its alerts are in memory only) and a worker started again: the
    # firing alert is told at start, not an hour later.
    peer.stop()
    peer.start()
    assert not active(peer)
    worker.start()
    wait_for(lambda: active(peer), timeout=30, what="the alert told at start")
    assert worker.stop() == 0


def test_a_firing_alert_is_told_while_its_reminder_waits_for_the_group_interval(feed, receiver, workers, alertmanagers,
                                                                               tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"), group_wait="0s", group_interval="1s")])[0].start()
    # The reminder (every 3 s) waits behind the channel's 15 s group interval: the firing, sent
    # at once, must keep being told meanwhile, its endsAt (4 s ahead) never lapsing. A second
    # peer, the tap, records when each re-send came.
    cfg = config(feed, {"urls": [peer.url, receiver.url("/tap")], "group": {"wait": "0s", "interval": "15s"}})
    worker = workers(cfg, {"r.json": [dict(RULE, repeat="3s")]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: active(peer), timeout=30, what="the alert in Alertmanager")
    fired_at = time.monotonic()
    # Past the reminder (3 s) and a whole endsAt beyond it (4 s), short of the group interval.
    gaps = wait_for(lambda: resend_gaps(receiver, fired_at), timeout=30, what="re-sends 8 s past the firing")
    assert max(gaps) < 4, f"the re-sends stopped longer than endsAt while the reminder waited: {gaps}"
    assert active(peer), "Alertmanager resolved the alert while its reminder waited"
    assert {body["status"] for body in receiver.bodies("/am")} == {"firing"}
    assert worker.stop() == 0


def test_a_satwatch_silence_does_not_let_alertmanager_resolve_a_firing_alert(feed, receiver, workers, alertmanagers,
                                                                             tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"), group_wait="0s", group_interval="1s")])[0].start()
    worker = workers(config(feed, {"urls": [peer.url, receiver.url("/tap")]}), {"r.json": [dict(RULE, repeat="2s")]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: active(peer), timeout=30, what="the alert in Alertmanager")
    added = subprocess.run([str(BINARY), "silence", "add", "--rule", "fees-high", "--for", "1h", "--config",
                            str(worker.config_path)], capture_output=True, text=True, timeout=30)
    assert added.returncode == 0, added.stderr
    # A reminder kept by the silence: from here the firing heard before it must keep being told,
    # a whole endsAt (4 s) and more, though the alert's newest notification was kept.
    worker.wait_log(r'msg="delivery silenced".*rule=fees-high', timeout=15)
    kept_at = time.monotonic()
    gaps = wait_for(lambda: resend_gaps(receiver, kept_at), timeout=30, what="re-sends 8 s past the silenced reminder")
    assert max(gaps) < 4, f"the re-sends stopped longer than endsAt while satwatch silenced the alert: {gaps}"
    assert active(peer), "Alertmanager resolved the alert while satwatch silenced it"
    assert {body["status"] for body in receiver.bodies("/am")} == {"firing"}
    assert worker.stop() == 0


def test_an_alert_the_worker_no_longer_fires_is_not_told_as_firing(feed, receiver, workers, alertmanagers, tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"), group_wait="0s", group_interval="1s")])[0].start()
    rules = [RULE, {"name": "economy-high", "metric": "fee.economy", "above": 5, "channels": ["am"]}]
    worker = workers(config(feed, {"url": peer.url}), {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12, economy=6)
    wait_for(lambda: active(peer) and active(peer, "economy-high"), timeout=30, what="both alerts in Alertmanager")
    # fees-high's condition changes (it starts fresh, inactive, announcing nothing);
    # economy-high is removed.
    worker.write_rules("r.json", [dict(RULE, above=100)])
    worker.signal(signal.SIGHUP)
    worker.wait_log("msg=reloaded", timeout=15)
    # Told no more, both run out at the endsAt last told (4 s) and the receiver hears them end.
    wait_for(lambda: not active(peer) and not active(peer, "economy-high"), timeout=20, what="both alerts to end")
    ended = lambda: {alert["labels"]["alertname"] for body in receiver.bodies("/am") for alert in body["alerts"]
                     if alert["status"] == "resolved"}
    wait_for(lambda: ended() == {"fees-high", "economy-high"}, timeout=20, what="the receiver to hear both end")
    assert worker.stop() == 0


def test_a_peer_added_to_the_channel_hears_what_fires_at_once(feed, receiver, workers, alertmanagers, tmp_path):
    first, added = alertmanagers([Alertmanager(tmp_path / "am1", receiver.url("/am")),
                                  Alertmanager(tmp_path / "am2", receiver.url("/am"))])
    first.start()
    added.start()
    # resend 1h: only the telling at start can reach the new peer within the test.
    cfg = config(feed, {"url": first.url, "resend": "1h"})
    worker = workers(cfg, {"r.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: active(first), timeout=30, what="the alert at the first peer")
    # "url" becomes "urls" with a second peer: the queues are now am#1 and am#2, which have
    # delivered nothing; the new peer is told what the channel told.
    cfg["channels"]["am"] = {"type": "alertmanager", "urls": [first.url, added.url], "resend": "1h"}
    worker.config_path.write_text(json.dumps(cfg))
    worker.signal(signal.SIGHUP)
    worker.wait_log("msg=reloaded", timeout=15)
    wait_for(lambda: active(added), timeout=15, what="the alert at the added peer")
    assert worker.stop() == 0


def test_retry_and_history_take_the_channel_for_all_its_peers(feed, receiver, workers, tmp_path):
    rejecting = receiver.url("/p2")
    # The rejecting peer's script: the request below takes the 200, the worker's post the 400.
    script = receiver.url("/p2/api/v2/alerts", script=[{"status": 200}, {"status": 400, "body": "bad"}])
    urllib.request.urlopen(urllib.request.Request(script, data=b"[]", method="POST"), timeout=10).read()
    worker = workers(config(feed, {"urls": [receiver.url("/p1"), rejecting], "resend": "1h"}), {"r.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    worker.wait_log("delivery dead.*am#2", timeout=20)

    def satwatch(*arguments):
        done = subprocess.run([str(BINARY), *arguments, "--config", str(worker.config_path)],
                              capture_output=True, text=True, timeout=30)
        return done.returncode, done.stdout, done.stderr

    code, shown, _ = satwatch("history", "--channel", "am")
    assert code == 0 and "am#1" in shown and "am#2" in shown, shown
    code, shown, _ = satwatch("history", "--channel", "am#2")
    assert code == 0 and "am#2" in shown and "am#1" not in shown, shown
    assert satwatch("retry", "--channel", "am")[:2] == (0, "put 1 dead delivery back in the queue\n")
    wait_for(lambda: len(receiver.requests("/p2/api/v2/alerts")) == 3, timeout=20, what="the retried delivery")
    assert satwatch("retry", "--channel", "am#2")[:2] == (0, "put 0 dead deliveries back in the queue\n")
    code, _, problem = satwatch("retry", "--channel", "am#3")
    assert code == 2 and 'unknown channel "am#3"' in problem, problem
    assert worker.stop() == 0


def test_each_resend_carries_the_current_value(feed, receiver, workers, alertmanagers, tmp_path):
    # As Prometheus renders annotations again at each evaluation: once the fee moves while the
    # alert fires, the next re-send (every 1 s) tells Alertmanager the new value and message.
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"))])[0].start()
    rule = dict(RULE, message="fastest fee {{value}} sat/vB, above {{threshold}}")
    worker = workers(config(feed, {"url": peer.url}), {"r.json": [rule]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    first = wait_for(lambda: active(peer), timeout=30, what="the alert in Alertmanager")[0]
    assert first["annotations"]["value"] == "12", first
    feed.fees(15.5)
    told = lambda: [a for a in active(peer) if a["annotations"].get("value") == "15.5"]
    later = wait_for(told, timeout=30, what="a re-send with the new value")[0]
    assert later["annotations"]["summary"] == "fastest fee 15.5 sat/vB, above 10", later
    assert later["startsAt"] == first["startsAt"] and later["labels"] == first["labels"]
    # Still the one firing alert: Alertmanager holds no second one and its receiver heard no resolve.
    assert len(active(peer)) == 1
    assert "resolved" not in {alert["status"] for body in receiver.bodies("/am") for alert in body["alerts"]}
    assert worker.stop() == 0


def test_notify_leaves_no_test_alert_active_to_be_routed(feed, receiver, workers, alertmanagers, tmp_path):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"), group_wait="0s", group_interval="1s")])[0].start()
    worker = workers(config(feed, {"url": peer.url}), {"r.json": [RULE]})
    sent = subprocess.run([str(BINARY), "notify", "am", "--config", str(worker.config_path)],
                          capture_output=True, text=True, timeout=60)
    assert sent.returncode == 0, sent.stderr
    assert sent.stdout.startswith("sent to am"), sent.stdout
    # Alertmanager took it, as resolved: nothing active for its routes to deliver.
    assert not active(peer, "satwatch-test"), peer.alerts()
    # A real alert after it reaches the receiver through the same route; the test alert never did.
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: receiver.bodies("/am"), timeout=30, what="the real alert through Alertmanager")
    told = {alert["labels"]["alertname"] for body in receiver.bodies("/am") for alert in body["alerts"]}
    assert told == {"fees-high"}, told
    assert not active(peer, "satwatch-test")
    assert worker.stop() == 0
