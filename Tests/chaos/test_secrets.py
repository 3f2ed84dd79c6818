"""Secrets under a receiver that echoes what it was sent: no token, password or URL part of a
channel, whether written literally or from `${VAR}`, shows in the worker's log, `satwatch
status`, `satwatch history`, `/api/v1/history`, `satwatch notify` or `/metrics`, neither in the
clear nor in the base64 of an echoed `Authorization: Basic` header."""
import base64
import json
import subprocess
import urllib.request

from conftest import BINARY, metrics, wait_for

HOOK_TOKEN = "B07HOOK5ecretToken0123456789"
QUERY_TOKEN = "q7QueryToken0123456789"
BOT_TOKEN = "7301234567:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
NTFY_TOKEN = "tk_7n3fYbearer0123456789"
TOPIC = "alerts-7f3k9q2x5w"
CHANNELS = ("hook", "tg", "push")
RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": list(CHANNELS)}


def prime(receiver, path, script):
    """Registers `script` for `path` with a request of our own (the first reply is ours): for
    clients that build the path themselves (Telegram appends /bot<token>/sendMessage), whose
    URL cannot carry the script."""
    urllib.request.urlopen(receiver.url(path, script=[{"status": 200, "body": "primed"}] + script), data=b"", timeout=5).read()


def test_no_secret_in_logs_status_notify_or_metrics(chaos, feed, receiver, workers, monkeypatch):
    repeats = 6  # the worker's attempt, then `notify` for each channel, with room to spare
    echo404 = [{"status": 404, "body": "Cannot POST ", "echo": True}] * repeats
    hook_url = receiver.url(f"/hooks/{HOOK_TOKEN}", script=echo404) + f"&token={QUERY_TOKEN}"
    push_url = receiver.url(f"/ntfy/{TOPIC}", script=[
        {"status": 401, "body": f"unauthorized: Bearer {NTFY_TOKEN} for ", "echo": True}] * repeats)
    prime(receiver, f"/tg/bot{BOT_TOKEN}/sendMessage", echo404)
    monkeypatch.setenv("SATWATCH_CHAOS_NTFY_TOKEN", NTFY_TOKEN)
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
        "channels": {
            "hook": {"type": "webhook", "url": hook_url},
            "tg": {"type": "telegram", "token": BOT_TOKEN, "chat_id": 42, "url": receiver.url("/tg")},
            "push": {"type": "ntfy", "url": push_url, "token": "${SATWATCH_CHAOS_NTFY_TOKEN}"},
        },
        "defaults": {"channels": list(CHANNELS)},
    }
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(12)
    wait_for(lambda: all(metrics(worker).get(("satwatch_outbox_dead", (("channel", c),)), 0) == 1 for c in CHANNELS),
             timeout=20, what="every channel's delivery to fail permanently")

    def run(*args):
        done = subprocess.run([str(BINARY), *args, "--config", str(worker.config_path)],
                              capture_output=True, text=True, timeout=30)
        return done.stdout + done.stderr

    outputs = {"status": run("status")}
    for channel in CHANNELS:
        outputs[f"notify {channel}"] = run("notify", channel)
    outputs["/metrics"] = worker.get("/metrics")[1]
    assert worker.stop() == 0
    outputs["worker log"] = worker.log_text()

    secrets = [hook_url, f"/hooks/{HOOK_TOKEN}", HOOK_TOKEN, QUERY_TOKEN, BOT_TOKEN, BOT_TOKEN.replace(":", "%3A"),
               BOT_TOKEN.split(":")[1], NTFY_TOKEN, push_url, f"/ntfy/{TOPIC}", TOPIC]
    leaks = [(where, secret) for where, text in outputs.items() for secret in secrets if secret in text]
    # What was measured is real: every echo reached status and notify, masked.
    echoed = outputs["status"].count("Cannot POST ***") == 2 and "Bearer ***" in outputs["status"] \
        and all("failed to send" in outputs[f"notify {c}"] for c in CHANNELS)
    chaos.row(fault="receivers echo the URL path, query and Bearer token in their 404/401 body; "
                    "tokens literal and from ${VAR}",
              promised="no secret in logs, status, notify or /metrics",
              measured=f"{len(leaks)} leaks of {len(secrets)} secrets in {len(outputs)} outputs"
                       + ("" if echoed else " (echoes not observed)"),
              passed=not leaks and echoed)
    assert not leaks, json.dumps(leaks, indent=1)


