#!/usr/bin/env python3
"""A SOCKS5 proxy (RFC 1928, CONNECT without authentication) for satwatch's tests: it relays
each connection to the target the client names and records what passed through it, so a test
can prove a feed's WebSocket and REST traffic, or a channel's POST, went through the proxy.

Prints `READY <port>` once listening on 127.0.0.1. Every event is appended to --record as one
JSON line:
  {"event": "connect", "id", "target", "port", "atyp"}   a CONNECT request, before relaying
                                                         (`atyp` is "domain" for socks5h, where
                                                         the proxy resolves the name, "ipv4" or
                                                         "ipv6" otherwise)
  {"event": "request", "id", "line"}                     each HTTP request line the client sent
                                                         through the tunnel (`GET /api/v1/ws
                                                         HTTP/1.1`, `POST /hook HTTP/1.1`), as
                                                         long as the tunnel carries plain HTTP
  {"event": "closed", "id", "up", "down"}                bytes relayed each way
  {"event": "refused", "reason"}                         a greeting or request this proxy refuses
"""
import argparse
import asyncio
import ipaddress
import json
import re
import signal
import struct

REQUEST_LINE = re.compile(rb"^([A-Z]+) (\S+) HTTP/1\.[01]\r$")


class Proxy:
    def __init__(self, record):
        self.record = record
        self.next_id = 0

    def write(self, **event):
        with open(self.record, "a", encoding="utf-8") as out:
            out.write(json.dumps(event) + "\n")

    async def serve(self, reader, writer):
        try:
            await self.handle(reader, writer)
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass  # a client that went away, or the proxy stopping
        finally:
            writer.close()

    async def handle(self, reader, writer):
        version, count = await reader.readexactly(2)
        methods = await reader.readexactly(count)
        if version != 5 or 0 not in methods:
            writer.write(b"\x05\xff")
            self.write(event="refused", reason=f"greeting version {version}, methods {list(methods)}")
            return
        writer.write(b"\x05\x00")
        version, command, _, atyp = await reader.readexactly(4)
        if atyp == 1:
            host, kind = str(ipaddress.IPv4Address(await reader.readexactly(4))), "ipv4"
        elif atyp == 3:
            length = (await reader.readexactly(1))[0]
            host, kind = (await reader.readexactly(length)).decode("ascii", "replace"), "domain"
        elif atyp == 4:
            host, kind = str(ipaddress.IPv6Address(await reader.readexactly(16))), "ipv6"
        else:
            self.write(event="refused", reason=f"address type {atyp}")
            writer.write(b"\x05\x08\x00\x01" + bytes(6))
            return
        (port,) = struct.unpack("!H", await reader.readexactly(2))
        if version != 5 or command != 1:
            self.write(event="refused", reason=f"command {command}")
            writer.write(b"\x05\x07\x00\x01" + bytes(6))
            return
        self.next_id += 1
        ident = self.next_id
        self.write(event="connect", id=ident, target=host, port=port, atyp=kind)
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(host, port)
        except OSError:
            writer.write(b"\x05\x05\x00\x01" + bytes(6))
            self.write(event="closed", id=ident, up=0, down=0)
            return
        writer.write(b"\x05\x00\x00\x01" + bytes(6))
        await writer.drain()
        counts = {"up": 0, "down": 0}
        await asyncio.gather(self.relay(reader, upstream_writer, counts, "up", ident),
                             self.relay(upstream_reader, writer, counts, "down", None))
        self.write(event="closed", id=ident, **counts)

    async def relay(self, source, sink, counts, direction, ident):
        """Copies `source` to `sink` until either side ends; with `ident`, records each HTTP
        request line seen at the start of a line."""
        pending = b""
        try:
            while data := await source.read(65536):
                counts[direction] += len(data)
                if ident is not None:
                    pending = (pending + data)[-65536:]
                    *lines, pending = pending.split(b"\n")
                    for line in lines:
                        if REQUEST_LINE.match(line):
                            self.write(event="request", id=ident, line=line.rstrip(b"\r").decode("ascii", "replace"))
                sink.write(data)
                await sink.drain()
        except ConnectionError:
            pass
        finally:
            if sink.can_write_eof():
                try:
                    sink.write_eof()
                except OSError:
                    pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--record", required=True)
    args = parser.parse_args()
    # Started from a thread that blocks every signal, we would never see the SIGTERM that stops us.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    proxy = Proxy(args.record)
    server = await asyncio.start_server(proxy.serve, "127.0.0.1", 0)
    print(f"READY {server.sockets[0].getsockname()[1]}", flush=True)
    stop = asyncio.get_running_loop().create_future()
    for signum in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(signum, lambda: stop.done() or stop.set_result(None))
    async with server:
        await stop


if __name__ == "__main__":
    asyncio.run(main())
