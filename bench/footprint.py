#!/usr/bin/env python3
"""RSS and CPU of `satwatch run` (release build) while connected to local servers replaying the
recorded mempool.space and Coinbase streams at their real pace (Tests/Peers/feed_peer.py, looped).
Prints Markdown table rows. Usage: footprint.py BINARY FIXTURES [SECONDS] [BUILD] [ONLY]
BUILD names the binary in the rows (e.g. `static`); RSS counts the shared libraries' mapped pages
too, so the anonymous part (heap, stacks: what the process really adds) is printed beside it.
ONLY measures just the rows whose label contains it (e.g. `100 rules`)."""
import json
import os
import subprocess
import sys
import tempfile
import time

from bench_peers import HUNDRED_RULES, cpu_seconds, replay_peer, rss_mb

BINARY, FIXTURES = sys.argv[1], sys.argv[2]
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 30
BUILD = f" ({sys.argv[4]})" if len(sys.argv) > 4 and sys.argv[4] else ""
ONLY = sys.argv[5] if len(sys.argv) > 5 else ""


def measure(feeds, label, settings=None, rules=None):
    if ONLY not in label:
        return
    settings = settings or {}
    peers = {kind: replay_peer(FIXTURES, *fixture) if isinstance(fixture, tuple) else replay_peer(FIXTURES, fixture)
             for kind, fixture in feeds.items()}
    folder = tempfile.mkdtemp(prefix="satwatch-footprint-")
    with open(os.path.join(folder, "rules.json"), "w") as handle:
        json.dump({"rules": rules or [{"name": "fees", "metric": "fee.fastest", "above": 50},
                                      {"name": "price", "metric": "btc.usd", "above": 150000}]}, handle)
    config = {"state": "state.db", "rules": ["rules.json"], "channels": {"console": {"type": "log"}},
              "defaults": {"channels": ["console"]}, "http": {"listen": "127.0.0.1:0"}, "log": {"level": "warn"},
              "feeds": {kind: dict(settings.get(kind, {}), url=f"ws://127.0.0.1:{port}" + ("/stream" if kind == "binance" else ""))
                        for kind, (_, port) in peers.items()}}
    with open(os.path.join(folder, "satwatch.json"), "w") as handle:
        json.dump(config, handle)
    # The deployed build runs with the environment the unit and the Dockerfile give it.
    environment = dict(os.environ, **({"MALLOC_ARENA_MAX": "2", "GNUTLS_NO_IMPLICIT_INIT": "1"} if BUILD == " (static)" else {}))
    worker = subprocess.Popen([BINARY, "run", "--config", os.path.join(folder, "satwatch.json")], env=environment)
    try:
        time.sleep(5)
        cpu_start, wall_start = cpu_seconds(worker.pid), time.monotonic()
        peak, anonymous = 0.0, 0.0
        while time.monotonic() - wall_start < SECONDS:
            time.sleep(1)
            resident, private = rss_mb(worker.pid)
            peak, anonymous = max(peak, resident), max(anonymous, private)
        cpu = (cpu_seconds(worker.pid) - cpu_start) / (time.monotonic() - wall_start) * 100
        target = "<= 20" if "100 rules" in label else "<= 25"  # issue 20: the deployed build, 2 feeds + 100 rules
        print(f"| run idle, {label}{BUILD}: RSS (peak over {SECONDS:.0f} s) | {peak:.1f} | MB | {target} |")
        print(f"| run idle, {label}{BUILD}: of which anonymous | {anonymous:.1f} | MB | |")
        print(f"| run idle, {label}{BUILD}: CPU | {cpu:.2f} | % of one core | {'<= 1' if rules is None else ''} |")
    finally:
        worker.terminate()
        worker.wait(10)
        for process, _ in peers.values():
            process.terminate()


measure({"mempool": "mempool-ws-fees.jsonl"}, "mempool")
measure({"mempool": "mempool-ws-fees.jsonl", "coinbase": "coinbase-ticker.jsonl"}, "mempool + coinbase")
# Issue 20's deployment: the same two feeds and 100 rules (bench_peers.HUNDRED_RULES).
measure({"mempool": "mempool-ws-fees.jsonl", "coinbase": "coinbase-ticker.jsonl"}, "mempool + coinbase, 100 rules",
        rules=HUNDRED_RULES)
# Ten pairs on three exchange feeds (the binance fixture covers 40 s, so no more than that).
measure({"coinbase": "coinbase-ticker.jsonl", "kraken": "kraken-ticker.jsonl",
         "binance": ("binance-trades.jsonl", "binance_peer.py", False)},
        "10 pairs on coinbase + kraken + binance",
        settings={"coinbase": {"products": ["BTC-USD", "ETH-USD", "SOL-USD", "BTC-EUR"]},
                  "kraken": {"symbols": ["BTC/USD", "ETH/EUR", "XBT/GBP"]},
                  "binance": {"symbols": ["BTCUSDT", "ETHUSDT", "ETHBTC"]}},
        rules=[{"name": f"p{i}", "metric": metric, "above": 10_000_000} for i, metric in
               enumerate(["btc.usd", "eth.usd", "sol.usd", "btc.eur", "eth.eur", "btc.gbp", "btc.usdt", "eth.usdt", "eth.btc"])])
