#!/usr/bin/env python3
"""A burst through the real `satwatch run` (release build): N rules on fee.fastest cross on one
frame; how many messages each receiver gets and how long until the last one, for a plain
webhook (each alert its own POST), plain mail (each alert its own message), a grouped webhook (`"group"`: one payload per 1,000 alerts),
a grouped Slack channel (paced at its one message a second), a grouped Telegram chat (one a
second, 4,096 characters a message) and a grouped mail channel. A chat message or mail counts
the alerts its title counts (`[FIRING:1000] 1000 alerts`). One process plays every peer, so all
timestamps come from one clock. Prints Markdown table rows. Usage: burst.py BINARY [N...]
(default 1000)."""
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time

from bench_peers import feed_server, fees, mail_server, webhook_server

BINARY = sys.argv[1]
SIZES = [int(n) for n in sys.argv[2:]] or [1000]


GROUP = {"wait": "1s", "interval": "1m"}


def titled(text):
    """The alerts a chat message or mail subject counts: its group title's, else one."""
    title = re.match(r"\[[A-Z:, 0-9]+\] (\d+) alerts", text)
    return int(title.group(1)) if title else 1


# Per receiver: the channel's settings given the HTTP and SMTP peers' ports, and the alerts a
# received body (JSON, or a mail's subject) stands for.
RECEIVERS = {
    "plain webhook": (lambda http, smtp: {"type": "webhook", "url": f"http://127.0.0.1:{http}/"},
                      lambda body: len(body["alerts"])),
    "grouped webhook": (lambda http, smtp: {"type": "webhook", "url": f"http://127.0.0.1:{http}/", "group": GROUP},
                        lambda body: len(body["alerts"])),
    "grouped Slack (1 message/s)": (lambda http, smtp: {"type": "slack", "url": f"http://127.0.0.1:{http}/", "group": GROUP},
                                    lambda body: titled(body["text"])),
    "grouped Telegram chat (1 message/s)": (
        lambda http, smtp: {"type": "telegram", "token": "123:abc", "chat_id": 123456789,
                            "url": f"http://127.0.0.1:{http}", "group": GROUP},
        lambda body: titled(body["text"])),
    "plain mail": (lambda http, smtp: {"type": "smtp", "url": f"smtp://127.0.0.1:{smtp}", "tls": "none",
                                       "from": "satwatch@example.test", "to": ["ops@example.test"]},
                   titled),
    "grouped mail": (lambda http, smtp: {"type": "smtp", "url": f"smtp://127.0.0.1:{smtp}", "tls": "none",
                                         "from": "satwatch@example.test", "to": ["ops@example.test"], "group": GROUP},
                     titled),
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
        smtp_server = await mail_server(received)
        ws_port = ws_server.sockets[0].getsockname()[1]
        http_port = http_server.sockets[0].getsockname()[1]
        smtp_port = smtp_server.sockets[0].getsockname()[1]
        folder = tempfile.mkdtemp(prefix="satwatch-burst-")
        rules = [{"name": f"r{index}", "metric": "fee.fastest", "above": 10 + index / count} for index in range(count)]
        with open(os.path.join(folder, "rules.json"), "w") as handle:
            json.dump({"rules": rules}, handle)
        with open(os.path.join(folder, "satwatch.json"), "w") as handle:
            json.dump({"state": "state.db", "rules": ["rules.json"],
                       "feeds": {"mempool": {"url": f"ws://127.0.0.1:{ws_port}", "api": "http://127.0.0.1:9"}},
                       "channels": {"hook": settings(http_port, smtp_port)},
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
            # Off the loop: the peers answer the worker while it shuts down (its last SMTP reply,
            # the feed's close handshake).
            await asyncio.to_thread(worker.wait, 30)
            http_server.close()
            smtp_server.close()
    elapsed = arrivals[-1][0] - sent
    print(f"| burst: {count} rules crossing on one frame → {receiver}: messages, until the last is received "
          f"| {len(arrivals)} / {elapsed:.2f} | messages / s | |")


for size in SIZES:
    for name in RECEIVERS:
        asyncio.run(burst(size, name))
