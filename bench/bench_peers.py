"""The local peers the process-level benchmarks play in one asyncio loop (so every timestamp
comes from one clock): a mempool-style WebSocket feed, a webhook receiver and a mailbox; and what
a worker process uses (CPU, resident memory) as /proc tells it."""
import asyncio
import email
import email.policy
import json
import os
import socket
import subprocess
import sys

import websockets
from aiosmtpd.smtp import SMTP


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Issue 20's deployment: two feeds and 100 rules of the usual kinds (levels that do not fire,
# `change` over an hour, sub-day windows over 4 h); the idle footprint is measured on it and the
# deployed binary's code is laid out from a run of it (bench/order_file.py).
HUNDRED_RULES = ([{"name": f"fee{i}", "metric": "fee.fastest", "above": 1000 + i} for i in range(40)]
                 + [{"name": f"price{i}", "metric": "btc.usd", "above": 10_000_000 + i} for i in range(40)]
                 + [{"name": f"move{i}", "metric": "btc.usd", "change": {"percent": 50 + i, "within": "1h"}} for i in range(10)]
                 + [{"name": f"sma{i}", "metric": "btc.usd", "above": f"sma(btc.usd, 4h) * {2 + i}"} for i in range(10)])


def free_port():
    """A TCP port on loopback nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def replay_peer(fixtures, fixture, script="feed_peer.py", loop=True):
    """A Tests/Peers feed server replaying `fixtures/fixture` at its recorded pace (looped):
    (process, port)."""
    process = subprocess.Popen([sys.executable, "-u", os.path.join(ROOT, "Tests/Peers", script), "--replay",
                                os.path.join(fixtures, fixture)] + (["--loop"] if loop else []), stdout=subprocess.PIPE, text=True)
    return process, int(process.stdout.readline().split()[1])


def fees(fastest):
    """A mempool `fees` push with `fastestFee` at `fastest`."""
    return json.dumps({"fees": {"fastestFee": fastest, "halfHourFee": 3, "hourFee": 2, "economyFee": 1, "minimumFee": 1}})


def feed_server(clients):
    """A WebSocket server that keeps its connections in `clients` and answers mempool pings."""
    async def feed(connection):
        clients.add(connection)
        try:
            async for message in connection:
                if '"ping"' in message:
                    await connection.send('{"pong": true}')
        finally:
            clients.discard(connection)
    return websockets.serve(feed, "127.0.0.1", 0, ping_interval=None)


async def webhook_server(received):
    """An HTTP server answering 200 to every POST and calling `received(body)` with its JSON."""
    async def webhook(reader, writer):
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError:
                return  # the client closed its connection (libcurl opens one per request)
            length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0].split(b":")[1])
            received(json.loads(await reader.readexactly(length)))
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
    return await asyncio.start_server(webhook, "127.0.0.1", 0)


async def mail_server(received):
    """An SMTP server (aiosmtpd) accepting every mail and calling `received(subject)`."""
    class Mailbox:
        async def handle_DATA(self, server, session, envelope):
            received(str(email.message_from_bytes(envelope.original_content, policy=email.policy.default)["Subject"]))
            return "250 OK"
    return await asyncio.get_running_loop().create_server(
        lambda: SMTP(Mailbox(), hostname="bench.satwatch.test", decode_data=False), "127.0.0.1", 0)


def cpu_seconds(pid):
    """User and system CPU seconds process `pid` has used."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def context_switches(pid):
    """Context switches of process `pid`'s threads so far (voluntary and not): each is a thread
    that went to sleep or was put off a CPU, so their number per frame counts the hand-offs
    between threads a frame costs. A thread that ended meanwhile takes its own with it."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/task/{task}/status"))
        except FileNotFoundError:
            continue
        total += int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
    return total


def rss_mb(pid):
    """(resident, of which anonymous) memory of process `pid`, in MB."""
    fields = dict(line.split(":", 1) for line in open(f"/proc/{pid}/status"))
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["RssAnon"].split()[0]) / 1024
