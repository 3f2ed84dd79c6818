"""`satwatch run` under systemd's Type=notify: READY, RELOADING, STOPPING and WATCHDOG datagrams
to the socket NOTIFY_SOCKET names, a real AF_UNIX datagram socket bound here."""
import os
import signal
import socket
import threading
import time

import pytest

from conftest import wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10}


class NotifySocket:
    """A bound AF_UNIX datagram socket; every datagram received is kept with its arrival time."""

    def __init__(self, address):
        self.address = address
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.socket.bind(address)
        self.socket.settimeout(0.2)
        self.messages = []
        self.running = True
        self.thread = threading.Thread(target=self.receive, daemon=True)
        self.thread.start()

    def receive(self):
        while self.running:
            try:
                data = self.socket.recv(4096)
            except socket.timeout:
                continue
            self.messages.append((time.monotonic(), dict(line.split("=", 1) for line in data.decode().split("\n"))))

    def having(self, key):
        return [(at, fields) for at, fields in self.messages if key in fields]

    def wait(self, key, count=1, timeout=10.0):
        wait_for(lambda: len(self.having(key)) >= count, timeout, what=f"{count} × {key}")
        return self.having(key)

    def close(self):
        self.running = False
        self.thread.join()
        self.socket.close()


@pytest.fixture(params=["path", "abstract"])
def notify(request, tmp_path, monkeypatch):
    if request.param == "path":
        bound = env = str(tmp_path / "notify.sock")
    else:
        name = f"satwatch-test-notify-{os.getpid()}-{time.monotonic_ns()}"
        bound, env = "\0" + name, "@" + name
    peer = NotifySocket(bound)
    monkeypatch.setenv("NOTIFY_SOCKET", env)
    monkeypatch.setenv("WATCHDOG_USEC", "1000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    yield peer
    peer.close()


def start(workers, feed, stale_after="30s"):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": stale_after}},
              "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    return workers(config, {"fees.json": [RULE]}).start()


def test_ready_watchdog_reload_and_stop_are_told_to_systemd(feed, workers, notify):
    worker = start(workers, feed)
    ready = notify.wait("READY")
    assert ready[0][1]["STATUS"].startswith("running feeds=mempool rules=1")
    assert "WATCHDOG" in notify.messages[0][1], "the first ping goes out before READY"
    # WATCHDOG_USEC=1 s: a ping every 0.5 s, so at least 3 in 3 s even on a loaded machine.
    first = notify.wait("WATCHDOG")[0][0]
    wait_for(lambda: len([at for at, _ in notify.having("WATCHDOG") if at - first <= 3.0]) >= 3, 5.0, what="3 pings in 3 s")

    worker.signal(signal.SIGHUP)
    worker.wait_log("msg=reloaded")
    notify.wait("READY", count=2)
    reloading = notify.having("RELOADING")
    assert len(reloading) == 1
    assert int(reloading[0][1]["MONOTONIC_USEC"]) > 0
    assert reloading[0][0] <= notify.having("READY")[1][0]
    # The watchdog is fed across the reload.
    pings = len(notify.having("WATCHDOG"))
    notify.wait("WATCHDOG", count=pings + 2)

    assert worker.stop() == 0
    stopping = notify.having("STOPPING")
    assert len(stopping) == 1
    assert stopping[0][0] >= notify.having("READY")[1][0]


def test_a_failed_reload_still_tells_systemd_it_is_ready(feed, workers, notify):
    worker = start(workers, feed)
    notify.wait("READY")
    worker.write_rules("fees.json", "{ not json")
    worker.signal(signal.SIGHUP)
    worker.wait_log("reload failed")
    notify.wait("READY", count=2)
    assert notify.having("READY")[1][1]["STATUS"].startswith("reload failed; running the previous config")
    worker.stop()


def test_no_watchdog_pings_when_the_watchdog_is_for_another_process(feed, workers, notify, monkeypatch):
    monkeypatch.setenv("WATCHDOG_PID", "1")
    worker = start(workers, feed)
    notify.wait("READY")
    # A ping, were the worker to send any, would come first, ahead of READY (see the test above).
    assert notify.having("WATCHDOG") == []
    assert worker.stop() == 0
    notify.wait("STOPPING")
    assert notify.having("WATCHDOG") == []


def test_a_feed_outage_does_not_stop_the_watchdog_pings(feed, workers, notify):
    worker = start(workers, feed, stale_after="2s")
    notify.wait("READY")
    feed.stop()
    worker.wait_log(r'msg="alert firing" rule=feed-stale:mempool', timeout=15)
    pings = len(notify.having("WATCHDOG"))
    notify.wait("WATCHDOG", count=pings + 3)
    assert worker.stop() == 0


def test_an_unusable_notify_socket_is_logged_and_the_worker_runs_on(feed, workers, monkeypatch):
    monkeypatch.setenv("NOTIFY_SOCKET", "run/notify")
    worker = start(workers, feed)
    assert 'msg="NOTIFY_SOCKET is neither an absolute path nor an @abstract name; systemd is not told the worker\'s state" NOTIFY_SOCKET=run/notify' in worker.log_text()
    assert worker.stop() == 0
