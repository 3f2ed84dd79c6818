#!/usr/bin/env python3
"""A controllable WebSocket feed for satwatch's end-to-end tests, demo and benchmarks.

Serves ws://127.0.0.1:<port> with the `websockets` library and prints
`READY <port> <control-port>` once listening. Every client gets, in order:
  * with --replay FILE: each line of FILE (split on b"\\n" only) as one text frame, paced by
    FILE's .offsets sibling divided by --speed (or --interval seconds apart), then --loop or idle;
  * any line written to the control port (TCP, one frame per line, UTF-8), broadcast to every
    connected client at once. A control line `!close` closes every client connection, `!count`
    answers with the number of connected clients and frames sent so far, `!mute` / `!unmute`
    stop / resume answering pings, `!binary` sends a binary frame, `!received` answers with a JSON
    list of every text message clients sent, `!ones BYTES [COUNT]` sends COUNT (default 1) text
    frames `[1,1,…]` of exactly BYTES bytes (for memory tests: control lines cannot carry them),
    `!burst JSON-LIST` sends each element of the list (a JSON value, sent as its JSON text) as a
    frame of its own, back to back in one write, so a client reads them all at once.
Client messages are recorded: `{"action":"ping"}` is answered with `{"pong": true}` (mempool),
`{"method":"ping",...}` with `{"method":"pong",...}` (Kraken); others are ignored. With
--refuse PAIR (repeatable), a subscribe naming PAIR is answered as the exchange answers a pair it
does not list, before the subscribe is recorded: Kraken's v2 `{"method":"subscribe",…}` gets one
`"success":false` answer per refused symbol, Coinbase's `{"type":"subscribe",…}` one `"error"`.
"""
import argparse
import asyncio
import json
import os
import signal
import sys

import websockets


