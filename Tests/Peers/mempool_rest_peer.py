#!/usr/bin/env python3
"""A local mempool REST API for satwatch's tests, to run beside feed_peer.py (the WebSocket):
GET /api/v1/mining/hashrate/3d answers with the JSON in --hashrate; any other path is 404.
--statuses 429,503 makes the first requests fail with those statuses, in order (429 and 503
carry `Retry-After: --retry-after`), before the answers succeed. Every request is appended to
--record as a JSON line {"path", "status", "time"}. Prints `READY <port>`."""
import argparse
import json
import signal
import time
from polled_peer import QuietHandler, serve
from urllib.parse import urlsplit

HASHRATE_PATH = "/api/v1/mining/hashrate/3d"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hashrate", required=True)
    parser.add_argument("--record", required=True)
    parser.add_argument("--statuses", default="")
    parser.add_argument("--retry-after", default="1")
    args = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    answer = open(args.hashrate, "rb").read()
    failures = [int(s) for s in args.statuses.split(",") if s]

    class Handler(QuietHandler):
        def do_GET(self):
            path = urlsplit(self.path).path
            status = (failures.pop(0) if failures else 200) if path == HASHRATE_PATH else 404
            with open(args.record, "a") as out:
                out.write(json.dumps({"path": path, "status": status, "time": time.time()}) + "\n")
            body = answer if status == 200 else b"Too many requests" if status == 429 else b"error"
            self.answer(status, body, {"Retry-After": args.retry_after} if status in (429, 503) else None,
                        "application/json" if status == 200 else "text/plain")

    serve(Handler)


if __name__ == "__main__":
    main()
