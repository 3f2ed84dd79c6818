"""A portfolio through the real binary: `portfolios` in the config publishes `portfolio.<name>`
from live prices, a rule on it fires with every price in its values, and it goes unknown (the
rule keeps firing, nothing resolves) while a price's feed is stale."""
from test_conditions import connected, nothing_more, price, received, seen_value

from conftest import Sentinel, metrics


def test_portfolio_value_fires_and_holds_while_its_feed_is_stale(feed, receiver, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "3s"}},
        "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["console"]},
        "portfolios": {"main": {"currency": "eur", "holdings": {"btc": 0.5}}},
    }
    rule = {"name": "rich", "metric": "portfolio.main", "above": 45000, "channels": ["hook"],
            "message": "worth {{value}} EUR ({{values}})"}
    sentinel = Sentinel(feed, receiver)
    worker = workers(config, {"p.json": [rule, sentinel.rule]}).start()
    connected(feed)
    price(feed, 100000, eur=80000)
    seen_value(worker, "portfolio.main", 40000, source="derived")
    assert receiver.requests("/alerts") == []
    price(feed, 110000, eur=92000)
    [(name, status, value, values)] = received(receiver, 1, "the portfolio rule firing", sentinel)
    assert (name, status, value) == ("rich", "firing", "46000")
    assert values == "portfolio.main = 46000, 0.5 * btc.eur = 46000, btc.eur = 92000"
    assert receiver.bodies("/alerts")[0]["alerts"][0]["annotations"]["summary"] == \
        "worth 46,000 EUR (portfolio.main = 46,000, 0.5 * btc.eur = 46,000, btc.eur = 92,000)"
    # The feed goes quiet past stale_after: feed-stale fires on the console, the portfolio is
    # unknown, and its rule neither resolves nor fires again.
    worker.wait_log(r'msg="alert firing" rule=feed-stale:mempool', timeout=15)
    values = metrics(worker)
    assert values[("satwatch_rule_state", (("rule", "rich"), ("state", "firing")))] == 1
    # The sentinel's frames bring the feed back (btc.eur still 92000): a resolve sent while it was
    # stale would have arrived before the first flip's notification, a second firing on its return
    # before the second's.
    sentinel.flip()
    nothing_more(receiver, 1, sentinel)
    assert worker.stop() == 0
