#!/usr/bin/env python3
"""HTTP test peer for the satwatch HTTP client.

Records every request (method, path, headers in order, body) as one JSON line before
answering: all in one file with --record FILE, or with --record-dir DIR in DIR/<id>.jsonl for a
path /t/<id>/... (DIR/_.jsonl for other paths), so a test reads only its own requests however
many other tests sent (large bodies included). One peer serves many tests: each test uses its
own path, and the first request to a path may carry its script in the query, `?script=<base64url of a JSON list>`;
the path's requests are then answered from that list in order, and with 200 "ok" once it is
used up. A response is
  {"status": 429, "headers": [["Retry-After", "3"]], "body": "text", "body_size": 0,
   "delay": 0.0}
where body_size > 0 sends that many "x" bytes instead of body, "echo": true appends the
request target (path and query) to body, as a router's "Cannot POST /path" does,
"echo_headers": ["Authorization"] appends " Name: value" for each named request header the
request carried, as a debugging proxy's 401 page does, and delay
waits (seconds) before answering. --tls-dir DIR serves HTTPS with a private CA written to DIR/ca.pem.
Prints "READY <port>" once listening on 127.0.0.1.
"""
import argparse
import base64
import json
import os
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from http_support import make_ca, prepare_peer


class Peer:
    def __init__(self, record_path=None, record_dir=None):
        self.scripts = {}
        self.record_path = record_path
        self.record_dir = record_dir
        self.lock = threading.Lock()

    def record_file(self, path):
        if self.record_path:
            return self.record_path
        segments = path.split("/")
        name = segments[2] if len(segments) > 2 and segments[1] == "t" and segments[2] else "_"
        return os.path.join(self.record_dir, name + ".jsonl")

    def next_response(self, raw_path, record):
        split = urlsplit(raw_path)
        with self.lock:
            with open(self.record_file(split.path), "a") as out:
                out.write(json.dumps(record) + "\n")
            if split.path not in self.scripts:
                encoded = parse_qs(split.query).get("script", [""])[0]
                padded = encoded + "=" * (-len(encoded) % 4)
                self.scripts[split.path] = json.loads(base64.urlsafe_b64decode(padded)) if encoded else []
            script = self.scripts[split.path]
            return script.pop(0) if script else {"status": 200, "body": "ok"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are two writes: no 40 ms delayed-ACK stall
    peer = None  # set in main

    def answer(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        response = self.peer.next_response(self.path, {
            "method": self.command, "path": self.path, "version": self.request_version,
            "headers": [[name, value] for name, value in self.headers.items()],
            "body_b64": base64.b64encode(body).decode(), "received_at": time.monotonic(),
            "client_port": self.client_address[1],
        })
        time.sleep(response.get("delay", 0))
        size = response.get("body_size", 0)
        payload = b"x" * size if size else response.get("body", "").encode()
        if response.get("echo"):
            payload += self.path.encode()
        for name in response.get("echo_headers", []):
            if name in self.headers:
                payload += f" {name}: {self.headers[name]}".encode()
        try:
            self.send_response(response.get("status", 200))
            for name, value in response.get("headers", []):
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(payload)
        except (BrokenPipeError, ConnectionResetError, ssl.SSLError):
            self.close_connection = True  # the client gave up (timeout, body cap)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = answer

    def log_message(self, *args):
        pass


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64  # the concurrency test connects many clients at once

    def handle_error(self, request, client_address):
        pass  # failed TLS handshakes are expected in the certificate tests


def main():
    parser = argparse.ArgumentParser()
    records = parser.add_mutually_exclusive_group(required=True)
    records.add_argument("--record")
    records.add_argument("--record-dir")
    parser.add_argument("--tls-dir")
    parser.add_argument("--cleanup", help="directory to delete when the test process ends")
    args = parser.parse_args()
    prepare_peer(args.cleanup)
    Handler.peer = Peer(args.record, args.record_dir)
    if args.record:
        open(args.record, "w").close()
    else:
        os.makedirs(args.record_dir, exist_ok=True)
    server = QuietServer(("127.0.0.1", 0), Handler)
    if args.tls_dir:
        _, cert, key = make_ca(args.tls_dir)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(cert, key)
        server.socket = context.wrap_socket(server.socket, server_side=True,
                                            do_handshake_on_connect=False)
    print(f"READY {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
