#!/usr/bin/env python3
"""Frame sent by a local WebSocket server → webhook received on loopback, through the real
`satwatch run` (release build). One process plays both peers, so both timestamps come from one
clock. Prints Markdown table rows: p50/p99/max over N crossings (each crossing is a firing or a
resolve: fee.fastest alternates 12 / 5 around a threshold of 10)."""
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time

from bench_peers import feed_server, fees, webhook_server

BINARY = sys.argv[1]
CROSSINGS = int(sys.argv[2]) if len(sys.argv) > 2 else 400


async def main():
    clients = set()
    arrivals = asyncio.Queue()

    async with feed_server(clients) as ws_server:
        http_server = await webhook_server(lambda body: arrivals.put_nowait((time.perf_counter(), body["status"])))
        ws_port = ws_server.sockets[0].getsockname()[1]
        http_port = http_server.sockets[0].getsockname()[1]
        folder = tempfile.mkdtemp(prefix="satwatch-bench-")
        with open(os.path.join(folder, "rules.json"), "w") as handle:
            json.dump({"rules": [{"name": "fast", "metric": "fee.fastest", "above": 10}]}, handle)
        with open(os.path.join(folder, "satwatch.json"), "w") as handle:
            json.dump({"state": "state.db", "rules": ["rules.json"],
                       "feeds": {"mempool": {"url": f"ws://127.0.0.1:{ws_port}"}},
                       "channels": {"hook": {"type": "webhook", "url": f"http://127.0.0.1:{http_port}/"}},
                       "defaults": {"channels": ["hook"]}, "http": {"listen": "127.0.0.1:0"},
                       "log": {"level": "error"}}, handle)
        worker = subprocess.Popen([BINARY, "run", "--config", os.path.join(folder, "satwatch.json")])
        try:
            while not clients:
                await asyncio.sleep(0.05)
            client = next(iter(clients))
            await client.send(fees(5))
            await asyncio.sleep(0.5)
            latencies = []
            for index in range(CROSSINGS):
                expected = "firing" if index % 2 == 0 else "resolved"
                sent = time.perf_counter()
                await client.send(fees(12 if expected == "firing" else 5))
                received, status = await asyncio.wait_for(arrivals.get(), 10)
                assert status == expected, (status, expected)
                latencies.append((received - sent) * 1000)
                await asyncio.sleep(0.01)
        finally:
            worker.terminate()
            worker.wait(10)
            http_server.close()
    latencies.sort()
    pick = lambda p: latencies[min(len(latencies) - 1, max(0, int(round(p / 100 * len(latencies))) - 1))]
    print(f"| frame → webhook p50 ({CROSSINGS} crossings) | {pick(50):.2f} | ms | |")
    print(f"| frame → webhook p99 ({CROSSINGS} crossings) | {pick(99):.2f} | ms | <= 10 |")
    print(f"| frame → webhook max | {latencies[-1]:.2f} | ms | |")


asyncio.run(main())
