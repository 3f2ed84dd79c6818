#!/usr/bin/env python3
"""WebSocket test peer for the satwatch client, built on the `websockets` library.

Prints `READY <port>` once listening on 127.0.0.1, then serves each connection (or refuses
the upgrade with --reject STATUS):
  1. optional checks and sends, in this order: --expect-first-message, --text, --replay,
     --binary, --fragment, --ping, --oversize, --invalid-utf8, --raw;
  2. then one ending: --drop-mid-frame, --close-after (close frame), --silent, or (default)
     read the client's messages (echoing them with --echo) until it closes.
--report FILE appends one JSON object per event seen (connect, message, pong, closed), so a
test can check what the client sent. Misbehaviour the library refuses to produce (invalid
UTF-8, half frames) is written as raw bytes on the transport.
"""
import argparse
import asyncio
import http
import json
import signal
import ssl
import struct
import sys

from websockets.asyncio.server import serve
from websockets.exceptions import ConnectionClosed


def parse_arguments():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--report", metavar="FILE")
    parser.add_argument("--expect-first-message", metavar="TEXT")
    parser.add_argument("--text", action="append", default=[], help="send a text message")
    parser.add_argument("--replay", metavar="FILE_JSONL", help="send each line as one text frame")
    parser.add_argument("--offsets", metavar="FILE", help="milliseconds since the first frame")
    parser.add_argument("--speed", type=float, default=1.0, help="replay pace multiplier")
    parser.add_argument("--binary", type=int, metavar="BYTES", help="send a binary message")
    parser.add_argument("--fragment", metavar="TEXT", help="send TEXT in 3 fragments, a ping between")
    parser.add_argument("--ping", metavar="DATA", help="send a ping and report the pong")
    parser.add_argument("--oversize", type=int, metavar="BYTES", help="send a text message this big")
    parser.add_argument("--invalid-utf8", action="store_true", help="send a text frame of bad UTF-8")
    parser.add_argument("--raw", action="append", default=[], metavar="HEX", help="write raw bytes")
    parser.add_argument("--close-after", type=int, metavar="N",
                        help="close after N messages (replay lines, or 'message <i>' texts)")
    parser.add_argument("--close-code", type=int, default=1000)
    parser.add_argument("--close-reason", default="")
    parser.add_argument("--drop-mid-frame", action="store_true",
                        help="write half a text frame, then abort the TCP connection")
    parser.add_argument("--silent", action="store_true", help="stop reading, send nothing")
    parser.add_argument("--echo", action="store_true", help="echo what the client sends")
    parser.add_argument("--reject", type=int, metavar="STATUS", help="refuse the upgrade with STATUS")
    parser.add_argument("--ping-interval", type=float, default=20.0)
    return parser.parse_args()


class Peer:
    def __init__(self, options):
        self.options = options

    def report(self, **event):
        if self.options.report:
            with open(self.options.report, "a", encoding="utf-8") as file:
                file.write(json.dumps(event) + "\n")

    async def handle(self, ws):
        self.report(event="connect", path=ws.request.path, headers=dict(ws.request.headers.raw_items()))
        try:
            if await self.run(ws):
                await self.read_until_closed(ws)
        except ConnectionClosed:
            pass
        finally:
            received = ws.protocol.close_rcvd
            self.report(event="closed",
                        code=received.code if received else None,
                        reason=received.reason if received else None)

    async def run(self, ws):
        """Sends what the options ask for; returns True when the default ending applies."""
        options = self.options
        if options.expect_first_message is not None:
            first = await ws.recv()
            self.report(event="message", type="text" if isinstance(first, str) else "binary", data=str(first))
            if first != options.expect_first_message:
                await ws.close(1008, "unexpected first message")
                return False
        for text in options.text:
            await ws.send(text)
        sent = await self.replay(ws) if options.replay else 0
        if options.binary is not None:
            await ws.send(bytes(i % 256 for i in range(options.binary)))
        if options.fragment is not None:
            await self.send_fragments(ws, options.fragment)
        if options.ping is not None:
            pong = await ws.ping(options.ping.encode())
            await asyncio.wait_for(pong, 5)
            self.report(event="pong", data=options.ping)
        if options.oversize is not None:
            await ws.send("x" * options.oversize)
        if options.invalid_utf8:
            ws.transport.write(bytes([0x81, 0x04, 0x61, 0xC3, 0x28, 0x62]))
        for raw in options.raw:
            ws.transport.write(bytes.fromhex(raw))
        if options.drop_mid_frame:
            payload = b"y" * 1000
            frame = bytes([0x81, 126]) + struct.pack("!H", len(payload)) + payload
            ws.transport.write(frame[: len(frame) // 2])
            await asyncio.sleep(0.1)
            ws.transport.abort()
            return False
        if options.close_after is not None:
            for index in range(sent, options.close_after if not options.replay else sent):
                await ws.send(f"message {index + 1}")
            await ws.close(options.close_code, options.close_reason)
            return False
        if options.silent:
            ws.transport.pause_reading()
            await asyncio.Future()
        return True

    async def replay(self, ws):
        options = self.options
        with open(options.replay, "rb") as file:
            lines = file.read().split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        if options.close_after is not None:
            lines = lines[: options.close_after]
        offsets = None
        if options.offsets:
            with open(options.offsets, encoding="ascii") as file:
                offsets = [int(line) for line in file.read().split()]
        start = asyncio.get_running_loop().time()
        for index, line in enumerate(lines):
            if offsets:
                delay = start + offsets[index] / 1000 / options.speed - asyncio.get_running_loop().time()
                if delay > 0:
                    await asyncio.sleep(delay)
            await ws.send(line, text=True)
        return len(lines)

    async def send_fragments(self, ws, text):
        data = text.encode()
        third = max(1, len(data) // 3)
        parts = [data[:third], data[third: 2 * third], data[2 * third:]]
        # Raw frames: a text start, a ping between fragments, two continuations.
        frames = [self.frame(0x1, parts[0], fin=False), self.frame(0x9, b"between"),
                  self.frame(0x0, parts[1], fin=False), self.frame(0x0, parts[2], fin=True)]
        for frame in frames:
            ws.transport.write(frame)
            await asyncio.sleep(0.01)

    @staticmethod
    def frame(opcode, payload, fin=True):
        head = bytes([(0x80 if fin else 0) | opcode])
        if len(payload) < 126:
            head += bytes([len(payload)])
        elif len(payload) < 65536:
            head += bytes([126]) + struct.pack("!H", len(payload))
        else:
            head += bytes([127]) + struct.pack("!Q", len(payload))
        return head + payload

    async def read_until_closed(self, ws):
        async for message in ws:
            kind = "text" if isinstance(message, str) else "binary"
            self.report(event="message", type=kind, data=message if kind == "text" else message.hex())
            if self.options.echo:
                await ws.send(message)


async def main():
    # Started from a thread that blocks every signal (a Swift concurrency/Dispatch worker), we
    # inherit that mask and would never see the SIGTERM that stops us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    options = parse_arguments()
    context = None
    if options.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options.tls[0], options.tls[1])
    peer = Peer(options)

    def process_request(connection, request):
        if options.reject:
            peer.report(event="rejected", path=request.path)
            return connection.respond(http.HTTPStatus(options.reject), "refused by ws_peer\n")
        return None

    async with serve(peer.handle, "127.0.0.1", 0, ssl=context, ping_interval=options.ping_interval,
                     max_size=None, process_request=process_request) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"READY {port}", flush=True)
        await asyncio.Future()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
