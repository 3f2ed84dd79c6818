"""Chaos rows for the state file and the worker's own services: a disk that fills up under a
running worker, a store held locked by someone else, a service that fails at start."""
import json
import os
import re
import sqlite3
import subprocess
import threading
import time
import urllib.error
import urllib.request

import pytest

from conftest import BINARY, all_sent, metrics, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def base_config(feed, receiver, path="/alerts", script=None, **extra):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url(path, script=script), "timeout": "10s"}},
        "defaults": {"channels": ["hook"]},
    }
    config.update(extra)
    return config


def connected(feed):
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")


@pytest.fixture
def small_disk(tmp_path):
    """A 4 MiB tmpfs: a real file system that really fills up."""
    mount = tmp_path / "disk"
    mount.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], check=True)
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(folder):
    """Writes a filler file until the file system says it is full."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def healthz(worker):
    started = time.monotonic()
    status, body = worker.get("/healthz")
    return status, body, time.monotonic() - started


def state_errors(worker):
    return metrics(worker).get(("satwatch_state_errors_total", ()), 0)


def test_state_disk_full(chaos, small_disk, feed, receiver, workers):
    # The receiver holds the first POST for 1.5 s: the disk fills while it is in flight, so the
    # delivery happens and its outcome cannot be recorded.
    script = [{"status": 200, "delay": 1.5}]
    worker = workers(base_config(feed, receiver, script=script, state=str(small_disk / "state.db")),
                     {"fees.json": [RULE]}).start()
    connected(feed)
    feed.fees(5)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the firing POST to arrive")
    filler = fill(small_disk)
    feed.fees(4)  # a resolve to commit while the disk is full
    full_for = 20 if chaos.long else 5
    time.sleep(full_for)
    posts_while_full = len(receiver.requests("/alerts"))
    status, body, latency = healthz(worker)
    errors = state_errors(worker)
    log_lines = len(re.findall(r"msg=\"state store failed\"", worker.log_text()))
    filler.unlink()
    wait_for(lambda: worker.get("/healthz")[0] == 200, timeout=30, what="/healthz to recover")
    wait_for(lambda: len(receiver.requests("/alerts")) >= 2, timeout=30, what="the resolve after recovery")
    wait_for(lambda: all_sent(worker, receiver, "/alerts", "hook"), what="nothing left to send")
    statuses = [b["status"] for b in receiver.bodies("/alerts")]
    bodies = statuses if len(statuses) <= 4 else f"{statuses.count('firing')} firing, {statuses.count('resolved')} resolved"
    passed = (posts_while_full == 1 and status == 503 and "state store" in body and errors > 0
              and log_lines <= 2 * (full_for // 60 + 1) + 2 and bodies == ["firing", "resolved"])
    chaos.row("state disk full (tmpfs)",
              "no re-send loop; /healthz 503 with the reason; errors counted; bounded log; recovery loses nothing",
              f"{posts_while_full} POST in {full_for}s full; /healthz {status} in {latency:.2f}s; "
              f"state_errors_total {errors:.0f}; {log_lines} log lines; after recovery {bodies}",
              passed)
    assert worker.stop() == 0


def evaluated(worker, value, within=2.0):
    """Whether fee.fastest = value shows on /metrics within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if f'source="mempool"}} {value}' in worker.get("/metrics")[1]:
            return True
        time.sleep(0.05)
    return False