def test_no_basic_auth_credentials_in_any_output_when_receivers_echo_the_authorization_header(chaos, feed, receiver, workers):
    """curl turns a URL's `user:password@` into `Authorization: Basic <base64>`; a receiver that
    answers 401 quoting that header hands the credentials back in base64."""
    repeats = 6
    echo401 = [{"status": 401, "body": "unauthorized, you sent", "echo_headers": ["Authorization"]}] * repeats
    hook_url = receiver.url("/basic/hook", script=echo401).replace("http://", "http://hook-user:p%40ss@")
    am_base = f"http://am-ops:s3cr%2Fet-pw@127.0.0.1:{receiver.port}/am"
    prime(receiver, "/am/api/v2/alerts", echo401)
    channels = ("hook", "am")
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
        "channels": {"hook": {"type": "webhook", "url": hook_url}, "am": {"type": "alertmanager", "url": am_base}},
        "defaults": {"channels": list(channels)},
    }
    worker = workers(config, {"fees.json": [dict(RULE, channels=list(channels))]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(12)
    wait_for(lambda: all(metrics(worker).get(("satwatch_outbox_dead", (("channel", c),)), 0) == 1 for c in channels),
             timeout=20, what="every channel's delivery to fail permanently")

    def run(*args):
        done = subprocess.run([str(BINARY), *args, "--config", str(worker.config_path)],
                              capture_output=True, text=True, timeout=30)
        return done.stdout + done.stderr

    outputs = {"status": run("status"), "status --json": run("status", "--json"),
               "history": run("history"), "history --json": run("history", "--json"),
               "/api/v1/history": worker.get("/api/v1/history")[1]}
    for channel in channels:
        outputs[f"notify {channel}"] = run("notify", channel)
    assert worker.stop() == 0
    outputs["worker log"] = worker.log_text()

    sent = [base64.b64decode(header.split()[1]).decode() for request in receiver.requests()
            for name, header in request["headers"] if name.lower() == "authorization"]
    assert set(sent) == {"hook-user:p@ss", "am-ops:s3cr/et-pw"}, sent  # curl sent them percent-decoded

    def base64_forms(text):
        encoded = base64.b64encode(text.encode()).decode()
        return [encoded, encoded.rstrip("=")]
    credentials = ["hook-user:p@ss", "hook-user:p%40ss", "p@ss", "p%40ss", "am-ops:s3cr/et-pw", "am-ops:s3cr%2Fet-pw",
                   "s3cr/et-pw", "s3cr%2Fet-pw"]
    secrets = credentials + [form for text in credentials for form in base64_forms(text)]
    leaks = [(where, secret) for where, text in outputs.items() for secret in secrets if secret in text]
    # What was measured is real: the echo reached every output that shows a failure reason.
    shown = ["status", "status --json", "history", "history --json", "/api/v1/history", "notify hook", "notify am", "worker log"]
    echoed = all("Authorization: Basic ***" in outputs[where] for where in shown)
    chaos.row(fault="receivers answer 401 echoing the Authorization header curl built from a webhook's and an "
                    "alertmanager's user:password@ URL",
              promised="no credential, in the clear or base64, in the log, status, history, /api/v1/history or notify",
              measured=f"{len(leaks)} leaks of {len(secrets)} forms in {len(outputs)} outputs"
                       + ("" if echoed else " (echoes not observed: " + ", ".join(w for w in shown if "Authorization: Basic ***" not in outputs[w]) + ")"),
              passed=not leaks and echoed)
    assert not leaks, json.dumps(leaks, indent=1)
