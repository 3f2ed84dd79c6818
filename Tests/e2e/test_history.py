"""`satwatch history` and `status --json` through the real binary, beside a running worker: a
firing sent to one webhook and dead on another (404), then listed, filtered and read as JSON."""
import json
import subprocess

from conftest import BINARY, metrics, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "labels": {"severity": "page"}}


def satwatch(worker, *arguments):
    done = subprocess.run([str(BINARY), *arguments, "--config", str(worker.config_path)],
                          capture_output=True, text=True, timeout=30)
    return done.returncode, done.stdout, done.stderr


def test_history_lists_a_sent_and_a_dead_delivery_while_the_worker_runs(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/hook")},
                           "gone": {"type": "webhook", "url": receiver.url("/gone", script=[{"status": 404}])}},
              "defaults": {"channels": ["hook", "gone"]}}
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(5)
    feed.fees(12.5)
    wait_for(lambda: len(receiver.requests("/hook")) == 1, what="the firing on the hook")
    wait_for(lambda: metrics(worker).get(("satwatch_outbox_dead", (("channel", "gone"),)), 0) == 1,
             what="the firing to die on the 404")

    status, out, err = satwatch(worker, "history")
    assert (status, err) == (0, ""), err
    lines = out.splitlines()
    assert lines[0].split() == ["#ID", "AT", "RULE", "STATUS", "VALUE", "CHANNEL", "OUTCOME", "WHEN", "ATTEMPTS", "ERROR"]
    rows = [line.split() for line in lines[1:]]
    assert [(row[2], row[3], row[4], row[5], row[6]) for row in rows] == [
        ("fees-high", "firing", "12.5", "hook", "sent"), ("fees-high", "firing", "12.5", "gone", "dead")], out
    assert "HTTP 404" in lines[2]

    status, out, err = satwatch(worker, "history", "--json")
    assert (status, err) == (0, ""), err
    [notification] = json.loads(out)
    assert (notification["rule"], notification["status"], notification["value"]) == ("fees-high", "firing", 12.5)
    assert notification["labels"] == {"severity": "page"} and notification["values"] == {"fee.fastest": 12.5}
    assert notification["channels"] == ["hook", "gone"]
    sent, dead = notification["deliveries"]
    assert (sent["channel"], sent["outcome"], sent["attempts"]) == ("hook", "sent", 1) and "sent_at" in sent
    assert (dead["channel"], dead["outcome"]) == ("gone", "dead") and dead["error"].startswith("HTTP 404")
    # The webhook saw the same alert history lists.
    assert receiver.bodies("/hook")[0]["alerts"][0]["labels"]["alertname"] == "fees-high"

    assert json.loads(satwatch(worker, "history", "--json", "--channel", "gone")[1])[0]["deliveries"] == [dead]
    assert json.loads(satwatch(worker, "history", "--json", "--rule", "fees-*", "--since", "1h")[1]) == [notification]
    assert satwatch(worker, "history", "--rule", "btc-*") == (0, "  (no notifications)\n", "")
    assert satwatch(worker, "history", "--channel", "hok")[0] == 2

    status, out, err = satwatch(worker, "status", "--json")
    assert (status, err) == (0, ""), err
    report = json.loads(out)
    assert [(rule["name"], rule["state"], rule["last_value"]) for rule in report["rules"]] == [
        ("fees-high", "firing", 12.5), ("feed-stale:mempool", "inactive", None)]
    assert {entry["channel"]: (entry["sent"], entry["dead"]) for entry in report["deliveries"]} == {"hook": (1, 0), "gone": (0, 1)}
    assert [(entry["channel"], entry["state"]) for entry in report["pending_and_dead"]] == [("gone", "dead")]
    assert worker.stop() == 0
