#!/usr/bin/env python3
"""A Deribit JSON-RPC 2.0 WebSocket server for satwatch's tests, built on the `websockets` library.

Prints `READY <port>` once listening on 127.0.0.1. Like wss://www.deribit.com/ws/api/v2 it
answers, per connection:
  * `public/set_heartbeat` with `"result":"ok"`, then sends `{"method":"heartbeat","params":
    {"type":"test_request"}}` every --test-request-every seconds (Deribit: every `interval`) and
    CLOSES the connection when no `public/test` request arrives within --answer-within seconds
    of one (as Deribit does with a client that does not answer);
  * `public/subscribe` with the channels it knows (those --replay FILE's subscription frames
    name; others, e.g. an expired instrument, are left out of the result, as Deribit does), then
    replays FILE's subscription frames on the channels subscribed, paced by FILE's .offsets
    sibling divided by --speed (FILE's own answers and heartbeats are left out: this peer makes
    its own);
  * `public/test` with `{"version":…}`; any other method with JSON-RPC error -32601.
--expire INSTRUMENT: on the first connection that subscribes to INSTRUMENT's ticker, answers the
subscription, sends that ticker with `"state":"closed"` (as Deribit does when an option expires)
instead of the replay, and closes the connection; from then on INSTRUMENT is unknown, left out
of any later subscription's result.
--report FILE appends one JSON object per event: connect, message (what the client sent),
test_request, answered (a test_request answered in time), unanswered (the close for it), closed.
"""
import argparse
import asyncio
import json
import os
import signal
import time

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed


class Deribit:
    def __init__(self, args):
        self.args = args
        with open(args.replay, "rb") as handle:
            lines = [line.decode("utf-8") for line in handle.read().split(b"\n") if line]
        with open(os.path.splitext(args.replay)[0] + ".offsets") as handle:
            offsets = [int(line) for line in handle if line.strip()]
        self.frames = []
        for line, offset in zip(lines, offsets):
            message = json.loads(line)
            if message.get("method") == "subscription":
                self.frames.append((message["params"]["channel"], line, offset))
        self.known = {channel for channel, _, _ in self.frames}

    def report(self, **event):
        if self.args.report:
            with open(self.args.report, "a") as out:
                out.write(json.dumps({"time": time.time(), **event}) + "\n")

    @staticmethod
    def answer(request_id, result=None, error=None):
        body = {"jsonrpc": "2.0", "id": request_id}
        body.update({"error": error} if error else {"result": result})
        body.update({"usIn": 1765375320000000, "usOut": 1765375320000100, "usDiff": 100, "testnet": False})
        return json.dumps(body, separators=(",", ":"))

    async def serve(self, connection):
        self.report(event="connect", path=connection.request.path)
        tested = asyncio.Event()
        tasks = []
        try:
            async for message in connection:
                self.report(event="message", data=message if isinstance(message, str) else None)
                try:
                    request = json.loads(message)
                except ValueError:
                    continue
                if not isinstance(request, dict):
                    continue
                method, request_id = request.get("method"), request.get("id")
                params = request.get("params") or {}
                if method == "public/set_heartbeat":
                    await connection.send(self.answer(request_id, "ok"))
                    tasks.append(asyncio.create_task(self.heartbeat(connection, tested)))
                elif method == "public/subscribe":
                    channels = [c for c in params.get("channels", []) if c in self.known]
                    await connection.send(self.answer(request_id, channels))
                    expiring = f"ticker.{self.args.expire}.100ms"
                    if expiring in channels:
                        await self.expire(connection, expiring)
                        break
                    tasks.append(asyncio.create_task(self.replay(connection, set(channels))))
                elif method == "public/test":
                    tested.set()
                    await connection.send(self.answer(request_id, {"version": "1.2.26"}))
                else:
                    await connection.send(self.answer(request_id, error={"message": "Method not found", "code": -32601}))
        except ConnectionClosed:
            pass
        finally:
            for task in tasks:
                task.cancel()
            self.report(event="closed")

    async def expire(self, connection, channel):
        """The instrument's last ticker says it closed; it is unknown from now on."""
        self.known.discard(channel)
        data = {"timestamp": 1765375410000, "state": "closed", "instrument_name": self.args.expire, "mark_price": 0.0,
                "mark_iv": 0.0, "underlying_price": 90000.0, "greeks": {"delta": 0.0, "gamma": 0.0, "vega": 0.0, "theta": 0.0}}
        await connection.send(json.dumps({"jsonrpc": "2.0", "method": "subscription", "params": {"channel": channel, "data": data}}))
        self.report(event="expired", instrument=self.args.expire)
        await connection.close(1000, "instrument expired")

    async def heartbeat(self, connection, tested):
        try:
            while True:
                await asyncio.sleep(self.args.test_request_every)
                tested.clear()
                await connection.send('{"jsonrpc":"2.0","method":"heartbeat","params":{"type":"test_request"}}')
                self.report(event="test_request")
                try:
                    await asyncio.wait_for(tested.wait(), timeout=self.args.answer_within)
                    self.report(event="answered")
                except asyncio.TimeoutError:
                    self.report(event="unanswered")
                    await connection.close(1000, "heartbeat not answered")
                    return
        except ConnectionClosed:
            pass

    async def replay(self, connection, channels):
        loop = asyncio.get_running_loop()
        start = loop.time()
        first = self.frames[0][2] if self.frames else 0
        try:
            for channel, line, offset in self.frames:
                if channel not in channels:
                    continue
                delay = start + (offset - first) / 1000 / self.args.speed - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                await connection.send(line)
        except ConnectionClosed:
            pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay", metavar="FILE_JSONL", required=True)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--test-request-every", type=float, default=30.0, metavar="SECONDS")
    parser.add_argument("--answer-within", type=float, default=5.0, metavar="SECONDS")
    parser.add_argument("--report", metavar="FILE")
    parser.add_argument("--expire", metavar="INSTRUMENT")
    args = parser.parse_args()
    # A parent may have blocked SIGTERM; this peer must die when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    deribit = Deribit(args)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with serve(deribit.serve, "127.0.0.1", 0, max_size=None, ping_interval=None) as server:
        print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
        await stop


if __name__ == "__main__":
    asyncio.run(main())
