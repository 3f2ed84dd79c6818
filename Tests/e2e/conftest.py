"""End-to-end fixtures: the real `satwatch` binary as a subprocess, talking to real peers.

Peers: Tests/Peers/feed_peer.py (a `websockets` server the test pushes frames through),
http_peer.py (records every webhook request), smtp_peer.py (aiosmtpd, records every message).
"""
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

ROOT = Path(__file__).resolve().parents[2]
PEERS = ROOT / "Tests" / "Peers"
FEED_FIXTURES = ROOT / "Tests" / "Fixtures" / "feeds"  # recorded feed frames (see the README there)
BINARY = Path(os.environ.get("SATWATCH_BIN", ROOT / ".build" / "debug" / "satwatch"))


def wait_for(predicate, timeout=10.0, interval=0.05, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


def timed_request(port, path, method="GET", body=None, token=None, timeout=20):
    """(status, body, seconds) of one request to the worker's endpoint (`body` sent as JSON,
    `token` as the bearer), measured by the client; status None when it got no answer at all
    within `timeout`."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if body is not None:
        headers["Content-Type"] = "application/json"
    started = time.monotonic()
    try:
        call = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                      data=None if body is None else json.dumps(body).encode(), headers=headers)
        with urllib.request.urlopen(call, timeout=timeout) as response:
            status, text = response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read().decode()
    except OSError as error:
        status, text = None, str(error)
    return status, text, time.monotonic() - started


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class FaketimeObjects:
    """The shared objects libfaketime wants, made by Debian's `faketime` wrapper around a `sleep`
    that holds them for a test; `names` is what `FAKETIME_SHARED` takes. Preloaded alone,
    libfaketime makes them itself and calls `setenv`, which moves `environ` before the Swift
    runtime finds `argv` through it, and the worker sees no arguments (swiftlang/swift#76080)."""

    def __init__(self):
        self.holder = subprocess.Popen(["faketime", "-f", "+0", "sleep", "3600"])
        self.names = wait_for(self._names, what="faketime's shared objects")

    def _names(self):
        try:
            for child in Path(f"/proc/{self.holder.pid}/task/{self.holder.pid}/children").read_text().split():
                for entry in Path(f"/proc/{child}/environ").read_bytes().split(b"\0"):
                    if entry.startswith(b"FAKETIME_SHARED="):
                        return entry.split(b"=", 1)[1].decode()
        except OSError:
            return None
        return None

    def close(self):
        self.holder.terminate()
        self.holder.wait()
        # Terminated, the wrapper leaves its semaphore and memory behind.
        for name in self.names.split():
            (Path("/dev/shm") / (("sem." + name[1:]) if "sem" in name else name[1:])).unlink(missing_ok=True)


class Peer:
    """A peer script started with `python3 -u`, ready once it printed `READY ...`."""

    def __init__(self, script, *args):
        self.process = subprocess.Popen([sys.executable, "-u", str(PEERS / script), *map(str, args)],
                                        stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("READY "):
            self.stop()
            raise RuntimeError(f"{script} did not start: {line!r}")
        self.ports = [int(part) for part in line.split()[1:]]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Feed(Peer):
    """feed_peer.py: frames pushed by the test reach every connected client."""

    def __init__(self, *args):
        args = tuple(str(a) for a in args)
        super().__init__("feed_peer.py", *args)
        self.port, self.control_port = self.ports
        self.control = socket.create_connection(("127.0.0.1", self.control_port))
        self.reader = self.control.makefile("r")

    @property
    def url(self):
        return f"ws://127.0.0.1:{self.port}"

    def command(self, line):
        self.control.sendall((line + "\n").encode())
        return self.reader.readline().strip()

    def push(self, frame):
        return self.command(frame if isinstance(frame, str) else json.dumps(frame))

    def clients(self):
        return int(self.command("!count").split()[0])

    def accepted(self):
        """Connections ever made to this feed."""
        return int(self.command("!count").split()[2])

    def fees(self, fastest, economy=1.0):
        return self.push({"fees": {"fastestFee": fastest, "halfHourFee": fastest, "hourFee": fastest,
                                   "economyFee": economy, "minimumFee": 1}})


class Sentinel:
    """Proves that a notification did not come by an event, not a pause: a rule on a metric
    nothing else in a test reads (`btc.chf`, from the mempool feed's conversions), on the same
    webhook channel. `flip` crosses it (firing, then resolved, and so on) through `feed` and
    waits for its notification. A channel's queue goes out in the order it was filled, so once
    the sentinel's arrives, anything the frames before it were to send there has arrived too."""

    def __init__(self, feed, receiver, channel="hook", path="/alerts"):
        self.feed, self.receiver, self.path = feed, receiver, path
        self.rule = {"name": "sentinel", "metric": "btc.chf", "above": 100, "channels": [channel]}
        self.firing = False

    def flip(self):
        self.firing = not self.firing
        status = "firing" if self.firing else "resolved"
        heard = len(self.heard(status))
        self.feed.push({"conversions": {"time": int(time.time()), "CHF": 200 if self.firing else 50}})
        wait_for(lambda: len(self.heard(status)) > heard, what=f"the sentinel's {status} notification")

    def heard(self, status):
        return [body for body in self.receiver.bodies(self.path) if self.ours(body) and body["status"] == status]

    @staticmethod
    def ours(body):
        return body["alerts"][0]["labels"]["alertname"] == "sentinel"


class Receiver(Peer):
    """http_peer.py: every request recorded as a JSON line."""

    def __init__(self, tmp_path):
        self.record = tmp_path / "requests.jsonl"
        self.record.touch()
        super().__init__("http_peer.py", "--record", self.record)
        self.port = self.ports[0]

    def url(self, path, script=None):
        query = ""
        if script is not None:
            query = "?script=" + base64.urlsafe_b64encode(json.dumps(script).encode()).decode().rstrip("=")
        return f"http://127.0.0.1:{self.port}{path}{query}"

    def requests(self, path=None):
        lines = [json.loads(line) for line in self.record.read_text().splitlines() if line]
        return [r for r in lines if path is None or r["path"].split("?")[0] == path]

    def bodies(self, path):
        return [json.loads(base64.b64decode(r["body_b64"])) for r in self.requests(path)]


class Mailbox(Peer):
    """smtp_peer.py in plain mode: every accepted message written as <n>.json."""

    def __init__(self, out, port=0):
        self.out = Path(out)
        super().__init__("smtp_peer.py", "--mode", "plain", "--out", self.out, "--port", port)
        self.port = self.ports[0]

    def messages(self):
        return [json.loads(p.read_text()) for p in sorted(self.out.glob("*.json"))]


class Worker:
    """`satwatch run` on a config written into the test's folder; stderr captured to a file."""

    def __init__(self, folder, config, rules):
        self.folder = Path(folder)
        (self.folder / "rules").mkdir(exist_ok=True)
        for name, content in rules.items():
            self.write_rules(name, content)
        self.http_port = free_port()
        config.setdefault("state", "state.db")
        config.setdefault("rules", ["rules"])
        config.setdefault("http", {"listen": f"127.0.0.1:{self.http_port}"})
        self.config_path = self.folder / "satwatch.json"
        self.config_path.write_text(json.dumps(config, indent=2))
        self.log_path = self.folder / "worker.log"
        self.process = None
        self.starts = 0
        self.binary = BINARY

    def write_rules(self, name, content):
        text = content if isinstance(content, str) else json.dumps({"rules": content})
        (self.folder / "rules" / name).write_text(text)

    def start(self, closed=(), confine=None, env=None):
        """Starts `satwatch run`; `closed` names standard descriptors (0, 1) the worker starts
        without, as under a supervisor that gives it no standard input; `confine`, when given,
        runs in the child last before exec (it loads a seccomp filter or sets a limit); `env`
        adds to the environment (libfaketime's, say)."""
        self.starts += 1
        self.log_offset = self.log_path.stat().st_size if self.log_path.exists() else 0
        self.log = open(self.log_path, "ab")

        def prepare():
            for fd in closed:
                os.close(fd)
            if confine:
                confine()
        self.process = subprocess.Popen([str(self.binary), "run", "--config", str(self.config_path)],
                                        stdout=subprocess.DEVNULL, stderr=self.log,
                                        env=dict(os.environ, **env) if env else None,
                                        preexec_fn=prepare if closed or confine else None)
        wait_for(lambda: "msg=started" in self.log_text() or self.process.poll() is not None, what="start")
        assert self.process.poll() is None, self.log_text()
        return self

    def log_text(self):
        return self.log_path.read_bytes()[self.log_offset:].decode("utf-8", "replace") if self.log_path.exists() else ""

    def wait_log(self, pattern, timeout=10.0):
        return wait_for(lambda: re.search(pattern, self.log_text()), timeout, what=f"log line /{pattern}/")

    def signal(self, signum):
        self.process.send_signal(signum)

    def stop(self, timeout=10.0):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()
        return self.process.returncode

    def kill(self):
        self.process.kill()
        self.process.wait()
        self.log.close()

    def get(self, path):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.http_port}{path}", timeout=5) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


class Alertmanager:
    """Debian's `prometheus-alertmanager` on loopback: alone, or one peer of a cluster (every
    peer names the others' cluster ports). Its one route sends each alert (grouped by name) to a
    webhook `receiver_url`; `alerts()` reads `/api/v2/alerts` back."""

    BINARY = shutil.which("prometheus-alertmanager") or shutil.which("alertmanager")

    def __init__(self, folder, receiver_url, resolve_timeout="5m", group_wait="1s", group_interval="2s"):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port, self.cluster_port = free_port(), free_port()
        self.peers = []
        self.process = None
        (self.folder / "alertmanager.yml").write_text(
            f"global:\n  resolve_timeout: {resolve_timeout}\n"
            f"route:\n  receiver: hook\n  group_by: ['alertname']\n  group_wait: {group_wait}\n"
            f"  group_interval: {group_interval}\n  repeat_interval: 24h\n"
            f"receivers:\n  - name: hook\n    webhook_configs:\n      - url: {receiver_url}\n        send_resolved: true\n")

    @classmethod
    def cluster(cls, folder, count, receiver_url, **settings):
        peers = [cls(Path(folder) / f"am{index + 1}", receiver_url, **settings) for index in range(count)]
        for peer in peers:
            peer.peers = [other.cluster_port for other in peers if other is not peer]
        return peers

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        arguments = [self.BINARY, f"--config.file={self.folder / 'alertmanager.yml'}",
                     f"--storage.path={self.folder / 'data'}", f"--web.listen-address=127.0.0.1:{self.port}"]
        if self.peers:
            arguments += [f"--cluster.listen-address=127.0.0.1:{self.cluster_port}",
                          f"--cluster.advertise-address=127.0.0.1:{self.cluster_port}",
                          "--cluster.peer-timeout=1s", "--cluster.settle-timeout=1s", "--cluster.gossip-interval=100ms"]
            arguments += [f"--cluster.peer=127.0.0.1:{port}" for port in self.peers]
        else:
            arguments.append("--cluster.listen-address=")
        self.log = open(self.folder / "alertmanager.log", "ab")
        self.process = subprocess.Popen(arguments, stdout=self.log, stderr=self.log)
        wait_for(self.ready, timeout=30, what="alertmanager ready")
        return self

    def ready(self):
        try:
            with urllib.request.urlopen(self.url + "/-/ready", timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    def alerts(self):
        with urllib.request.urlopen(self.url + "/api/v2/alerts", timeout=5) as response:
            return json.loads(response.read())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()


@pytest.fixture
def alertmanagers():
    started = []

    def make(peers):
        started.extend(peers)
        return peers

    yield make
    for peer in started:
        peer.stop()


@pytest.fixture
def feed():
    peer = Feed()
    yield peer
    peer.stop()


@pytest.fixture
def receiver(tmp_path):
    peer = Receiver(tmp_path)
    yield peer
    peer.stop()


@pytest.fixture
def mailbox(tmp_path):
    peer = Mailbox(tmp_path / "mail")
    yield peer
    peer.stop()


@pytest.fixture
def workers(tmp_path):
    started = []

    def make(config, rules):
        worker = Worker(tmp_path, config, rules)
        started.append(worker)
        return worker

    yield make
    for worker in started:
        if worker.process and worker.process.poll() is None:
            worker.kill()


def metrics(worker):
    """The worker's /metrics as {(sample name, sorted label pairs): value}."""
    status, text = worker.get("/metrics")
    assert status == 200
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def all_sent(worker, receiver, path, channel):
    """Whether `worker` has nothing left to send on `channel` and has sent (since it started)
    exactly what `receiver` holds at `path`: the event that proves no duplicate is still to come
    from what it has queued, where a pause would only make one unlikely. A duplicate is either
    pending or already sent and received, where the caller's check of the bodies sees it."""
    values = metrics(worker)
    label = (("channel", channel),)
    return (values.get(("satwatch_outbox_pending", label), 0) == 0
            and values.get(("satwatch_notifications_sent_total", label), 0) == len(receiver.requests(path)))