def test_store_locked_by_another_process(chaos, feed, receiver, workers):
    worker = workers(base_config(feed, receiver), {"fees.json": [RULE]}).start()
    connected(feed)
    feed.fees(5)
    wait_for(lambda: 'metric="fee.fastest"' in worker.get("/metrics")[1], what="the first frame evaluated")
    # Someone holds the write lock for longer than SQLite's 5 s busy timeout.
    holder = sqlite3.connect(worker.folder / "state.db", timeout=1, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    hold = 12 if chaos.long else 7
    released = threading.Timer(hold, lambda: holder.execute("COMMIT"))
    try:
        feed.fees(12)  # its commit waits behind the lock
        time.sleep(0.5)
        worst = 0.0
        seen = []
        deadline = time.monotonic() + hold - 1.5
        value = 20
        while time.monotonic() < deadline:
            value += 1
            feed.fees(value)
            status, _, latency = healthz(worker)
            worst = max(worst, latency)
            seen.append(evaluated(worker, value))
            time.sleep(0.5)
    finally:
        released.cancel()
        holder.execute("COMMIT")
        holder.close()
    wait_for(lambda: receiver.requests("/alerts"), timeout=20, what="the firing once the lock is gone")
    passed = worst < 1.0 and all(seen)
    chaos.row("store held locked by another process",
              "frames still decoded and /healthz answers within 1 s while a commit waits",
              f"worst /healthz {worst:.2f}s; {sum(seen)}/{len(seen)} frames evaluated during the stall; firing delivered after",
              passed)
    assert worker.stop() == 0


def test_service_failing_at_start_stops_the_worker(chaos, feed, receiver, workers):
    worker = workers(base_config(feed, receiver), {"fees.json": [RULE]}).start()
    connected(feed)
    assert worker.stop() == 0
    # The evaluator cannot read rule states: it throws at start while everything else runs.
    with sqlite3.connect(worker.folder / "state.db") as db:
        db.execute("DROP TABLE rule_state")
    started = time.monotonic()
    with open(worker.log_path, "ab") as log:
        process = subprocess.Popen([str(BINARY), "run", "--config", str(worker.config_path)],
                                   stdout=subprocess.DEVNULL, stderr=log)
        try:
            code = process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            code = None
    took = time.monotonic() - started
    failed_line = re.search(r'msg="service failed; stopping the worker" service=evaluator', worker.log_path.read_text())
    chaos.row("a service that throws at start (the evaluator)",
              "the worker exits 1 with a log line naming it (systemd restarts it)",
              f"exit {code} after {took:.1f}s; log names it: {bool(failed_line)}",
              code == 1 and failed_line is not None)


def test_page_and_api_on_a_full_disk(chaos, small_disk, feed, receiver, workers):
    token = "chaos-token-0123456789"
    worker = workers(base_config(feed, receiver, state=str(small_disk / "state.db")), {"fees.json": [RULE]})
    config = json.loads(worker.config_path.read_text())
    config["http"]["token"] = token
    worker.config_path.write_text(json.dumps(config))
    worker.start()
    connected(feed)
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the firing")
    filler = fill(small_disk)

    def post_silence():
        request = urllib.request.Request(f"http://127.0.0.1:{worker.http_port}/api/v1/silences", method="POST",
                                         data=b'{"rule": "fees-*", "for": "1h"}',
                                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    page_status, page = worker.get("/")
    write_status, write_body = post_silence()
    still_running = worker.process.poll() is None and worker.get("/api/v1/alerts")[0] == 200
    filler.unlink()
    after_status, _ = post_silence()
    passed = (page_status == 200 and "fees-high" in page and write_status == 503 and "state file" in write_body
              and still_running and after_status == 201)
    chaos.row("page and API on a full disk (tmpfs)",
              "the page still shows the rules; a write says why it failed; the worker runs on; the write works once there is room",
              f"page {page_status}; silence POST {write_status} ({write_body.strip()[:60]}); running {still_running}; "
              f"after freeing space {after_status}", passed)
    assert passed
    assert worker.stop() == 0


def test_start_on_a_full_disk_names_it(chaos, small_disk, feed, receiver, workers):
    """A state file left by a clean stop on a disk that is full by the next start: SQLite's
    "disk I/O error" (ENOSPC sizing the -shm file) comes with the system's reason."""
    worker = workers(base_config(feed, receiver, state=str(small_disk / "state.db")), {"fees.json": [RULE]}).start()
    connected(feed)
    assert worker.stop() == 0
    filler = fill(small_disk)
    answers = {}
    for command in ("run", "status"):
        done = subprocess.run([str(BINARY), command, "--config", str(worker.config_path)], capture_output=True, text=True, timeout=20)
        answers[command] = (done.returncode, done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "")
    filler.unlink()
    named = all(code == 1 and "No space left on device" in line for code, line in answers.values())
    chaos.row(fault="start on a full disk",
              promised="run and status refuse with the system's reason, not a bare \"disk I/O error\"",
              measured="; ".join(f"{command}: exit {code}, {line[-60:]!r}" for command, (code, line) in answers.items()),
              passed=named)
    assert named, answers
