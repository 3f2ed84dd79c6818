#!/usr/bin/env python3
"""What one worker holds as the rule count grows (docs/scaling.md), through the real `satwatch`
(release build): for each rule count, how long `check` takes to load and compile the rules (rules
loaded per second), how long `run` takes until `/healthz` answers, its resident memory once
running, and its CPU while a mempool feed replays at real pace with every rule evaluated on every
fee frame. Rules are plain levels on the four fee metrics and btc.usd, none of them crossing.
Prints Markdown table rows. Usage: scaling.py BINARY FIXTURES [COUNT...] (default 0 10000 50000)."""
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

from bench_peers import cpu_seconds, free_port, replay_peer, rss_mb

BINARY, FIXTURES = sys.argv[1], sys.argv[2]
COUNTS = [int(n) for n in sys.argv[3:]] or [0, 10_000, 50_000]
METRICS = ["fee.fastest", "fee.half_hour", "fee.hour", "fee.economy", "btc.usd"]




def setup(count, feed_port, http_port):
    folder = tempfile.mkdtemp(prefix="satwatch-scaling-")
    # Thresholds no replayed value reaches: every rule is evaluated, none notifies.
    rules = [{"name": f"r{i}", "metric": METRICS[i % len(METRICS)], "above": 10_000_000 + i} for i in range(count)]
    # In files of 5,000 rules: a rule file is at most 1 MiB.
    files = [f"rules-{start // 5_000}.json" for start in range(0, max(count, 1), 5_000)]
    for index, name in enumerate(files):
        with open(os.path.join(folder, name), "w") as handle:
            json.dump({"rules": rules[index * 5_000:(index + 1) * 5_000]}, handle)
    config = {"state": "state.db", "rules": files, "channels": {"console": {"type": "log"}},
              "defaults": {"channels": ["console"]}, "http": {"listen": f"127.0.0.1:{http_port}"}, "log": {"level": "warn"},
              "feeds": {"mempool": {"url": f"ws://127.0.0.1:{feed_port}", "api": "http://127.0.0.1:9"}}}
    path = os.path.join(folder, "satwatch.json")
    with open(path, "w") as handle:
        json.dump(config, handle)
    return path


def healthy(port):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as response:
            return response.status in (200, 503)
    except OSError as error:
        return getattr(error, "code", None) == 503


def measure(count, seconds=20):
    feed, feed_port = replay_peer(FIXTURES, "mempool-ws-fees.jsonl")
    http_port = free_port()
    config = setup(count, feed_port, http_port)
    try:
        started = time.monotonic()
        subprocess.run([BINARY, "check", "--config", config], check=True, capture_output=True)
        check = time.monotonic() - started
        started = time.monotonic()
        worker = subprocess.Popen([BINARY, "run", "--config", config])
        while not healthy(http_port):
            time.sleep(0.01)
        ready = time.monotonic() - started
        try:
            time.sleep(3)
            cpu_start, wall_start, peak = cpu_seconds(worker.pid), time.monotonic(), 0.0
            while time.monotonic() - wall_start < seconds:
                time.sleep(1)
                peak = max(peak, rss_mb(worker.pid)[0])
            cpu = (cpu_seconds(worker.pid) - cpu_start) / (time.monotonic() - wall_start) * 100
        finally:
            worker.terminate()
            worker.wait(20)
        return check, ready, peak, cpu
    finally:
        feed.terminate()


results = {count: measure(count) for count in COUNTS}
base = results[COUNTS[0]]
for count, (check, ready, rss, cpu) in results.items():
    label = f"{count:,} rules"
    if count:
        print(f"| scaling, {label}: `check` loads and compiles them | {count / check:,.0f} | rules/s | |")
    print(f"| scaling, {label}: `run` start until /healthz answers | {ready * 1000:.0f} | ms | |")
    print(f"| scaling, {label}: RSS running (peak over 20 s) | {rss:.1f} | MB | |")
    if count and count != COUNTS[0]:
        print(f"| scaling, {label}: RSS per 10,000 rules over {COUNTS[0]:,} | {(rss - base[2]) / count * 10_000:.1f} | MB | |")
    print(f"| scaling, {label}: CPU with mempool at real pace | {cpu:.2f} | % of one core | |")
