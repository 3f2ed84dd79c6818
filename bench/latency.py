#!/usr/bin/env python3
"""Frame sent by a local WebSocket server → webhook received on loopback, through the real
`satwatch run` (release build). One process plays both peers, so both timestamps come from one
clock. Prints Markdown table rows: p50/p90/p99/max over N crossings (each crossing is a firing or a
resolve: fee.fastest alternates 12 / 5 around a threshold of 10), and the share of crossings that
took over 2 ms: p99 is the fourth slowest of 400, the p90 and that share show whether a slow p99 is
a few stalls or the whole distribution's spread.

Usage: latency.py BINARY [CROSSINGS] [windows]
       latency.py floor [CROSSINGS]
`windows`: the crossing rule is one of 1,000 (issue 20's mix): 50 `above: "sma(fee.fastest, 4h) * k"`
and 50 `max(…, 4h)` with 4 h of one-second history already in the state file (written between a
first start that creates the file and the measured one), 400 that stay pending through a `for` of
a day (each a deadline), 499 plain levels; the feed sends 10 frames/s (the crossings and, between
them, frames that repeat the current value). Also prints the worker's CPU over the measurement,
and its threads' context switches per frame (each a thread going to sleep or put off a CPU: the
hand-offs between threads a frame costs, crossings and repeats alike).

`floor`: the same peers and the same traffic as `windows` (10 frames/s), with bench/floor_relay.c
(built with cc) in satwatch's place: a WebSocket client that posts a fixed body when fee.fastest
crosses, with nothing between. What it measures is the peers' and the machine's share; satwatch's
numbers less these are the worker's."""
import asyncio
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

from bench_peers import context_switches, cpu_seconds, feed_server, fees, webhook_server

BINARY = sys.argv[1]
CROSSINGS = int(sys.argv[2]) if len(sys.argv) > 2 else 400
FLOOR = BINARY == "floor"
WINDOWS = FLOOR or len(sys.argv) > 3 and sys.argv[3] == "windows"
CROSSING_RULE = {"name": "fast", "metric": "fee.fastest", "above": 10}
HISTORY_SECONDS = 4 * 3600


def mix_rules():
    """The crossing rule and 999 that never notify (the pending ones change state once, at start)."""
    rules = [CROSSING_RULE]
    for index in range(50):
        for function in ("sma", "max"):
            rules.append({"name": f"{function}{index}", "metric": "fee.fastest",
                          "above": f"{function}(fee.fastest, 4h) * {100 + index}"})
    rules += [{"name": f"pending{index}", "metric": "fee.economy", "above": 0, "for": "1d"} for index in range(400)]
    rules += [{"name": f"level{index}", "metric": "fee.half_hour", "above": 1000 + index} for index in range(499)]
    assert len(rules) == 1000
    return rules



async def connected(clients, process):
    """Waits for the worker's feed connection; fails if it exited instead (e.g. a config error)."""
    while not clients:
        assert process.poll() is None, f"satwatch exited with {process.returncode}"
        await asyncio.sleep(0.05)


def write_history(state):
    """4 h of one-second fee.fastest points ending now, where a restart reads `change` and window
    history back (the file and its tables made by a first start)."""
    now = int(time.time() * 1000)
    with sqlite3.connect(state) as db:
        db.executemany("INSERT OR REPLACE INTO change_history (key, at, value) VALUES ('fee.fastest', ?, ?)",
                       [(now - (HISTORY_SECONDS - second) * 1000, 5 + second % 3) for second in range(HISTORY_SECONDS + 1)])


