"""The command line against a worker on another machine, as amtool talks to Alertmanager:
`status`, `history` and `silence` with `--url http://host:9464` go through the worker's HTTP API
(writes with its token), and say clearly when the worker cannot be reached or refuses the token.
Here the real binary talks to a real worker over loopback HTTP, from a folder without its config
or state file."""
import json
from datetime import datetime, timedelta
import socket
import subprocess

from conftest import BINARY, wait_for

TOKEN = "remote-token-0123456789"
RULES = [{"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]},
         {"name": "fees-low", "metric": "fee.fastest", "below": 2, "channels": ["hook"]}]


def satwatch(*arguments, cwd, token=None, user="bob"):
    environment = {"PATH": "/usr/bin:/bin", "USER": user}
    if token:
        environment["SATWATCH_TOKEN"] = token
    done = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, timeout=60, cwd=cwd, env=environment)
    return done.returncode, done.stdout, done.stderr


def start(feed, receiver, workers):
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
                      "channels": {"hook": {"type": "webhook", "url": receiver.url("/hook")}},
                      "defaults": {"channels": ["hook"]}}, {"fees.json": RULES})
    config = json.loads(worker.config_path.read_text())
    config["http"]["token"] = TOKEN
    worker.config_path.write_text(json.dumps(config))
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(25)
    wait_for(lambda: len(receiver.requests("/hook")) == 1, timeout=20, what="the firing")
    return worker


def test_status_history_and_silences_through_the_api(feed, receiver, workers, tmp_path):
    worker = start(feed, receiver, workers)
    url = f"http://127.0.0.1:{worker.http_port}"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    status, out, err = satwatch("silence", "add", "--url", url, "--rule", "fees-*", "--comment", "remote", "--quiet",
                                cwd=elsewhere, token=TOKEN)
    assert status == 0 and err == "", err
    silence_id = out.strip()
    assert len(silence_id) == 8, out
    listed = json.loads(satwatch("silence", "list", "--url", url, "--json", cwd=elsewhere)[1])
    assert [(s["id"], s["matchers"], s["author"], s["comment"]) for s in listed] == [
        (silence_id, [{"rule": "fees-*"}], "bob", "remote")]
    # Neither --for nor --until: one hour, as amtool's default.
    lasts = datetime.fromisoformat(listed[0]["ends_at"]) - datetime.fromisoformat(listed[0]["starts_at"])
    assert lasts == timedelta(hours=1), listed
    status, text, err = satwatch("silence", "list", "--url", url, cwd=elsewhere)
    assert status == 0 and silence_id in text and "rule=~fees-*" in text and "by bob" in text, err

    status, text, err = satwatch("status", "--url", url, cwd=elsewhere)
    assert status == 0, err
    lines = text.splitlines()
    assert lines[0] == f"worker: {url}"
    assert any(line.split()[:3] == ["fees-high", "firing", "since"] and line.endswith("last 25") for line in lines), text
    assert any(line.split()[:2] == ["fees-low", "inactive"] for line in lines), text
    assert "SILENCES" in lines and any(silence_id in line for line in lines), text
    document = json.loads(satwatch("status", "--url", url, "--json", cwd=elsewhere)[1])
    assert document["worker"] == url and {r["name"]: r["state"] for r in document["rules"]}["fees-high"] == "firing"
    # Rules read as a local `status --json` writes them, so one script reads either (the feeds'
    # staleness alerts are the worker machine's lines: the API lists the rule files' rules).
    local = json.loads(satwatch("status", "--config", str(worker.config_path), "--json", cwd=elsewhere)[1])
    assert document["rules"] == [r for r in local["rules"] if not r["name"].startswith("feed-stale:")], (document, local)
    assert [s["id"] for s in document["silences"]] == [silence_id]

    # The same history as on the worker's machine, text and JSON alike.
    for form in ([], ["--json"]):
        remote = satwatch("history", "--url", url, "--rule", "fees-?igh", *form, cwd=elsewhere)
        local = satwatch("history", "--config", str(worker.config_path), "--rule", "fees-?igh", *form, cwd=elsewhere)
        assert remote[0] == local[0] == 0, (remote, local)
        assert remote[1] == local[1] and "fees-high" in remote[1], (remote, local)
    assert satwatch("history", "--url", url, "--rule", "nothing-*", "--json", cwd=elsewhere)[1].strip() == "[]"
    # A mistyped channel is refused there as here (exit 2, naming the configured ones), not an
    # empty history; the API says it with 422.
    remote = satwatch("history", "--url", url, "--channel", "hoook", cwd=elsewhere)
    local = satwatch("history", "--config", str(worker.config_path), "--channel", "hoook", cwd=elsewhere)
    assert remote[0] == local[0] == 2 and remote[1] == "", (remote, local)
    assert 'unknown channel "hoook" (did you mean "hook"?)' in remote[2] and remote[2] == local[2], (remote, local)
    assert worker.get("/api/v1/history?channel=nope") == (422, '{"error":"unknown channel \\"nope\\" (configured: hook)"}\n')
    assert satwatch("history", "--url", url, "--channel", "hook", cwd=elsewhere)[0] == 0

    # $SATWATCH_URL stands for --url.
    done = subprocess.run([str(BINARY), "silence", "expire", silence_id], capture_output=True, text=True, timeout=60,
                          cwd=elsewhere, env={"PATH": "/usr/bin:/bin", "SATWATCH_URL": url, "SATWATCH_TOKEN": TOKEN})
    assert (done.returncode, done.stdout) == (0, f"expired {silence_id}\n"), done.stderr
    status, _, err = satwatch("silence", "expire", silence_id, "--url", url, cwd=elsewhere, token=TOKEN)
    assert status == 1 and f"no running silence {silence_id}" in err, err
    assert json.loads(satwatch("silence", "list", "--url", url, "--json", cwd=elsewhere)[1])[0]["active"] is False
    assert worker.stop() == 0