class Feed:
    def __init__(self, args):
        self.args = args
        self.clients = set()
        self.accepted = 0  # connections ever made: tells a new client from one about to go
        self.sent = 0
        self.muted = False
        self.received = []
        self.frames = []
        self.offsets = []
        if args.replay:
            with open(args.replay, "rb") as handle:
                data = handle.read()
            self.frames = [line.decode("utf-8") for line in data.split(b"\n") if line]
            offsets_path = os.path.splitext(args.replay)[0] + ".offsets"
            if os.path.exists(offsets_path) and args.interval is None:
                with open(offsets_path) as handle:
                    self.offsets = [int(line) for line in handle if line.strip()]
            else:
                step = int((args.interval or 1.0) * 1000)
                self.offsets = [index * step for index in range(len(self.frames))]

    async def serve_client(self, connection):
        self.clients.add(connection)
        self.accepted += 1
        reader = asyncio.create_task(self.read(connection))
        try:
            if self.frames:
                await self.replay(connection)
            await connection.wait_closed()
        except websockets.ConnectionClosed:
            pass
        finally:
            reader.cancel()
            self.clients.discard(connection)

    async def replay(self, connection):
        while True:
            start = asyncio.get_running_loop().time()
            first = self.offsets[0] if self.offsets else 0
            for frame, offset in zip(self.frames, self.offsets):
                due = start + (offset - first) / 1000 / self.args.speed
                delay = due - asyncio.get_running_loop().time()
                if delay > 0:
                    await asyncio.sleep(delay)
                await connection.send(frame)
                self.sent += 1
            if not self.args.loop:
                return

    async def read(self, connection):
        try:
            async for message in connection:
                try:
                    parsed = json.loads(message)
                except ValueError:
                    parsed = None
                if isinstance(parsed, dict) and not self.muted:
                    # Sent before the subscribe is recorded: a test that saw it knows the answer left.
                    for refusal in self.refusals(parsed):
                        await connection.send(json.dumps(refusal))
                if isinstance(message, str):
                    self.received.append(message)
                if not isinstance(parsed, dict) or self.muted:
                    continue
                if parsed.get("action") == "ping":
                    await connection.send('{"pong": true}')
                elif parsed.get("method") == "ping":
                    await connection.send(json.dumps({"method": "pong", "req_id": parsed.get("req_id"), "time_in": "", "time_out": ""}))
        except websockets.ConnectionClosed:
            pass

    def refusals(self, message):
        """The exchange's answers to a subscribe naming a pair given with --refuse."""
        if message.get("method") == "subscribe":  # Kraken v2: each symbol answered apart
            symbols = (message.get("params") or {}).get("symbol") or []
            return [{"error": f"Currency pair not supported {symbol}", "method": "subscribe", "req_id": message.get("req_id"),
                     "success": False, "symbol": symbol, "time_in": "2026-01-01T00:00:00.000000Z",
                     "time_out": "2026-01-01T00:00:00.000001Z"} for symbol in symbols if symbol in self.args.refuse]
        if message.get("type") == "subscribe":  # Coinbase: the first unknown product fails the request
            refused = [product for product in message.get("product_ids") or [] if product in self.args.refuse]
            return [{"type": "error", "message": "Failed to subscribe", "reason": f"{refused[0]} is not a valid product"}] if refused else []
        return []

    @staticmethod
    async def send_together(client, frames):
        """Frames every message, then writes them to the socket in one go (the library's own
        send context), so they leave together rather than one per event-loop turn."""
        async with client.send_context():
            for frame in frames:
                client.protocol.send_text(frame.encode())

    async def control(self, reader, writer):
        try:
            await self.answer(reader, writer)
        except (asyncio.CancelledError, ConnectionError):
            pass

    async def answer(self, reader, writer):
        while line := await reader.readline():
            text = line.decode("utf-8").rstrip("\n")
            if text == "!close":
                for client in list(self.clients):
                    await client.close()
                writer.write(b"closed\n")
            elif text in ("!mute", "!unmute"):
                self.muted = text == "!mute"
                writer.write(b"ok\n")
            elif text == "!received":
                writer.write((json.dumps(self.received) + "\n").encode())
            elif text == "!binary":
                for client in list(self.clients):
                    await client.send(b"\x00\x01binary")
                writer.write(b"sent\n")
            elif text.startswith("!ones "):
                size, count = (text.split()[1:] + ["1"])[:2]
                frame = ones(int(size))
                for client in list(self.clients):
                    for _ in range(int(count)):
                        try:
                            await client.send(frame)
                            self.sent += 1
                        except websockets.ConnectionClosed:
                            break
                writer.write(f"sent {count}\n".encode())
            elif text.startswith("!burst "):
                frames = [json.dumps(frame) for frame in json.loads(text[len("!burst "):])]
                for client in list(self.clients):
                    try:
                        # One send of every frame: the client's next read holds the whole burst.
                        await self.send_together(client, frames)
                        self.sent += len(frames)
                    except websockets.ConnectionClosed:
                        pass
                writer.write(f"sent {len(frames)}\n".encode())
            elif text == "!count":
                writer.write(f"{len(self.clients)} {self.sent} {self.accepted}\n".encode())
            else:
                for client in list(self.clients):
                    try:
                        await client.send(text)
                        self.sent += 1
                    except websockets.ConnectionClosed:
                        pass
                writer.write(b"sent\n")
            await writer.drain()
        writer.close()


def ones(size):
    """`[1,1,…,1]` of exactly `size` bytes (at least 3): a trailing space evens an even size."""
    count = (size - 1) // 2
    return "[" + ",".join(["1"] * count) + "]" + " " * (size - 1 - 2 * count)


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--replay")
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--interval", type=float)
    parser.add_argument("--loop", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--refuse", action="append", default=[])
    args = parser.parse_args()
    # A parent may have blocked SIGTERM; this peer must die when told to.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    feed = Feed(args)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with websockets.serve(feed.serve_client, "127.0.0.1", args.port, max_size=None, ping_interval=None) as server:
        control = await asyncio.start_server(feed.control, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        control_port = control.sockets[0].getsockname()[1]
        print(f"READY {port} {control_port}", flush=True)
        await stop
        control.close()


if __name__ == "__main__":
    asyncio.run(main())
