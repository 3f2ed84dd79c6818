"""Messages for people, through the real binary: the README's first rule resolves with a
resolve text, not its firing message; chat and mail show times to the minute (in a channel's
`time_zone`), numbers grouped at the metric's precision, no notification id, and no silence
link on a resolve; `check` points at a `time_zone` that is no zone."""
import json
import re
import subprocess
import time

from conftest import BINARY, wait_for

README_RULE = {"name": "btc-above-95k", "metric": "btc.usd", "above": 95000,
               "message": "BTC is {{value}} USD, above {{threshold}}"}


def header(mail, name):
    return next(value for key, value in mail["headers"] if key.lower() == name.lower())


def price(feed, usd):
    feed.push({"conversions": {"time": int(time.time()), "USD": usd}})


def test_the_readmes_first_rule_resolves_with_a_resolve_text(feed, receiver, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"r.json": [README_RULE]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    price(feed, 96123.5)
    wait_for(lambda: receiver.bodies("/alerts"), timeout=30, what="the firing")
    price(feed, 94000)
    wait_for(lambda: len(receiver.bodies("/alerts")) == 2, timeout=30, what="the resolve")
    firing, resolved = [body["alerts"][0] for body in receiver.bodies("/alerts")]
    assert firing["annotations"]["summary"] == "BTC is 96,123.5 USD, above 95,000"
    assert resolved["status"] == "resolved"
    assert resolved["annotations"]["summary"] == "btc.usd is 94,000, back below 95,000"
    # Machine fields keep plain numbers.
    assert resolved["annotations"]["value"] == "94000"
    assert worker.stop() == 0


def test_chat_and_mail_read_as_people_read(feed, receiver, mailbox, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
              "channels": {"team": {"type": "slack", "url": receiver.url("/slack"), "time_zone": "Asia/Tokyo"},
                           "mail": {"type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "tls": "none",
                                    "from": "satwatch <a@example.test>", "to": ["me@example.test"]}},
              "defaults": {"channels": ["team", "mail"]}}
    worker = workers(config, {"r.json": [README_RULE]})
    settings = json.loads(worker.config_path.read_text())
    settings["http"]["external_url"] = "https://alerts.example.com"
    worker.config_path.write_text(json.dumps(settings))
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    price(feed, 96123.5)
    wait_for(lambda: len(receiver.bodies("/slack")) == 1 and len(mailbox.messages()) == 1, timeout=30, what="the firing")
    price(feed, 94000)
    wait_for(lambda: len(receiver.bodies("/slack")) == 2 and len(mailbox.messages()) == 2, timeout=30, what="the resolve")
    firing, resolved = receiver.bodies("/slack")
    facts = {field["title"]: field["value"] for field in firing["attachments"][0]["fields"]}
    assert facts["Value"] == "96,123.5" and facts["Threshold"] == "95,000", facts
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d JST", facts["Since"]), facts
    assert "ID" not in facts
    assert "Silence 1h: https://alerts.example.com/silence?" in firing["text"]
    assert resolved["text"] == "[RESOLVED] btc-above-95k: btc.usd is 94,000, back below 95,000"
    resolved_facts = {field["title"]: field["value"] for field in resolved["attachments"][0]["fields"]}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d JST", resolved_facts["Resolved"]), resolved_facts
    first_mail, resolved_mail = sorted(mailbox.messages(), key=lambda m: "RESOLVED" in header(m, "Subject"))
    assert "Silence 1h" in first_mail["body"]
    assert "Silence 1h" not in resolved_mail["body"] and "silence?" not in resolved_mail["body"]
    for mail in (first_mail, resolved_mail):
        identifier = header(mail, "Message-ID").strip("<>").split("@")[0]
        assert re.fullmatch(r"[0-9a-f]{16}", identifier), mail["headers"]
        assert identifier not in mail["body"] and "ID:" not in mail["body"], mail["body"]
        assert re.search(r"^Since: \d{4}-\d\d-\d\d \d\d:\d\d UTC\r?$", mail["body"], re.M), mail["body"]
    assert "Value: 96,123.5" in first_mail["body"]
    assert worker.stop() == 0


def test_check_points_at_a_time_zone_that_is_no_zone(tmp_path):
    text = ('{\n  "channels": {\n    "team": {"type": "slack", "url": "https://hooks.example/x",\n'
            '             "time_zone": "Europe/Berln"}\n  },\n  "rules": []\n}\n')
    (tmp_path / "satwatch.json").write_text(text)
    done = subprocess.run([BINARY, "check", "--config", str(tmp_path / "satwatch.json")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done
    assert f'{tmp_path / "satwatch.json"}:4:27: unknown time zone "Europe/Berln" (did you mean "Europe/Berlin"?)' \
        in done.stdout + done.stderr, done
