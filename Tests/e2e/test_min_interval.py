"""`"min_interval"` on a channel through the real binary: at most one message about an alert per
interval. Reminders inside it are throttled and the alert's resolve still goes at once; a flap
inside it (a re-firing and its resolve) sends nothing, the receiver having heard it resolve."""
import time

from conftest import Sentinel, metrics, wait_for


def throttled(worker):
    return metrics(worker).get(("satwatch_notifications_kept_total", (("channel", "hook"), ("reason", "throttled"))), 0)


def test_reminders_are_paced_and_the_resolve_goes_at_once(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "hook": {"type": "webhook", "url": receiver.url("/alerts"), "min_interval": "10s"}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": "reminds", "metric": "fee.fastest", "above": 10, "repeat": "1s", "channels": ["hook"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: len(receiver.requests("/alerts")) >= 2, timeout=40, what="the firing and one reminder")
    first, second = receiver.requests("/alerts")[:2]
    # A reminder a second: without the interval the second message came about a second later.
    assert second["received_at"] - first["received_at"] >= 9, "the reminder waited out the interval"
    assert throttled(worker) >= 5, "the reminders inside the interval were throttled"
    resolved_at = time.monotonic()
    feed.fees(4)
    wait_for(lambda: receiver.bodies("/alerts")[-1]["status"] == "resolved", timeout=30, what="the resolve")
    # Held, it would have come at the end of the interval that began with the second message.
    resolve = [r for r in receiver.requests("/alerts") if r["received_at"] >= resolved_at][-1]
    assert resolve["received_at"] - resolved_at < 5, "the resolve went at once"
    assert worker.stop() == 0


def test_a_flap_inside_the_interval_sends_nothing(feed, receiver, workers):
    sentinel = Sentinel(feed, receiver)
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "hook": {"type": "webhook", "url": receiver.url("/alerts"), "min_interval": "10s"}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": "flaps", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}, sentinel.rule]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: receiver.bodies("/alerts"), timeout=15, what="the firing")
    resolved_at = time.monotonic()
    feed.fees(4)
    wait_for(lambda: len(receiver.bodies("/alerts")) >= 2, timeout=30, what="the resolve")
    assert receiver.requests("/alerts")[-1]["received_at"] - resolved_at < 5, "the resolve went at once"
    feed.fees(12)
    worker.wait_log(r'msg="delivery held" channel=hook rule=flaps status=firing', timeout=15)
    feed.fees(4)
    # When the hold ends, the re-firing and its resolve are both throttled; then the sentinel,
    # behind them on the channel, proves nothing of the flap was sent.
    wait_for(lambda: throttled(worker) == 2, timeout=40, what="the flap throttled")
    sentinel.flip()
    flaps = [b["status"] for b in receiver.bodies("/alerts") if not Sentinel.ours(b)]
    assert flaps == ["firing", "resolved"]
    assert worker.stop() == 0
