"""A burst into a Slack-type receiver through the real binary: many rules crossing on one frame
reach the channel in order at Slack's pace (about one message a second), none dropped."""
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
