"""Grouping through the real binary: a burst of rules crossing on one frame goes out as one
webhook payload, one Slack message and a few Discord posts split at Discord's limit, at its pace;
a group that failed is resent after a SIGKILL with the same members and the same id."""
import re

from conftest import wait_for

COUNT = 200


def burst_rules(channels):
    return [{"name": f"fees-above-{level}", "metric": "fee.fastest", "above": level, "channels": channels}
            for level in range(1, COUNT + 1)]


def listed(text):
    """The rule names a chat message lists."""
    return re.findall(r"\] (fees-above-\d+):", text)


def test_a_burst_goes_out_grouped_to_a_webhook_and_chat_channels(feed, receiver, workers):
    group = {"wait": "2s", "interval": "1m"}
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "hook": {"type": "webhook", "url": receiver.url("/hook"), "group": group},
                           "team": {"type": "slack", "url": receiver.url("/slack"), "group": group},
                           "chat": {"type": "discord", "url": receiver.url("/discord"), "group": group}},
              "defaults": {"channels": ["console"]}}
    worker = workers(config, {"burst.json": burst_rules(["hook", "team", "chat"])}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(500)  # one frame crosses every rule
    wait_for(lambda: len(receiver.requests("/hook")) == 1 and len(receiver.requests("/slack")) == 1,
             timeout=30, what="the grouped webhook and Slack message")
    expected = [f"fees-above-{level}" for level in range(1, COUNT + 1)]

    payload = receiver.bodies("/hook")[0]
    assert payload["version"] == "4" and payload["groupKey"] == "{}:{}" and payload["status"] == "firing"
    assert [alert["labels"]["alertname"] for alert in payload["alerts"]] == expected
    assert payload["commonLabels"] == {"metric": "fee.fastest"}
    assert re.fullmatch(r"[0-9a-f]{16}", payload["notificationId"])

    slack = receiver.bodies("/slack")[0]["text"]
    assert slack.startswith(f"[FIRING:{COUNT}] {COUNT} alerts"), slack[:80]
    assert listed(slack) == expected

    # Discord takes 2000 characters a post: the burst is split there, every alert listed once,
    # in order, at most 5 posts in any 2 s.
    wait_for(lambda: sum(len(listed(b["content"])) for b in receiver.bodies("/discord")) >= COUNT,
             timeout=60, what="every alert on Discord")
    posts = receiver.bodies("/discord")
    assert all(len(post["content"]) <= 2000 for post in posts)
    assert [name for post in posts for name in listed(post["content"])] == expected
    assert 5 < len(posts) < 40, len(posts)
    times = [request["received_at"] for request in receiver.requests("/discord")]
    assert all(later - earlier >= 1.5 for earlier, later in zip(times, times[5:])), times

    # Nothing more once the burst is out: one message each, not a message per rule.
    feed.fees(501)
    assert len(receiver.requests("/hook")) == 1 and len(receiver.requests("/slack")) == 1
    assert worker.stop() == 0


def test_a_failed_group_is_resent_with_its_members_and_id_after_a_kill(feed, receiver, workers):
    script = [{"status": 503, "headers": [["Retry-After", "3"]], "body": "busy"}]
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/hook", script),
                                    "group": {"wait": "1s", "interval": "1m"}}},
              "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"burst.json": burst_rules(["hook"])[:20]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(500)
    wait_for(lambda: len(receiver.requests("/hook")) == 1, timeout=30, what="the first attempt")
    worker.kill()
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="reconnect")
    feed.fees(501)  # nothing new crosses: every rule is already firing
    wait_for(lambda: len(receiver.requests("/hook")) == 2, timeout=30, what="the retry")
    first, retry = receiver.bodies("/hook")
    assert retry["notificationId"] == first["notificationId"]
    assert retry["alerts"] == first["alerts"] and len(first["alerts"]) == 20
    assert worker.stop() == 0