def test_the_token_comes_from_the_config_and_a_refusal_says_what_to_do(feed, receiver, workers, tmp_path):
    worker = start(feed, receiver, workers)
    url = f"http://127.0.0.1:{worker.http_port}"
    add = ["silence", "add", "--url", url, "--rule", "fees-high", "--for", "10m"]
    status, out, err = satwatch(*add, cwd=tmp_path)
    assert (status, out) == (1, ""), err
    assert err.startswith(f"satwatch silence: the worker at {url} needs its http.token for this (401"), err
    assert "set SATWATCH_TOKEN" in err
    status, out, err = satwatch(*add, cwd=tmp_path, token="wrong-token-0123456789")
    assert (status, out) == (1, "") and f"the worker at {url} refused the token (401" in err, err
    # The config's http.token, when --config names it.
    status, out, err = satwatch(*add, "--config", str(worker.config_path), cwd=tmp_path)
    assert status == 0 and len(out.strip()) == 8, err
    assert err.startswith("silenced rule=~fees-high until "), err
    # Negated and regular-expression matchers travel as silence add takes them.
    status, out, err = satwatch("silence", "add", "--url", url, "--match", "severity!=page", "--match", "alertname=~fees-(high|low)",
                                "--quiet", cwd=tmp_path, token=TOKEN)
    assert status == 0, err
    added = [s for s in json.loads(satwatch("silence", "list", "--url", url, "--json", cwd=tmp_path)[1]) if s["id"] == out.strip()]
    assert added[0]["matchers"] == [{"label": "severity", "value": "page", "op": "!="},
                                    {"label": "alertname", "value": "fees-(high|low)", "op": "=~"}], added
    assert "severity!=page alertname=~fees-(high|low)" in satwatch("silence", "list", "--url", url, cwd=tmp_path)[1]
    # A mistake is the same usage error as without --url, before anything is sent.
    status, _, err = satwatch("silence", "add", "--url", url, "--rule", "cheap-*", "--rule", "fee-*", cwd=tmp_path, token=TOKEN)
    assert status == 2 and 'no rule name matches both "cheap-*" and "fee-*"' in err, err
    assert len(json.loads(satwatch("silence", "list", "--url", url, "--json", cwd=tmp_path)[1])) == 2
    assert worker.stop() == 0


def test_an_unreachable_worker_is_named_with_the_reason(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    for command in (["status"], ["history"], ["silence", "list"], ["silence", "expire", "abcd0123"]):
        status, out, err = satwatch(*command, "--url", url, cwd=tmp_path, token=TOKEN)
        assert (status, out) == (1, ""), (command, out, err)
        assert f"cannot reach the worker at {url}: " in err and "http.listen" in err, (command, err)
    status, _, err = satwatch("status", "--url", "host:9464", cwd=tmp_path)
    assert status == 2 and "--url takes the worker's address, e.g. http://127.0.0.1:9464" in err, err
