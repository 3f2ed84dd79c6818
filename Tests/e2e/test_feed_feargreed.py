"""The `feargreed` feed through the real binary against an HTTP peer answering as alternative.me's
`/fng/` does: polled at start, its value published as `fear_greed` (source `feargreed`), and a
rule on it firing to a webhook."""
import json

from conftest import metrics, wait_for

ANSWER = {"name": "Fear and Greed Index",
          "data": [{"value": "18", "value_classification": "Extreme Fear", "timestamp": "1751000000",
                    "time_until_update": "3600"}],
          "metadata": {"error": None}}


def test_extreme_fear_fires_a_rule(receiver, workers):
    url = receiver.url("/fng/", script=[{"status": 200, "body": json.dumps(ANSWER),
                                         "headers": [["Content-Type", "application/json"]]}])
    config = {"feeds": {"feargreed": {"url": url, "every": "5m"}},
              "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["console"]}}
    rules = [{"name": "extreme-fear", "metric": "fear_greed", "below": 20, "channels": ["hook"]}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: receiver.bodies("/alerts"), timeout=20, what="the firing")
    polls = receiver.requests("/fng/")
    assert [r["method"] for r in polls] == ["GET"]
    body = receiver.bodies("/alerts")[0]
    assert (body["status"], body["alerts"][0]["labels"]["alertname"]) == ("firing", "extreme-fear")
    values = metrics(worker)
    assert values[("satwatch_metric_value", (("metric", "fear_greed"), ("source", "feargreed")))] == 18
    assert worker.stop() == 0
