#!/usr/bin/env python3
"""Thread count of `satwatch run` with 10 webhook channels and 6 feeds on local peers: idle, and
at most while it delivers a burst (20 rules firing at once on every channel: 200 deliveries).
Counts /proc/PID/task. Usage: .build/venv/bin/python3 bench/threads.py BINARY"""
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "Tests" / "e2e"))
from conftest import Feed, Receiver, Worker, wait_for  # noqa: E402

CHANNELS, RULES = 10, 20


def threads(pid):
    return len(os.listdir(f"/proc/{pid}/task"))


def names(pid):
    """How many threads carry each name (`comm`), most first."""
    counts = Counter(Path(f"/proc/{pid}/task/{task}/comm").read_text().strip() for task in os.listdir(f"/proc/{pid}/task"))
    return ", ".join(f"{name} {count}" for name, count in counts.most_common())


def main(binary):
    folder = Path(tempfile.mkdtemp(prefix="satwatch-threads-"))
    sockets = [Feed() for _ in range(4)]
    receiver = Receiver(folder)
    try:
        mempool, coinbase, kraken, binance = sockets
        feeds = {"mempool": {"url": mempool.url, "stale_after": "5m"},
                 "coinbase": {"url": coinbase.url, "stale_after": "5m"},
                 "kraken": {"url": kraken.url, "stale_after": "5m"},
                 "binance": {"url": binance.url + "/stream", "stale_after": "5m"},
                 "coinmetrics": {"url": receiver.url("/coinmetrics"), "every": "1h"},
                 "coingecko": {"url": receiver.url("/coingecko"), "coins": {"eth": "ethereum"}, "every": "30s"}}
        channels = {f"c{n}": {"type": "webhook", "url": receiver.url(f"/c{n}")} for n in range(CHANNELS)}
        config = {"feeds": feeds, "channels": dict(channels, console={"type": "log"}),
                  "defaults": {"channels": ["console"]}, "log": {"level": "warn"}}
        rules = [{"name": f"r{i}", "metric": "fee.fastest", "above": i, "channels": sorted(channels)} for i in range(RULES)]
        worker = Worker(folder, config, {"r.json": rules})
        worker.log = open(worker.log_path, "ab")
        worker.process = subprocess.Popen([binary, "run", "--config", str(worker.config_path)],
                                          stdout=subprocess.DEVNULL, stderr=worker.log)
        pid = worker.process.pid
        wait_for(lambda: all(feed.clients() == 1 for feed in sockets), timeout=30, what="every feed connected")
        time.sleep(5)
        idle = threads(pid)
        mempool.fees(100)
        most = idle

        def delivered():
            nonlocal most
            most = max(most, threads(pid))
            try:
                return sum(len(receiver.requests(f"/c{n}")) for n in range(CHANNELS)) >= CHANNELS * RULES
            except json.JSONDecodeError:  # a request the peer is still recording
                return False
        wait_for(delivered, timeout=300, interval=0.02, what="every delivery")
        print(f"{binary}: {idle} threads idle, at most {most} while delivering {CHANNELS * RULES} notifications "
              f"to {CHANNELS} channels ({len(feeds)} feeds); after: {names(pid)}")
        worker.process.terminate()
        worker.process.wait(10)
    finally:
        for peer in sockets + [receiver]:
            peer.stop()


if __name__ == "__main__":
    main(sys.argv[1])
