"""A `gotify` channel through the real binary against an HTTP peer standing in for a Gotify
server: Gotify's documented `POST /message`, the application token in `X-Gotify-Key`, a JSON
body of title, message and priority (8 firing, 4 resolved), and the token never in the log."""
from conftest import wait_for


def test_gotify_gets_the_firing_and_the_resolve(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"},
                           "phone": {"type": "gotify", "url": receiver.url("/gotify"), "token": "AqZ7.tok3n"}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["phone"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    wait_for(lambda: receiver.requests("/gotify/message"), timeout=15, what="the firing")
    feed.fees(4)
    wait_for(lambda: len(receiver.requests("/gotify/message")) == 2, timeout=15, what="the resolve")
    requests = receiver.requests("/gotify/message")
    for request in requests:
        headers = {name.lower(): value for name, value in request["headers"]}
        assert request["method"] == "POST"
        assert headers["x-gotify-key"] == "AqZ7.tok3n"
        assert headers["content-type"] == "application/json"
    bodies = receiver.bodies("/gotify/message")
    assert [(b["title"], b["priority"]) for b in bodies] == [("[FIRING] fees-high", 8), ("[RESOLVED] fees-high", 4)]
    assert "fee.fastest" in bodies[0]["message"]
    assert worker.stop() == 0
    assert "AqZ7.tok3n" not in worker.log_text()
