#!/usr/bin/env python3
"""A Binance combined-stream server for satwatch's tests, built on the `websockets` library.

Prints `READY <port>` once listening on 127.0.0.1. Like wss://stream.binance.com:9443, it takes
the streams in the URL: `/stream?streams=btcusdt@trade/ethusdt@trade` (or, like
wss://fstream.binance.com, `btcusdt@markPrice`); any other path or
query is refused with HTTP 400 before the upgrade. Each connection then gets:
  * with --replay FILE: the lines of FILE (split on b"\\n" only) whose `stream` is one it asked
    for, paced by FILE's .offsets sibling divided by --speed (lines without a `stream` wrapper
    are skipped: the fixture's answer to LIST_SUBSCRIPTIONS is only sent when asked);
  * a WebSocket ping frame every --ping-every seconds (Binance: every 20 s), the pong reported;
  * answers to `{"method":"LIST_SUBSCRIPTIONS","id":N}` (`{"result":[streams],"id":N}`) and
    SUBSCRIBE (`{"result":null,"id":N}`), unless --mute;
  * a close after --close-after seconds (Binance ends every connection at 24 h).
--report FILE appends one JSON object per event: connect (with `path`), refused, message (what
the client sent), pong, closed.
"""
import argparse
import asyncio
import http
import json
import os
import signal
import time
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed


class Binance:
    def __init__(self, args):
        self.args = args
        self.frames = []
        if args.replay:
            with open(args.replay, "rb") as handle:
                lines = [line.decode("utf-8") for line in handle.read().split(b"\n") if line]
            offsets_path = os.path.splitext(args.replay)[0] + ".offsets"
            with open(offsets_path) as handle:
                offsets = [int(line) for line in handle if line.strip()]
            self.frames = list(zip(lines, offsets))

    def report(self, **event):
        if self.args.report:
            with open(self.args.report, "a") as out:
                out.write(json.dumps({"time": time.time(), **event}) + "\n")

    @staticmethod
    def streams(path):
        """The streams a combined-stream request path names, or None when it is not one."""
        parts = urlsplit(path)
        names = parse_qs(parts.query).get("streams", [])
        if parts.path != "/stream" or len(names) != 1:
            return None
        streams = names[0].split("/")
        # The symbol is lowercase; a stream type may not be (futures' `btcusdt@markPrice`).
        return streams if all(s and "@" in s and s.split("@")[0] == s.split("@")[0].lower() for s in streams) else None

    def check(self, connection, request):
        if self.streams(request.path) is None:
            self.report(event="refused", path=request.path)
            return connection.respond(http.HTTPStatus.BAD_REQUEST, "Invalid request\n")
        return None

    async def serve(self, connection):
        streams = self.streams(connection.request.path)
        self.report(event="connect", path=connection.request.path)
        tasks = [asyncio.create_task(self.answer(connection, streams)),
                 asyncio.create_task(self.replay(connection, streams))]
        if self.args.ping_every:
            tasks.append(asyncio.create_task(self.ping(connection)))
        try:
            if self.args.close_after:
                await asyncio.sleep(self.args.close_after)
                await connection.close()
            await connection.wait_closed()
        finally:
            for task in tasks:
                task.cancel()
            self.report(event="closed")

    async def replay(self, connection, streams):
        if not self.frames:
            return
        start = asyncio.get_running_loop().time()
        first = self.frames[0][1]
        for line, offset in self.frames:
            try:
                stream = json.loads(line).get("stream")
            except ValueError:
                stream = None
            if stream not in streams:
                continue
            delay = start + (offset - first) / 1000 / self.args.speed - asyncio.get_running_loop().time()
            if delay > 0:
                await asyncio.sleep(delay)
            try:
                await connection.send(line)
            except ConnectionClosed:
                return

    async def answer(self, connection, streams):
        try:
            async for message in connection:
                self.report(event="message", data=message if isinstance(message, str) else None)
                try:
                    request = json.loads(message)
                except ValueError:
                    continue
                if self.args.mute or not isinstance(request, dict):
                    continue
                if request.get("method") == "LIST_SUBSCRIPTIONS":
                    await connection.send(json.dumps({"result": streams, "id": request.get("id")}, separators=(",", ":")))
                elif request.get("method") == "SUBSCRIBE":
                    await connection.send(json.dumps({"result": None, "id": request.get("id")}, separators=(",", ":")))
        except ConnectionClosed:
            pass

    async def ping(self, connection):
        try:
            while True:
                await asyncio.sleep(self.args.ping_every)
                waiter = await connection.ping()
                await asyncio.wait_for(waiter, timeout=10)
                self.report(event="pong")
        except (ConnectionClosed, asyncio.TimeoutError):
            pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", metavar="FILE_JSONL")
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--ping-every", type=float, metavar="SECONDS")
    parser.add_argument("--close-after", type=float, metavar="SECONDS")
    parser.add_argument("--mute", action="store_true", help="answer no requests")
    parser.add_argument("--report", metavar="FILE")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    # A parent may have blocked SIGTERM; this peer must die when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    binance = Binance(args)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with serve(binance.serve, "127.0.0.1", args.port, process_request=binance.check,
                     max_size=None, ping_interval=None) as server:
        print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
        await stop


if __name__ == "__main__":
    asyncio.run(main())
