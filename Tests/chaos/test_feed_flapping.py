"""Chaos row for a feed that keeps dropping (an exchange restarting, a flaky link): its
`feed-stale:` alert fires once and resolves once, after the feed has delivered for a steady
minute, where it used to fire and resolve on every drop (11 notifications in 5 minutes)."""
import time

from conftest import all_sent, wait_for


def stale_alerts(receiver):
    return [(body["status"], request["received_at"])
            for request, body in zip(receiver.requests("/alerts"), receiver.bodies("/alerts"))
            if body["alerts"][0]["labels"]["alertname"] == "feed-stale:mempool"]


def deliver(feed, seconds):
    """Frames every 0.4 s for `seconds`, well within the 2 s `stale_after`."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        feed.fees(5)
        time.sleep(0.4)


def test_a_flapping_feed_fires_once_and_resolves_once_when_steady(feed, receiver, workers, chaos):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "2s"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"r.json": []}).start()
    drops = 6 if chaos.long else 5
    # Each connection delivers for 1.5 s and is dropped; the worker's reconnect backoff (1 s,
    # doubling) leaves gaps past stale_after, as a feed dropping every few seconds does.
    seen = 0
    for _ in range(drops):
        wait_for(lambda: feed.accepted() > seen and feed.clients() > 0, timeout=90, what="the worker to reconnect")
        seen = feed.accepted()
        deliver(feed, 1.5)
        feed.command("!close")
    flapping = stale_alerts(receiver)
    # Then steady: the alert resolves a minute after the feed is back, not at its first frame.
    wait_for(lambda: feed.accepted() > seen and feed.clients() > 0, timeout=90, what="the worker to reconnect")
    back = time.monotonic()
    def resolves_since_back():
        return [at - back for status, at in stale_alerts(receiver) if status == "resolved" and at >= back]
    while not resolves_since_back() and time.monotonic() - back < 150:
        deliver(feed, 1)
    wait_for(lambda: all_sent(worker, receiver, "/alerts", "hook"), what="nothing left to send")
    alerts = stale_alerts(receiver)
    resolved_after = next(iter(resolves_since_back()), None)
    statuses = [status for status, _ in alerts]
    chaos.row(f"feed dropped {drops} times, reconnecting with backoff (stale_after 2s)",
              "feed-stale fires once while it flaps, resolves once after a steady minute",
              f"while flapping: {[s for s, _ in flapping]}; in all: {statuses}; resolved "
              + (f"{resolved_after:.0f} s after the feed was back" if resolved_after is not None else "never"),
              [s for s, _ in flapping] == ["firing"] and statuses == ["firing", "resolved"]
              and resolved_after is not None and 59 <= resolved_after < 120)
