"""Chaos row for reloads under a steady stream of frames: SIGHUP after SIGHUP while the fee
crosses its threshold again and again. Promised: no frame lost across a reload, a feed whose
settings did not change keeps its connection, one that changed reconnects, never two
generations at once (every notification goes out once, in order). And the HTTP listener: a
reload that keeps `http` keeps it, one that changes `http.listen` binds the new address first."""
import json
import re
import signal
import socket
import threading
import time

from conftest import all_sent, free_port, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def test_reloads_under_a_stream_of_frames(chaos, feed, receiver, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    cycles = 60 if chaos.long else 15
    reloads = 0
    for cycle in range(cycles):
        # A reload lands between the frames of every crossing.
        feed.fees(4)
        worker.signal(signal.SIGHUP)
        reloads += 1
        feed.fees(12)
        feed.fees(4)
        time.sleep(0.05)
    wait_for(lambda: len(receiver.requests("/alerts")) >= 2 * cycles, timeout=60,
             what=f"{2 * cycles} notifications")
    wait_for(lambda: all_sent(worker, receiver, "/alerts", "hook"), what="nothing left to send")
    statuses = [b["status"] for b in receiver.bodies("/alerts")]
    in_order = statuses == ["firing", "resolved"] * cycles
    frames = int(re.findall(r'satwatch_feed_frames_total\{feed="mempool"\} (\d+)', worker.get("/metrics")[1])[0])
    reloaded = len(re.findall(r"msg=reloaded", worker.log_text()))
    connections_kept = feed.accepted() == 1
    # A change to the feed's own settings reconnects it.
    config["feeds"]["mempool"]["stale_after"] = "90s"
    worker.config_path.write_text(json.dumps(dict(config, state="state.db", rules=["rules"],
                                                  http={"listen": f"127.0.0.1:{worker.http_port}"}), indent=2))
    worker.signal(signal.SIGHUP)
    wait_for(lambda: feed.accepted() == 2 and feed.clients() == 1, what="the changed feed to reconnect")
    chaos.row("reload under a stream of frames",
              "no frame lost; unchanged feed keeps its connection, changed one reconnects; each notification once, in order",
              f"{cycles} crossings, {reloaded} reloads: {len(statuses)} notifications, in order: {in_order}; "
              f"frames received {frames}/{3 * cycles}; connections {'kept' if connections_kept else 'dropped'}; "
              f"changed feed reconnected",
              in_order and frames == 3 * cycles and connections_kept and reloaded >= 1)
    assert worker.stop() == 0


def reloaded(worker):
    return worker.log_text().count("msg=reloaded")


class Prober:
    """Opens a new connection to `/healthz` on each port in turn, as fast as it can, and records
    every outcome with its time: `ok`, or the error (a refused or reset connection)."""

    def __init__(self, ports):
        self.ports = list(ports)
        self.results = []  # (monotonic time, port, outcome)
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while not self.stopping.is_set():
            for port in list(self.ports):
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
                        connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        reply = b""
                        while chunk := connection.recv(4096):
                            reply += chunk
                    outcome = "ok" if reply.startswith(b"HTTP/1.1 ") else f"short reply {reply[:20]!r}"
                except OSError as error:
                    outcome = type(error).__name__
                self.results.append((time.monotonic(), port, outcome))

    def stop(self):
        self.stopping.set()
        self.thread.join(10)

    def failures(self, port, since=0.0):
        return [r for r in self.results if r[1] == port and r[2] != "ok" and r[0] >= since]


def test_reloads_keep_the_http_listener(chaos, feed, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
        "channels": {"console": {"type": "log"}},
        "defaults": {"channels": ["console"]},
    }
    worker = workers(config, {"fees.json": [dict(RULE, channels=["console"])]}).start()
    old_port = worker.http_port
    prober = Prober([old_port])
    reloads = 500 if chaos.long else 50
    for count in range(1, reloads + 1):
        worker.signal(signal.SIGHUP)
        wait_for(lambda: reloaded(worker) >= count, timeout=30, what=f"reload {count}")
    probes_during = len([r for r in prober.results if r[1] == old_port])
    refused_during = len(prober.failures(old_port))
    # A changed listen: the new address answers before the old one closes.
    new_port = free_port()
    written = json.loads(worker.config_path.read_text())
    written["http"] = {"listen": f"127.0.0.1:{new_port}"}
    worker.config_path.write_text(json.dumps(written, indent=2))
    prober.ports.append(new_port)
    moved_at = time.monotonic()
    worker.signal(signal.SIGHUP)
    wait_for(lambda: reloaded(worker) > reloads, timeout=30, what="the reload that moves the listener")
    wait_for(lambda: prober.failures(old_port, since=moved_at), what="the old listener to close")
    prober.stop()
    # Probes alternate old, new: once the old address refuses, the new one must answer the very
    # next probe (a listener that closed before its successor bound leaves a gap both refuse).
    after = [r for r in prober.results if r[0] >= moved_at]
    gaps = sum(1 for first, second in zip(after, after[1:])
               if first[1] == old_port and first[2] != "ok" and second[1] == new_port and second[2] != "ok")
    new_ok = any(r[1] == new_port and r[2] == "ok" for r in after)
    overlap = gaps == 0 and new_ok
    chaos.row(f"{reloads} SIGHUPs while /healthz is probed, then a changed http.listen",
              "no probe refused or reset by a reload that keeps http; a changed listen binds the new address "
              "before the old one closes",
              f"{probes_during} probes during {reloads} reloads, {refused_during} refused or reset; moving the "
              f"listener: {gaps} probes found neither address answering, new address answering: {new_ok}",
              refused_during == 0 and probes_during > reloads and overlap)
    assert worker.stop() == 0
