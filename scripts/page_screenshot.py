#!/usr/bin/env python3
"""Makes docs/page.png, the README's picture of the page: a worker with a day of fee and price
history (written into its state file's series table, as a day of running would), three rules,
one of them firing after a spike, rendered by headless Chromium. Usage: page_screenshot.py BINARY."""
import asyncio
import json
import math
import os
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
from bench_peers import feed_server, fees  # noqa: E402

BINARY = sys.argv[1]
OUT = os.path.join(os.path.dirname(__file__), "..", "docs", "page.png")


def seed_day(path, now_minute):
    """A day of fee.fastest and fee.economy minutes, a quiet curve with a spike this afternoon."""
    db = sqlite3.connect(path)
    rows = []
    for back in range(1440, 0, -1):
        minute = now_minute - back
        wave = 6 + 3 * math.sin(back / 180) + (14 if 95 < back < 160 else 0)
        rows.append(("fee.fastest@mempool", minute, round(wave, 2), None, None))
        rows.append(("fee.economy@mempool", minute, round(1.5 + math.sin(back / 300), 2), None, None))
    db.executemany("INSERT OR REPLACE INTO series (key, minute, value, min, max) VALUES (?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()


async def main():
    clients = set()
    async with feed_server(clients) as server:
        port = server.sockets[0].getsockname()[1]
        folder = tempfile.mkdtemp(prefix="satwatch-page-")
        rules = [
            {"name": "fees-high", "metric": "fee.fastest", "above": 15, "clear": 12, "labels": {"team": "ops"},
             "description": "Fees are high: batch payouts later."},
            {"name": "fees-cheap", "metric": "fee.economy", "below": 1, "description": "Cheap block space: consolidate."},
            {"name": "fees-off-normal", "metric": "fee.fastest", "outside": [3, 12], "description": "Outside the usual 3–12 sat/vB."},
        ]
        with open(os.path.join(folder, "rules.json"), "w") as handle:
            json.dump({"rules": rules}, handle)
        config = {"state": "state.db", "rules": ["rules.json"],
                  "feeds": {"mempool": {"url": f"ws://127.0.0.1:{port}", "api": "http://127.0.0.1:9"}},
                  "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]},
                  "http": {"listen": "127.0.0.1:19464", "token": "0123456789abcdef0123"}, "log": {"level": "error"}}
        with open(os.path.join(folder, "satwatch.json"), "w") as handle:
            json.dump(config, handle)
        command = [BINARY, "run", "--config", os.path.join(folder, "satwatch.json")]
        worker = subprocess.Popen(command, stderr=subprocess.DEVNULL)
        await asyncio.sleep(1.5)
        worker.terminate()
        worker.wait(30)
        seed_day(os.path.join(folder, "state.db"), int(time.time() // 60))
        while clients:
            await asyncio.sleep(0.05)
        worker = subprocess.Popen(command, stderr=subprocess.DEVNULL)
        try:
            while not clients:
                await asyncio.sleep(0.05)
            client = next(iter(clients))
            await client.send(fees(7))
            await asyncio.sleep(0.5)
            await client.send(fees(21.4))
            await asyncio.sleep(1.0)
            subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--window-size=1100,900", f"--screenshot={os.path.abspath(OUT)}", "http://127.0.0.1:19464/"],
                           check=True, capture_output=True, timeout=90)
        finally:
            worker.terminate()
            worker.wait(30)


asyncio.run(main())
print(f"wrote {OUT}")
