"""Delivery order per channel and alert through the real binary (PRODUCT.md, "Delivery order
and holds"): an entry that waits for its own reason (its rule's quiet hours, a refusal of that
message alone) never delays another alert's on the same channel, grouped or not; one alert's
firing and resolve reach the channel in order through retries and a restart."""
import datetime
import json
import subprocess
import time

from conftest import BINARY, wait_for

ALWAYS = [{"weekdays": ["sunday:saturday"]}]


def never_today():
    """An interval of every weekday but today (UTC): a rule active only then is held now."""
    days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    today = datetime.datetime.now(datetime.timezone.utc).weekday()
    return [{"weekdays": [day for index, day in enumerate(days) if index != today]}]


def alerts(receiver, path="/alerts"):
    return [(a["labels"]["alertname"], a["status"]) for b in receiver.bodies(path) for a in b["alerts"]]


def base_config(feed, channel):
    return {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
            "channels": {"console": {"type": "log"}, "hook": channel},
            "defaults": {"channels": ["console"]}}


def held_and_open(feed, receiver, workers, held_rule):
    """Rule `muted` (held by `held_rule`'s settings) fires, then rule `open` fires: `open`'s
    firing must arrive within a second while `muted`'s stays held."""
    config = base_config(feed, {"type": "webhook", "url": receiver.url("/alerts")})
    config["time_intervals"] = {"always": ALWAYS, "never_today": never_today()}
    rules = [dict({"name": "muted", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}, **held_rule),
             {"name": "open", "metric": "fee.economy", "above": 5, "channels": ["hook"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12, economy=1)
    worker.wait_log(r'msg="delivery held" channel=hook rule=muted status=firing', timeout=15)
    started = time.monotonic()
    feed.fees(12, economy=6)
    wait_for(lambda: alerts(receiver), timeout=30, what="the open rule's firing")
    took = time.monotonic() - started
    assert alerts(receiver) == [("open", "firing")]
    assert took < 1.0, f"the open rule's firing took {took:.2f} s behind a held one"
    assert "muted" not in json.dumps(receiver.bodies("/alerts"))
    shown = subprocess.run([str(BINARY), "status", "--config", str(worker.config_path)], capture_output=True, text=True, timeout=30)
    assert "held (muted) until" in shown.stdout, shown.stdout
    assert worker.stop() == 0


def test_a_rule_muted_during_a_window_holds_only_itself(feed, receiver, workers):
    held_and_open(feed, receiver, workers, {"mute_during": ["always"]})


def test_a_rule_active_only_on_other_days_holds_only_itself(feed, receiver, workers):
    held_and_open(feed, receiver, workers, {"active_during": ["never_today"]})


def test_a_held_rule_on_a_grouped_channel_is_left_out_of_the_group(feed, receiver, workers):
    config = base_config(feed, {"type": "webhook", "url": receiver.url("/alerts"), "group": {"wait": "1s", "interval": "1s"}})
    config["time_intervals"] = {"always": ALWAYS}
    rules = [{"name": "muted", "metric": "fee.fastest", "above": 10, "channels": ["hook"], "mute_during": ["always"]},
             {"name": "one", "metric": "fee.economy", "above": 5, "channels": ["hook"]},
             {"name": "two", "metric": "fee.minimum", "above": 0.5, "channels": ["hook"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.push({"fees": {"fastestFee": 12, "halfHourFee": 12, "hourFee": 12, "economyFee": 6, "minimumFee": 1}})
    wait_for(lambda: receiver.bodies("/alerts"), timeout=30, what="the group")
    bodies = receiver.bodies("/alerts")
    assert len(bodies) == 1
    assert sorted(a["labels"]["alertname"] for a in bodies[0]["alerts"]) == ["one", "two"]
    # The held rule holds nothing: a later alert goes in the next group, a second later.
    feed.push({"fees": {"fastestFee": 12, "halfHourFee": 12, "hourFee": 12, "economyFee": 1, "minimumFee": 1}})
    wait_for(lambda: len(receiver.bodies("/alerts")) == 2, timeout=30, what="the next group")
    assert [(a["labels"]["alertname"], a["status"]) for a in receiver.bodies("/alerts")[1]["alerts"]] == [("one", "resolved")]
    assert "muted" not in json.dumps(receiver.bodies("/alerts"))
    assert worker.stop() == 0


def test_a_message_refused_for_now_delays_no_other_alert(feed, mailbox, workers):
    """The mail server greylists one alert's message (451, try again later): only that alert
    waits for its retry; the other alert's mail goes at once, and the refused one follows."""
    channel = {"type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "tls": "none",
               "from": "satwatch <alerts@example.com>", "to": ["me@example.com"]}
    rules = [{"name": "greylist-me", "metric": "fee.fastest", "above": 10, "channels": ["hook"]},
             {"name": "healthy", "metric": "fee.economy", "above": 5, "channels": ["hook"]}]
    worker = workers(base_config(feed, channel), {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12, economy=1)
    worker.wait_log(r'msg="delivery failed, will retry" channel=hook rule=greylist-me', timeout=15)
    feed.fees(12, economy=6)
    wait_for(lambda: any("healthy" in m["headers_text"] for m in mails(mailbox)), timeout=30, what="the healthy alert's mail")
    assert not any("greylist-me" in m["headers_text"] for m in mails(mailbox)), "the healthy mail went before the retry"
    wait_for(lambda: any("greylist-me" in m["headers_text"] for m in mails(mailbox)), timeout=60, what="the retried mail")
    assert worker.stop() == 0


def mails(mailbox):
    return [dict(m, headers_text=json.dumps(m["headers"])) for m in mailbox.messages()]


def test_an_alerts_firing_and_resolve_stay_in_order_through_retries_and_a_restart(feed, receiver, workers):
    # The receiver is down (503) for the first three requests: the firing is retried, the
    # resolve waits behind it; the worker is killed while they wait and started again.
    url = receiver.url("/alerts", script=[{"status": 503}] * 3)
    worker = workers(base_config(feed, {"type": "webhook", "url": url}),
                     {"r.json": [{"name": "order", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    # The retry's wait is read to the second (2 s ± 20 % jitter), not to the millisecond.
    worker.wait_log(r'msg="delivery failed, will retry" channel=hook rule=order status=firing .*attempt=1 retry_in=\d+s error=', timeout=15)
    feed.fees(4)
    worker.wait_log(r'msg="notification queued" rule=order status=resolved', timeout=15)
    worker.kill()
    worker.start()
    # The peer answers its script in order: the first three requests were refused.
    wait_for(lambda: len(alerts(receiver)) == 5, timeout=90, what="both notifications")
    assert alerts(receiver) == [("order", "firing")] * 4 + [("order", "resolved")], "three refusals, then each once, in order"
    assert worker.stop() == 0
