"""Quiet hours through the real binary, with a window built around the current time that ends
during the test: notifications are held, and when it ends the channel hears the latest state
only (an alert still firing is sent, one that fired and resolved meanwhile sends nothing, one
whose latest state was a reminder is heard through it and later resolved, one the channel heard
fire before the window and that resolved in it, whatever it did between, is heard resolved)."""
import datetime
import json
import signal
import time

from conftest import metrics, wait_for


def window_around_now():
    """A UTC window from this minute to a minute boundary 20 to 80 seconds away, and its end."""
    now = datetime.datetime.now(datetime.timezone.utc)
    start = now.replace(second=0, microsecond=0)
    end = start + datetime.timedelta(minutes=1 if now.second < 40 else 2)
    return start.strftime("%H:%M"), end.strftime("%H:%M"), end.timestamp()


def test_a_mute_window_that_ends_during_the_test(feed, receiver, workers):
    start, end, ends_at = window_around_now()
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "hook": {"type": "webhook", "url": receiver.url("/alerts"), "mute_during": ["now"]},
                           "other": {"type": "webhook", "url": receiver.url("/other")}},
              "defaults": {"channels": ["console"]},
              "time_intervals": {"now": [{"times": [{"start_time": start, "end_time": end}]}]}}
    rules = [{"name": "stays", "metric": "fee.fastest", "above": 10, "channels": ["hook"]},
             {"name": "passes", "metric": "fee.economy", "above": 5, "channels": ["hook"]},
             # A rule's own window, with reminders: when it ends, its firing and all but the last
             # reminder are superseded, and the channel hears the alert through that reminder.
             {"name": "reminds", "metric": "fee.fastest", "above": 10, "repeat": "5s", "mute_during": ["now"],
              "channels": ["other"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12, economy=6)
    worker.wait_log(r'msg="delivery held" channel=hook rule=stays status=firing id=\S+ until=\S+', timeout=15)
    feed.fees(12, economy=1)
    worker.wait_log(r'msg="notification queued" rule=passes status=resolved', timeout=15)
    assert receiver.requests("/alerts") == [], "nothing while muted"
    wait_for(lambda: len(receiver.requests("/alerts")) >= 1, timeout=ends_at - time.time() + 20, what="the window to end")
    assert time.time() >= ends_at - 0.5, "sent only once the window ended"
    # Every entry decided, none pending: `passes`' two muted, so nothing more comes after this.
    def decided():
        values = metrics(worker)
        return (values.get(("satwatch_outbox_pending", (("channel", "hook"),)), 0) == 0
                and values.get(("satwatch_notifications_muted_total", (("channel", "hook"),))) == 2)
    wait_for(decided, what="every delivery decided")
    bodies = receiver.bodies("/alerts")
    assert [(b["alerts"][0]["labels"]["alertname"], b["status"]) for b in bodies] == [("stays", "firing")]
    wait_for(lambda: receiver.requests("/other"), what="the reminder the rule's window held")
    feed.fees(4)
    for path in ["/alerts", "/other"]:
        wait_for(lambda: receiver.bodies(path)[-1]["status"] == "resolved", what=f"the resolve on {path}")
    assert worker.stop() == 0


def test_a_channel_that_heard_the_firing_hears_the_resolve_after_a_flap_in_the_window(feed, receiver, workers):
    """The channel heard the alert fire before its window; during the window the alert resolved,
    fired again and resolved again. When the window ends its latest state is resolved, and the
    channel, which still believes it fires, hears that; it heard nothing and was left with a
    firing alert that had long resolved."""
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["console"]}}
    worker = workers(config, {"r.json": [{"name": "flaps", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}]})
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: receiver.bodies("/alerts"), timeout=15, what="the firing before the window")
    # The window from now on, by a reload.
    start, end, ends_at = window_around_now()
    settings = json.loads(worker.config_path.read_text())
    settings["channels"]["hook"]["mute_during"] = ["now"]
    settings["time_intervals"] = {"now": [{"times": [{"start_time": start, "end_time": end}]}]}
    worker.config_path.write_text(json.dumps(settings))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded")
    for fastest in (4, 12, 4):
        feed.fees(fastest)
    worker.wait_log(r'msg="notification queued" rule=flaps status=resolved(.|\n)*msg="notification queued" rule=flaps status=resolved',
                    timeout=15)
    assert time.time() < ends_at, "the flap came after the window"
    wait_for(lambda: len(receiver.bodies("/alerts")) >= 2, timeout=ends_at - time.time() + 20, what="the resolve after the window")
    assert time.time() >= ends_at - 0.5, "sent only once the window ended"
    wait_for(lambda: metrics(worker).get(("satwatch_outbox_pending", (("channel", "hook"),)), 0) == 0,
             what="every delivery decided")
    assert [b["status"] for b in receiver.bodies("/alerts")] == ["firing", "resolved"]
    assert worker.stop() == 0
