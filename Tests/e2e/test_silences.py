"""Silences through the real binary: added and expired with `satwatch silence` while the worker
runs, applied to the next delivery; a silenced firing's resolve is not sent either; `status`,
`history` and `silence list` show them."""
import json
import subprocess

from conftest import BINARY, metrics, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def satwatch(worker, *arguments):
    done = subprocess.run([str(BINARY), *arguments, "--config", str(worker.config_path)],
                          capture_output=True, text=True, timeout=30, env={"USER": "alice", "PATH": "/usr/bin:/bin"})
    return done.returncode, done.stdout, done.stderr


def settled(worker, silenced):
    values = metrics(worker)
    return values.get(("satwatch_notifications_silenced_total", (("channel", "hook"),)), 0) == silenced


def test_a_silence_added_and_expired_while_the_worker_runs(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["console"]}}
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    status, out, err = satwatch(worker, "silence", "add", "--rule", "fees-*", "--for", "1h", "--comment", "fee spike expected")
    assert status == 0, err
    silence_id = out.strip()
    assert len(silence_id) == 8
    feed.fees(12)
    wait_for(lambda: settled(worker, 1), what="the firing silenced")
    feed.fees(4)
    wait_for(lambda: settled(worker, 2), what="its resolve silenced too")
    # Both entries are decided (silenced, kept): nothing of them can go out after this.
    assert receiver.requests("/alerts") == []
    _, listed, _ = satwatch(worker, "silence", "list")
    assert silence_id in listed and "rule=~fees-*" in listed and "by alice" in listed and "fee spike expected" in listed
    _, status_text, _ = satwatch(worker, "status")
    assert "2 silenced" in status_text and "SILENCES" in status_text
    _, history, _ = satwatch(worker, "history", "--json")
    outcomes = [(n["status"], d["outcome"]) for n in json.loads(history) for d in n["deliveries"]]
    assert outcomes == [("firing", "silenced"), ("resolved", "silenced")]
    assert satwatch(worker, "silence", "expire", silence_id)[0] == 0
    feed.fees(13)
    wait_for(lambda: len(receiver.requests("/alerts")) == 1, what="the next firing sent once the silence expired")
    assert receiver.bodies("/alerts")[0]["status"] == "firing"
    _, listed, _ = satwatch(worker, "silence", "list")
    assert listed.strip() == "no silences"
    assert satwatch(worker, "silence", "expire", silence_id)[0] == 1
    assert worker.stop() == 0


def test_the_resolve_of_an_alert_heard_only_through_a_reminder_goes_out(feed, receiver, workers):
    # The firing is silenced; once the silence ends, its reminders are sent: the channel heard the
    # alert firing, so it must hear it end.
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}, "hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["console"]}}
    worker = workers(config, {"fees.json": [dict(RULE, repeat="2s")]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    status, _, err = satwatch(worker, "silence", "add", "--rule", "fees-high", "--for", "8s")
    assert status == 0, err
    feed.fees(12)
    wait_for(lambda: settled(worker, 1), what="the firing silenced")
    wait_for(lambda: receiver.requests("/alerts"), timeout=20, what="a reminder once the silence ended")
    feed.fees(4)
    wait_for(lambda: receiver.bodies("/alerts")[-1]["status"] == "resolved", what="the resolve")
    _, history, _ = satwatch(worker, "history", "--json")
    outcomes = [(n["status"], d["outcome"]) for n in json.loads(history) for d in n["deliveries"]]
    assert outcomes[0] == ("firing", "silenced") and outcomes[-1] == ("resolved", "sent"), outcomes
    assert worker.stop() == 0


def test_silence_usage_errors(workers):
    worker = workers({"channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}, {"r.json": []})
    for arguments, message in [
        (["silence", "add", "--for", "1h"], "say what to silence"),
        (["silence", "add", "--rule", "x", "--for", "1h", "--until", "2030-01-01T00:00:00Z"], "not both"),
        (["silence", "add", "--rule", "cheap-*", "--rule", "fee-*"], 'no rule name matches both "cheap-*" and "fee-*"'),
        (["silence", "add", "--match", "severity!~.*"], 'no value of label "severity" matches severity!~.*'),
        (["silence", "add", "--rule", "foo", "--match", "alertname!=foo"], "no rule name matches all of rule=~foo, alertname!=foo"),
        (["silence", "add", "--match", "severity", "--for", "1h"], "--match takes KEY=VALUE"),
        (["silence", "add", "--rule", "x", "--until", "2001-01-01T00:00:00Z"], "is not in the future"),
        (["silence", "ad"], 'unknown action "ad" (did you mean "add"?)'),
    ]:
        status, _, err = satwatch(worker, *arguments)
        assert status == 2 and message in err, (arguments, err)
    # Before the first run: the state file is created for the silence.
    status, out, err = satwatch(worker, "silence", "add", "--match", "severity=page", "--until", "2099-01-01T00:00:00Z")
    assert status == 0 and len(out.strip()) == 8, err
