#!/usr/bin/env bash
# Runs one suite of `make test` quietly: everything it prints goes to .build/logs/NAME.log, and
# this prints one line, `NAME: ok (12.3 s): SUMMARY`, when it passes. When it fails, it prints
# the whole log, then `NAME: FAILED (exit N, 12.3 s)`, and exits with the suite's status.
# SUMMARY is the log's last line matching --summary REGEX (grep -E), else its last non-empty
# line, unchanged at the end of the line: the runner's closing line (`Test run with … passed
# after …`, pytest's `N passed in …`) is what CI reads.
# Usage: scripts/quietly.sh NAME [--summary REGEX] -- COMMAND [ARG...]
set -uo pipefail
name="${1:?usage: scripts/quietly.sh NAME [--summary REGEX] -- COMMAND [ARG...]}"
shift
pattern=""
if [ "${1:-}" = "--summary" ]; then pattern="$2"; shift 2; fi
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || { echo "quietly.sh $name: no command given" >&2; exit 2; }

logs="$(dirname "$0")/../.build/logs"
mkdir -p "$logs"
log="$(cd "$logs" && pwd)/$name.log"
start=$EPOCHREALTIME
"$@" > "$log" 2>&1 < /dev/null
status=$?
seconds=$(awk -v start="$start" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.1f", end - start }')

if [ "$status" -ne 0 ]; then
  cat "$log"
  echo "$name: FAILED (exit $status, $seconds s; log: $log)"
  exit "$status"
fi
summary=""
[ -n "$pattern" ] && summary=$(tr -d '\r' < "$log" | grep -E -- "$pattern" | tail -n 1)
[ -n "$summary" ] || summary=$(tr -d '\r' < "$log" | grep -v '^[[:space:]]*$' | tail -n 1)
echo "$name: ok ($seconds s)${summary:+: $summary}"
