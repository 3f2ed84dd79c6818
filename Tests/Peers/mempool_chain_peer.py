#!/usr/bin/env python3
"""A local mempool REST API for watched coins, beside feed_peer.py (the WebSocket):
GET /api/address/ADDRESS answers with the file DIR/address-ADDRESS.json and GET /api/tx/TXID
with DIR/tx-TXID.json, read at each request so a test changes the chain by rewriting them; a
missing file is 404, as mempool answers for a transaction it does not know. A file
DIR/KIND-KEY.status ("400" or "503,200") makes /api/KIND/KEY answer those statuses instead, one
a request, the last for every request after; 200 answers as without the file (mempool answers
400 "Invalid Bitcoin address" for an address it will not read). Every request is appended to --record as a JSON line
{"path", "status", "time"}. Prints `READY <port>`."""
import argparse
import json
import os
import signal
import time
from polled_peer import QuietHandler, serve
from urllib.parse import urlsplit


def next_status(name):
    """The first status in the file `name` (taken off unless it is the last); None without one."""
    if not os.path.exists(name):
        return None
    statuses = open(name).read().split(",")
    if len(statuses) > 1:
        with open(name + ".tmp", "w") as out:
            out.write(",".join(statuses[1:]))
        os.replace(name + ".tmp", name)
    status = int(statuses[0])
    return None if status == 200 else status


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--answers", required=True)
    parser.add_argument("--record", required=True)
    args = parser.parse_args()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})

    class Handler(QuietHandler):
        def do_GET(self):
            path = urlsplit(self.path).path
            parts = path.split("/")
            body, refusal = None, None
            if len(parts) == 4 and parts[1] == "api" and parts[2] in ("address", "tx") and parts[3].isalnum():
                refusal = next_status(os.path.join(args.answers, f"{parts[2]}-{parts[3]}.status"))
                name = os.path.join(args.answers, f"{parts[2]}-{parts[3]}.json")
                if os.path.exists(name):
                    body = open(name, "rb").read()
            status = refusal or (200 if body is not None else 404)
            with open(args.record, "a") as out:
                out.write(json.dumps({"path": path, "status": status, "time": time.time()}) + "\n")
            if refusal:
                self.answer(refusal, b"Invalid Bitcoin address" if refusal == 400 else b"error", content_type="text/plain")
            elif body is None:
                self.answer(404, b"Transaction not found", content_type="text/plain")
            else:
                self.answer(200, body)

    serve(Handler)


if __name__ == "__main__":
    main()
