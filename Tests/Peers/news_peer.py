#!/usr/bin/env python3
"""A news site for satwatch's tests: serves the files of --dir over HTTP/1.1 (`GET /coindesk.xml`
answers that file's bytes as they are at the time of the request, so a test changes what the
next poll sees by rewriting the file), 404 for a file that is not there. Prints `READY <port>`.
--report FILE appends one JSON object per request (`path`, `status`)."""
import argparse
import json
import time
from pathlib import Path

from polled_peer import QuietHandler, serve

parser = argparse.ArgumentParser()
parser.add_argument("--dir", required=True)
parser.add_argument("--report", metavar="FILE")
args = parser.parse_args()
root = Path(args.dir)


class Handler(QuietHandler):
    def do_GET(self):
        path = root / self.path.lstrip("/").split("?")[0]
        exists = path.parent == root and path.is_file()
        status = 200 if exists else 404
        if args.report:
            with open(args.report, "a") as out:
                out.write(json.dumps({"time": time.time(), "path": self.path, "status": status}) + "\n")
        content_type = "application/atom+xml" if path.suffix == ".atom" else "application/rss+xml"
        self.answer(status, path.read_bytes() if exists else b"not found\n", content_type=content_type)


serve(Handler)
