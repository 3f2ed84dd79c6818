#!/usr/bin/env python3
"""Checks that BINARY, a build of deploy/build-release.sh, lays out the code ORDER lists side by
side, that ORDER still names the binary's functions (a stale list lays out little), and that the
compiler's unnamed helpers sit together in `.text.unnamed` (deploy/satwatch.lds).

The two numbers it prints:
  - named: the share of ORDER's functions the binary has. Renamed or removed functions lower it;
    below 80 %, regenerate the list: `bench/order_file.py $(deploy/build-release.sh --no-order)`.
  - span: the address range that holds the middle 90 % of them. The compiler's own layout scatters
    them over most of the text (7.4 MB of 7.7 in the build this was written with); laid out, they
    sit within about 2.6 MB (with the standard library's and the runtime's code that the linker
    cannot split). Over 4 MB means the linker did not follow the list.
Usage: scripts/check-layout.py BINARY ORDER
"""
import subprocess
import sys

BINARY, ORDER = sys.argv[1], sys.argv[2]
MIN_NAMED, MAX_SPAN_MB = 0.80, 4.0

listing = subprocess.run(["nm", "--defined-only", BINARY], capture_output=True, text=True, errors="replace", check=True).stdout
addresses = {}
for line in listing.splitlines():
    parts = line.split(" ", 2)
    if len(parts) == 3 and parts[1] in "tTwW":
        addresses[parts[2]] = int(parts[0], 16)
names = [line.strip() for line in open(ORDER) if line.strip()]
found = sorted(addresses[name] for name in names if name in addresses)
named = len(found) / len(names) if names else 0
span = (found[int(len(found) * 0.95)] - found[int(len(found) * 0.05)]) / 2**20 if found else float("inf")
print(f"{ORDER}: the binary has {named:.0%} of its {len(names)} functions; the middle 90 % lie within {span:.1f} MB")
problems = []
if named < MIN_NAMED:
    problems.append(f"fewer than {MIN_NAMED:.0%} of the listed functions exist: regenerate the list with "
                    "bench/order_file.py $(deploy/build-release.sh --no-order)")
if span > MAX_SPAN_MB:
    problems.append(f"the listed functions spread over more than {MAX_SPAN_MB} MB: the linker did not lay them out")
# The compiler's private helpers, which have no name to list, kept together by deploy/satwatch.lds.
sections = subprocess.run(["readelf", "-SW", BINARY], capture_output=True, text=True, check=True).stdout
if " .text.unnamed " not in sections:
    problems.append("no .text.unnamed section: the linker did not follow deploy/satwatch.lds")
for problem in problems:
    print(f"{BINARY}: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
