"""A burst into a Slack-type or Telegram-type receiver through the real binary: many rules
crossing on one frame reach the channel in order at the service's pace (about one message a
second), none dropped."""
import pytest

from conftest import wait_for


def test_a_burst_reaches_a_slack_channel_at_its_pace(feed, receiver, workers):
    count = 6
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}, "team": {"type": "slack", "url": receiver.url("/slack")}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": f"fees-above-{level}", "metric": "fee.fastest", "above": level, "channels": ["team"]}
             for level in range(1, count + 1)]
    worker = workers(config, {"burst.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(50)  # one frame crosses every rule
    wait_for(lambda: len(receiver.requests("/slack")) == count, timeout=30, what="every message")
    times = [request["received_at"] for request in receiver.requests("/slack")]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    # One a second when sent; where they land, give or take the time on the wire (without the
    # limit they all land within a few milliseconds).
    assert min(gaps) >= 0.5, gaps
    assert times[-1] - times[0] >= count - 1.5, gaps
    assert times[-1] - times[0] < count + 5, "waiting its turn, not backing off"
    texts = [body["text"] for body in receiver.bodies("/slack")]
    assert [f"fees-above-{level}" in text for level, text in zip(range(1, count + 1), texts)] == [True] * count, texts
    assert worker.stop() == 0


@pytest.mark.parametrize("chat_id", ["123456789", 123456789, "-1001234567890", -1001234567890, "@satwatch_alerts"],
                         ids=["chat as a string", "chat as a number", "group as a string", "group as a number", "channel name"])
def test_a_burst_reaches_a_telegram_chat_a_message_a_second_however_its_id_is_written(feed, receiver, workers, chat_id):
    # Telegram allows about one message a second to any chat, a group's included: the chat id
    # written as a string (as the README writes it), a group's negative id and a public
    # channel's @name all get it, not only a private chat's number.
    count = 4
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "phone": {"type": "telegram", "token": "123:abc", "chat_id": chat_id, "url": receiver.url("/tg")}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": f"fees-above-{level}", "metric": "fee.fastest", "above": level, "channels": ["phone"]}
             for level in range(1, count + 1)]
    worker = workers(config, {"burst.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(50)  # one frame crosses every rule
    path = "/tg/bot123:abc/sendMessage"
    wait_for(lambda: len(receiver.requests(path)) == count, timeout=30, what="every message")
    times = [request["received_at"] for request in receiver.requests(path)]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    # Sent a second apart; where they land, give or take the time on the wire (without the
    # per-second limit all four land within a few milliseconds).
    assert min(gaps) >= 0.5, gaps
    assert times[-1] - times[0] >= count - 1.5, gaps
    bodies = receiver.bodies(path)
    assert [body["chat_id"] for body in bodies] == [chat_id] * count
    assert [f"fees-above-{level}" in body["text"] for level, body in zip(range(1, count + 1), bodies)] == [True] * count
    assert worker.stop() == 0
