"""The `near` condition through the real binary: a rule fires when the metric comes within a
percent of a reference expression and resolves when it moves away, its message saying so."""
from conftest import wait_for


def test_near_fires_within_the_percent_and_resolves_away(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": "fees-converge", "metric": "fee.fastest", "near": {"of": "fee.economy * 2", "percent": 10},
              "channels": ["hook"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12, economy=1)
    feed.fees(10.5, economy=5)
    wait_for(lambda: receiver.bodies("/alerts"), timeout=15, what="the firing")
    feed.fees(30, economy=5)
    wait_for(lambda: len(receiver.bodies("/alerts")) == 2, timeout=15, what="the resolve")
    summaries = [(b["status"], b["alerts"][0]["annotations"]["summary"]) for b in receiver.bodies("/alerts")]
    assert summaries == [("firing", "fee.fastest is 10.5, within 10% of fee.economy * 2 (10)"),
                         ("resolved", "fee.fastest is 30, no longer within 10% of fee.economy * 2 (10)")]
    assert worker.stop() == 0
