#!/usr/bin/env python3
"""Writes deploy/satwatch.order: the functions of the deployed binary that a running worker
executes, hottest first, for the linker to lay out side by side (deploy/build-release.sh).

Why: the kernel maps a binary's code 64 KiB around each page first touched, so ~1.3 MB of code
the worker runs, scattered over 11 MB of text, kept ~7 MB of it resident. Packed together they
take a few hundred pages.

How: runs BINARY (a static release build, `deploy/build-release.sh --no-order`) under
`valgrind --tool=callgrind` on issue 20's deployment (two feeds replaying their recordings, 100
rules; bench_peers.HUNDRED_RULES) plus what a worker does besides: a rule that fires and resolves
into a webhook, and the page, /healthz, /metrics and the JSON API read over HTTP. Every function
of the binary that ran is listed, by its own time, most first (the steady state's code at the
front). Names stay valid until the code they name changes; a stale or missing name costs only its
place, so regenerate after large changes (`bench/run` prints the idle RSS it gives).

Usage: bench/order_file.py BINARY [SECONDS]   (needs valgrind; about two minutes)
"""
import http.server
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from bench_peers import HUNDRED_RULES, ROOT, free_port, replay_peer

BINARY = os.path.abspath(sys.argv[1])
SECONDS = float(sys.argv[2]) if len(sys.argv) > 2 else 60
FIXTURES = os.path.join(ROOT, "Tests/Fixtures/feeds")
OUTPUT = os.path.join(ROOT, "deploy/satwatch.order")


class Receiver(http.server.BaseHTTPRequestHandler):
    """A webhook receiver answering 200 to every POST."""
    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def executed_functions(profile):
    """(self cost, name as callgrind prints it) of each function of BINARY that ran."""
    report = subprocess.run(["callgrind_annotate", "--threshold=100", "--inclusive=no", profile],
                            capture_output=True, text=True, errors="replace", check=True).stdout
    found = {}
    for line in report.splitlines():
        # "  1,234 ( 0.12%)  file:function [object]"; callgrind marks recursion levels `'2`.
        match = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+\S*?:(.*) \[(.*)\]$", line)
        if match and os.path.realpath(match.group(3)) == os.path.realpath(BINARY):
            name = re.sub(r"'\d+$", "", match.group(2))
            found[name] = found.get(name, 0) + int(match.group(1).replace(",", ""))
    return sorted(found.items(), key=lambda item: -item[1])


def mangled_names():
    """Callgrind demangles C++ names (the Swift runtime's); the linker wants them mangled."""
    def names(*flags):
        listing = subprocess.run(["nm", "--defined-only", *flags, BINARY], capture_output=True, text=True,
                                 errors="replace", check=True).stdout
        return [line.split(" ", 2)[2] for line in listing.splitlines() if line.count(" ") >= 2]
    return dict(zip(names("-C"), names()))


def main():
    peers = [replay_peer(FIXTURES, "mempool-ws-fees.jsonl"), replay_peer(FIXTURES, "coinbase-ticker.jsonl")]
    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    folder = tempfile.mkdtemp(prefix="satwatch-order-")
    http_port = free_port()
    # The recorded fees cross 1 sat/vB both ways within the recording, so this one notifies.
    rules = HUNDRED_RULES + [{"name": "busy", "metric": "fee.fastest", "above": 2, "channels": ["hook"]}]
    with open(os.path.join(folder, "rules.json"), "w") as handle:
        json.dump({"rules": rules}, handle)
    config = {"state": "state.db", "rules": ["rules.json"],
              "channels": {"console": {"type": "log"},
                           "hook": {"type": "webhook", "url": f"http://127.0.0.1:{receiver.server_port}/"}},
              "defaults": {"channels": ["console"]}, "http": {"listen": f"127.0.0.1:{http_port}"},
              "log": {"level": "warn"},
              "feeds": {"mempool": {"url": f"ws://127.0.0.1:{peers[0][1]}"},
                        "coinbase": {"url": f"ws://127.0.0.1:{peers[1][1]}"}}}
    with open(os.path.join(folder, "satwatch.json"), "w") as handle:
        json.dump(config, handle)
    profile = os.path.join(folder, "callgrind.out")
    environment = dict(os.environ, MALLOC_ARENA_MAX="2", GNUTLS_NO_IMPLICIT_INIT="1")
    worker = subprocess.Popen(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile}", BINARY, "run",
                               "--config", os.path.join(folder, "satwatch.json")], env=environment, cwd=folder)
    try:
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            time.sleep(5)
            for path in ["/", "/healthz", "/metrics", "/api/v1/alerts", "/api/v1/rules", "/api/v1/history", "/api/v1/silences"]:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{http_port}{path}", timeout=30).read()
                except OSError:
                    pass  # still starting (valgrind is slow), or a path this version lacks
    finally:
        worker.send_signal(signal.SIGTERM)
        worker.wait(120)
        receiver.shutdown()
        for process, _ in peers:
            process.terminate()
    mangled = mangled_names()
    # Callgrind names a function without a symbol (the compiler's private helpers) by its address,
    # and the program's entry `(below main)`: no linker can place those by name
    # (deploy/satwatch.lds keeps the helpers together instead).
    functions = [mangled.get(name, name) for name, _ in executed_functions(profile)
                 if not name.startswith("0x") and name != "(below main)"]
    with open(OUTPUT, "w") as handle:
        handle.write("\n".join(functions) + "\n")
    print(f"{OUTPUT}: {len(functions)} functions")


main()
