#!/usr/bin/env bash
# Runs `swift test --skip-build` with a watchdog. A test run that hangs must fail in minutes with
# a reason, not sit until CI's own limit: after SWIFT_TEST_TIMEOUT seconds (default 900; the
# suite takes about 15 s) it names the tests that started and never finished, prints every
# thread's stack of the test process (with gdb, when installed), kills it and exits 1.
set -uo pipefail
limit="${SWIFT_TEST_TIMEOUT:-900}"
swift="${SWIFT:-swift}"
log="$(mktemp -t satwatch-swift-test.XXXXXX)"
trap 'rm -f "$log"' EXIT

# A session of its own, so the watchdog can end the runner, the test binary and every peer.
setsid "$swift" test --skip-build "$@" > "$log" 2>&1 < /dev/null &
runner=$!
tail -n +1 -f --pid="$runner" "$log" &
printer=$!

for ((waited = 0; waited < limit; waited++)); do
  if ! kill -0 "$runner" 2>/dev/null; then
    wait "$runner"
    status=$?
    wait "$printer"
    exit "$status"
  fi
  sleep 1
done

echo "swift test: still running after ${limit}s; tests that started and never finished:" >&2
# Swift Testing prints `◇ Test NAME started.` and then `✔ Test NAME passed…` or `✘ Test NAME failed…`.
python3 - "$log" >&2 <<'EOF'
import re, sys
started, ended = [], set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if line.startswith("◇ Test case "):
        continue
    if m := re.match(r"◇ Test (.*) started\.$", line.rstrip("\n")):
        started.append(m.group(1))
    elif m := re.match(r"[✔✘] Test (.*?) (?:with \d+ test cases? )?(?:passed|failed)", line):
        ended.add(m.group(1))
for name in started:
    if name not in ended:
        print("  " + name)
EOF
for pid in $(pgrep -s "$runner" -f 'PackageTests\.xctest'); do
  echo "--- stacks of test process $pid" >&2
  if command -v gdb >/dev/null 2>&1; then
    gdb -p "$pid" -batch -ex "thread apply all bt 10" 2>/dev/null | grep -E '^(Thread|#)' >&2
  else
    echo "(gdb not installed)" >&2
  fi
done
pkill -KILL -s "$runner"
wait "$printer"
exit 1
