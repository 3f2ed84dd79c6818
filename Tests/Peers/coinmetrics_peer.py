#!/usr/bin/env python3
"""A local Coin Metrics community API for satwatch's tests: GET .../timeseries/asset-metrics
answers with the JSON page in --page. The first --throttle requests get 429 with
`Retry-After: 1` (the API's rate limit). Every request is appended to --record as a JSON line
{"path", "query", "status", "time"}. Prints `READY <port>`."""
import argparse
import json
import signal
import time
from polled_peer import QuietHandler, serve
from urllib.parse import urlsplit


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", required=True)
    parser.add_argument("--record", required=True)
    parser.add_argument("--throttle", type=int, default=0)
    args = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    page = open(args.page, "rb").read()
    state = {"seen": 0}

    class Handler(QuietHandler):
        def do_GET(self):
            split = urlsplit(self.path)
            state["seen"] += 1
            throttled = state["seen"] <= args.throttle
            status = 429 if throttled else (200 if split.path.endswith("/timeseries/asset-metrics") else 404)
            with open(args.record, "a") as out:
                out.write(json.dumps({"path": split.path, "query": split.query, "status": status, "time": time.time()}) + "\n")
            body = b'{"error":{"type":"rate_limit","message":"slow down"}}' if throttled else (page if status == 200 else b"{}")
            self.answer(status, body, {"Retry-After": "1"} if throttled else None)

    serve(Handler)


if __name__ == "__main__":
    main()
