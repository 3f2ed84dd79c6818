"""Chaos: abusive clients of the HTTP endpoint. Hundreds of idle connections and slowloris
clients (one header byte a second) on `http.listen` must not keep `/healthz` from answering a
new client within 1 s, nor SIGTERM from ending the worker (exit 0) within 5 s."""
import contextlib
import os
import resource
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request

from conftest import wait_for

IDLE = 500
SLOWLORIS = 3
HEAD = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"x" * 4000


@contextlib.contextmanager
def descriptor_limit(soft):
    """Sets this process's soft RLIMIT_NOFILE to `soft` for the block: the worker inherits it.
    1024 is the soft limit systemd gives a service by default; the abuse here fits under it."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, before[1]), before[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)


def idle_connection(port):
    """A connection that never sends anything (non-blocking connect: nothing here waits)."""
    client = socket.socket()
    client.setblocking(False)
    client.connect_ex(("127.0.0.1", port))
    return client


class Slowloris(threading.Thread):
    """Clients each sending the next byte of an endless request head every second; a client the
    server cut is replaced by a new one (and counted)."""

    def __init__(self, port, count):
        super().__init__(daemon=True)
        self.port, self.stopping, self.cut = port, threading.Event(), 0
        self.clients = [self.connect() for _ in range(count)]

    def connect(self):
        return [idle_connection(self.port), 0]

    def run(self):
        while not self.stopping.wait(1.0):
            for client in self.clients:
                try:
                    client[1] += client[0].send(HEAD[client[1] % len(HEAD):][:1])
                except BlockingIOError:
                    pass
                except OSError:
                    client[0].close()
                    client[:] = self.connect()
                    self.cut += 1

    def stop(self):
        self.stopping.set()
        self.join()
        for client in self.clients:
            client[0].close()


def soft_descriptor_limit(pid):
    """The soft "Max open files" of a running process."""
    for line in open(f"/proc/{pid}/limits"):
        if line.startswith("Max open files"):
            return line.split()[3]
    return "?"


def timed_healthz(port, timeout=3.0):
    """Seconds until `/healthz` answered (measured here, by the client) and its status; the
    status is None when it did not answer within `timeout`."""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=timeout) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = None
    return time.monotonic() - start, status


def test_idle_and_slowloris_clients_do_not_starve_healthz_or_delay_sigterm(feed, workers, chaos):
    with descriptor_limit(1024):
        abuse(feed, workers, chaos)


def abuse(feed, workers, chaos):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    worker = workers(config, {"r.json": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]}).start()
    wait_for(lambda: feed.clients() == 1, what="the worker to connect to the feed")
    feed.fees(5)
    wait_for(lambda: timed_healthz(worker.http_port)[1] == 200, what="healthy before the abuse")

    port, samples, descriptors = worker.http_port, [], []
    limit = soft_descriptor_limit(worker.process.pid)
    rounds = 6 if chaos.long else 1
    idle = []
    slowloris = Slowloris(port, SLOWLORIS * (4 if chaos.long else 1))
    slowloris.start()
    try:
        for _ in range(rounds):
            # Each round a fresh wave of idle connections (the server has dropped most of the last).
            for client in idle:
                client.close()
            idle = [idle_connection(port) for _ in range(IDLE)]
            time.sleep(1.0)
            for _ in range(4 if chaos.long else 3):
                samples.append(timed_healthz(port))
                descriptors.append(len(os.listdir(f"/proc/{worker.process.pid}/fd")))
                time.sleep(0.5)
        start = time.monotonic()
        worker.process.terminate()
        try:
            code = worker.process.wait(30)
        except subprocess.TimeoutExpired:
            code = None
        stopped = time.monotonic() - start
    finally:
        slowloris.stop()
        for client in idle:
            client.close()
        worker.stop()

    slowest = max(seconds for seconds, _ in samples)
    answered = sum(status in (200, 503) for _, status in samples)
    chaos.row(
        fault=f"{IDLE} idle + {len(slowloris.clients)} slowloris connections on http.listen"
              + (f" ({rounds} rounds)" if rounds > 1 else ""),
        promised="/healthz answers a new client < 1 s; SIGTERM exits 0 < 5 s",
        measured=f"/healthz {answered}/{len(samples)} answered, slowest {slowest * 1000:.0f} ms; "
                 f"worker fds <= {max(descriptors)} (soft limit {limit}); slowloris cut {slowloris.cut}x; "
                 f"SIGTERM exit {code} in {stopped:.2f} s",
        passed=answered == len(samples) and slowest < 1.0 and code == 0 and stopped < 5.0)