async def main():
    clients = set()
    arrivals = asyncio.Queue()

    async with feed_server(clients) as ws_server:
        http_server = await webhook_server(lambda body: arrivals.put_nowait((time.perf_counter(), body["status"])))
        ws_port = ws_server.sockets[0].getsockname()[1]
        http_port = http_server.sockets[0].getsockname()[1]
        folder = tempfile.mkdtemp(prefix="satwatch-bench-")
        with open(os.path.join(folder, "rules.json"), "w") as handle:
            json.dump({"rules": mix_rules() if WINDOWS else [CROSSING_RULE]}, handle)
        with open(os.path.join(folder, "satwatch.json"), "w") as handle:
            json.dump({"state": "state.db", "rules": ["rules.json"],
                       "feeds": {"mempool": {"url": f"ws://127.0.0.1:{ws_port}"}},
                       "channels": {"hook": {"type": "webhook", "url": f"http://127.0.0.1:{http_port}/"}},
                       "defaults": {"channels": ["hook"]}, "http": {"listen": "127.0.0.1:0"},
                       "log": {"level": "error"}}, handle)
        command = [BINARY, "run", "--config", os.path.join(folder, "satwatch.json")]
        if FLOOR:
            relay = os.path.join(folder, "floor_relay")
            subprocess.run(["cc", "-O2", "-o", relay, os.path.join(os.path.dirname(__file__), "floor_relay.c")], check=True)
            command = [relay, str(ws_port), str(http_port)]
        elif WINDOWS:
            first = subprocess.Popen(command)
            await connected(clients, first)
            first.terminate()
            await asyncio.to_thread(first.wait, 10)
            while clients:
                await asyncio.sleep(0.05)
            write_history(os.path.join(folder, "state.db"))
        worker = subprocess.Popen(command)
        try:
            await connected(clients, worker)
            client = next(iter(clients))
            await client.send(fees(5))
            if FLOOR:
                # The relay tells its first value (satwatch's rule starts inactive and does not).
                await asyncio.wait_for(arrivals.get(), 10)
            await asyncio.sleep(0.5)
            # Between crossings, at 10 frames/s: frames repeating the current value (windows mode).
            fillers = 2 if WINDOWS else 0
            latencies = []
            cpu_start, wall_start = cpu_seconds(worker.pid), time.monotonic()
            switches_start, frames = context_switches(worker.pid), 0
            for index in range(CROSSINGS):
                expected = "firing" if index % 2 == 0 else "resolved"
                value = 12 if expected == "firing" else 5
                sent = time.perf_counter()
                await client.send(fees(value))
                frames += 1
                received, status = await asyncio.wait_for(arrivals.get(), 10)
                assert status == expected, (status, expected)
                latencies.append((received - sent) * 1000)
                for _ in range(fillers):
                    await asyncio.sleep(0.1)
                    await client.send(fees(value))
                    frames += 1
                await asyncio.sleep(0.1 if WINDOWS else 0.01)
            cpu = (cpu_seconds(worker.pid) - cpu_start) / (time.monotonic() - wall_start) * 100
            switches = (context_switches(worker.pid) - switches_start) / frames
            assert arrivals.empty(), "only the crossing rule may notify"
        finally:
            worker.terminate()
            worker.wait(10)
            http_server.close()
    latencies.sort()
    pick = lambda p: latencies[min(len(latencies) - 1, max(0, int(round(p / 100 * len(latencies))) - 1))]
    if FLOOR:
        print(f"| harness floor: frame → webhook p50 ({CROSSINGS} crossings, a C relay in satwatch's place; 10 frames/s) | {pick(50):.2f} | ms | |")
        print(f"| harness floor: frame → webhook p90 | {pick(90):.2f} | ms | |")
        print(f"| harness floor: frame → webhook p99 | {pick(99):.2f} | ms | |")
        print(f"| harness floor: frame → webhook max | {latencies[-1]:.2f} | ms | |")
        return
    mix = ", 1,000 rules: 100 on sma/max 4h, 400 pending; 10 frames/s" if WINDOWS else ""
    print(f"| frame → webhook p50 ({CROSSINGS} crossings{mix}) | {pick(50):.2f} | ms | |")
    print(f"| frame → webhook p90{mix and ' (1,000 rules)'} | {pick(90):.2f} | ms | |")
    print(f"| frame → webhook p99 ({CROSSINGS} crossings{mix}) | {pick(99):.2f} | ms | {'<= 2' if WINDOWS else '<= 10'} |")
    print(f"| frame → webhook max{mix and ' (1,000 rules)'} | {latencies[-1]:.2f} | ms | |")
    slow = sum(1 for latency in latencies if latency > 2)
    print(f"| crossings over 2 ms{mix and ' (1,000 rules)'} | {slow / len(latencies) * 100:.1f} | % | |")
    if WINDOWS:
        print(f"| worker CPU over those crossings (1,000 rules, 10 frames/s) | {cpu:.1f} | % of one core | |")
    print(f"| worker context switches per frame{mix and ' (1,000 rules)'} | {switches:.1f} | | |")


asyncio.run(main())
