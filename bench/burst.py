#!/usr/bin/env python3
"""A burst through the real `satwatch run` (release build): N rules on fee.fastest cross on one
frame; how many messages each receiver gets and how long until the last one, for a plain
webhook (each alert its own POST), a grouped webhook (`"group"`: one payload per 1,000 alerts)
and a grouped Slack channel (messages split at Slack's 40,000 characters, paced at its one a
second). One process plays every peer, so all timestamps come from one clock. Prints Markdown
table rows. Usage: burst.py BINARY [N...] (default 1000)."""
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from bench_peers import feed_server, fees, webhook_server

BINARY = sys.argv[1]
SIZES = [int(n) for n in sys.argv[2:]] or [1000]


GROUP = {"wait": "1s", "interval": "1m"}
RECEIVERS = {
    "plain webhook": ({"type": "webhook"}, lambda body: len(body["alerts"])),
    "grouped webhook": ({"type": "webhook", "group": GROUP}, lambda body: len(body["alerts"])),
    "grouped Slack (1 message/s)": ({"type": "slack", "group": GROUP},
                                    lambda body: len(re.findall(r"^\[FIRING\] ", body["text"], re.M)) or 1),
}


async def burst(count, receiver):
    settings, alerts_in = RECEIVERS[receiver]
    clients = set()
    arrivals = []
    done = asyncio.Event()

    def received(body):
        arrivals.append((time.perf_counter(), alerts_in(body)))
        if sum(alerts for _, alerts in arrivals) >= count:
            done.set()

    async with feed_server(clients) as ws_server:
        http_server = await webhook_server(received)
        ws_port = ws_server.sockets[0].getsockname()[1]
        http_port = http_server.sockets[0].getsockname()[1]
        folder = tempfile.mkdtemp(prefix="satwatch-burst-")
        rules = [{"name": f"r{index}", "metric": "fee.fastest", "above": 10 + index / count} for index in range(count)]
        with open(os.path.join(folder, "rules.json"), "w") as handle:
            json.dump({"rules": rules}, handle)
        with open(os.path.join(folder, "satwatch.json"), "w") as handle:
            json.dump({"state": "state.db", "rules": ["rules.json"],
                       "feeds": {"mempool": {"url": f"ws://127.0.0.1:{ws_port}", "api": "http://127.0.0.1:9"}},
                       "channels": {"hook": dict(settings, url=f"http://127.0.0.1:{http_port}/")},
                       "defaults": {"channels": ["hook"]}, "http": {"listen": "127.0.0.1:0"},
                       "log": {"level": "error"}}, handle)
        worker = subprocess.Popen([BINARY, "run", "--config", os.path.join(folder, "satwatch.json")],
                                  stderr=subprocess.DEVNULL)
        try:
            while not clients:
                await asyncio.sleep(0.05)
            client = next(iter(clients))
            await client.send(fees(5))
            await asyncio.sleep(1.0)
            sent = time.perf_counter()
            await client.send(fees(50))
            await asyncio.wait_for(done.wait(), 900)
        finally:
            worker.terminate()
            worker.wait(30)
            http_server.close()
    elapsed = arrivals[-1][0] - sent
    print(f"| burst: {count} rules crossing on one frame → {receiver}: messages, until the last is received "
          f"| {len(arrivals)} / {elapsed:.2f} | messages / s | |")


for size in SIZES:
    for name in RECEIVERS:
        asyncio.run(burst(size, name))
