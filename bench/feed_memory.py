#!/usr/bin/env python3
"""Peak RSS of `satwatch run` while a feed (Tests/Peers/feed_peer.py) sends FRAMES (default 100)
1 MiB frames of `[1,1,…]` at once (at the default max_frame), then one 14 MB frame (refused
since max_frame). Prints Markdown table rows. Usage: feed_memory.py BINARY [FRAMES]
VmHWM (the kernel's resident high-water mark) catches peaks between samples."""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

from bench_peers import ROOT, free_port

BINARY = sys.argv[1]
FRAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 100
MIB = 1 << 20


def status_mb(pid, field):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise KeyError(field)


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


class Peer:
    def __init__(self):
        self.process = subprocess.Popen([sys.executable, "-u", os.path.join(ROOT, "Tests/Peers/feed_peer.py")],
                                        stdout=subprocess.PIPE, text=True)
        _, port, control = self.process.stdout.readline().split()
        self.url = f"ws://127.0.0.1:{port}"
        self.control = socket.create_connection(("127.0.0.1", int(control)))
        self.reader = self.control.makefile("r")

    def command(self, line):
        self.control.sendall((line + "\n").encode())
        return self.reader.readline().split()


def counter(port, name, **labels):
    try:
        text = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    except OSError:
        return 0.0
    total = 0.0
    for line in text.splitlines():
        match = re.match(rf"{name}\{{(.*)\}} (\S+)$", line)
        if match and all(f'{key}="{value}"' in match.group(1) for key, value in labels.items()):
            total += float(match.group(2))
    return total


def decoded(port):
    """Frames of `[1,…]` the worker has decoded (skipped: not an object)."""
    return counter(port, "satwatch_feed_skipped_frames_total", feed="mempool", reason="unexpected_shape")


def main():
    peer = Peer()
    folder = tempfile.mkdtemp(prefix="satwatch-feedmem-")
    port = free_port()
    with open(os.path.join(folder, "rules.json"), "w") as handle:
        json.dump({"rules": [{"name": "fees", "metric": "fee.fastest", "above": 50}]}, handle)
    config = {"state": "state.db", "rules": ["rules.json"], "channels": {"console": {"type": "log"}},
              "defaults": {"channels": ["console"]}, "http": {"listen": f"127.0.0.1:{port}"},
              "feeds": {"mempool": {"url": peer.url}}}
    with open(os.path.join(folder, "satwatch.json"), "w") as handle:
        json.dump(config, handle)
    log = open(os.path.join(folder, "worker.log"), "wb")
    worker = subprocess.Popen([BINARY, "run", "--config", os.path.join(folder, "satwatch.json")],
                              stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_for(lambda: peer.command("!count")[0] == "1", 30)
        time.sleep(2)
        baseline = status_mb(worker.pid, "VmRSS")
        peer.command(f"!ones {MIB} {FRAMES}")
        done = wait_for(lambda: decoded(port) >= FRAMES, 300)
        time.sleep(2)
        peak_frames, after_frames = status_mb(worker.pid, "VmHWM"), status_mb(worker.pid, "VmRSS")
        peer.command("!ones 14000000")
        # Refused (this build counts it) or, on builds without max_frame, decoded and skipped.
        wait_for(lambda: worker.poll() is not None
                 or counter(port, "satwatch_feed_oversized_frames_total", feed="mempool") >= 1
                 or decoded(port) >= FRAMES + 1, 120)
        time.sleep(2)
        alive = worker.poll() is None
        peak_big = status_mb(worker.pid, "VmHWM") if alive else float("nan")
        after_big = status_mb(worker.pid, "VmRSS") if alive else float("nan")
        refused = counter(port, "satwatch_feed_oversized_frames_total", feed="mempool") if alive else 0
        note = "" if done else " (not all frames arrived)"
        print(f"| feed memory: RSS before the frames | {baseline:.1f} | MB | |")
        print(f"| feed memory: peak RSS (VmHWM), {FRAMES} × 1 MiB `[1,1,…]` frames{note} | {peak_frames:.1f} | MB "
              f"| <= {baseline + 8:.0f} (before + 8) |")
        print(f"| feed memory: RSS 2 s after them | {after_frames:.1f} | MB | |")
        print(f"| feed memory: peak RSS after one 14 MB frame ({'refused' if refused else 'not refused'}) "
              f"| {peak_big:.1f} | MB | <= {baseline + 8:.0f} |")
        print(f"| feed memory: RSS 2 s after it | {after_big:.1f} | MB | |")
    finally:
        if worker.poll() is None:
            worker.terminate()
            worker.wait(10)
        peer.process.terminate()


main()
