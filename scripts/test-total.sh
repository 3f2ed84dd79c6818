#!/usr/bin/env bash
# Prints the closing line of a green `make test`: every suite's passed tests added up, as the plain
# `tests: N passed, 0 failed` line CI reads whatever the runners (each suite's own closing line
# stands, prefixed, in the quiet summary above it). Reads the logs scripts/quietly.sh kept.
set -euo pipefail
logs="$(dirname "$0")/../.build/logs"
total=0
# Swift Testing: `✔ Test run with 907 tests in 205 suites passed after …`.
swift=$(grep -Eo 'Test run with [0-9]+ tests' "$logs/swift-tests.log" | tail -n 1 | grep -Eo '[0-9]+' || true)
total=$((total + ${swift:-0}))
# `satwatch test`: `22 passed, 0 failed`; pytest: `154 passed, 2 skipped in 408.12s`.
for suite in rule-tests layers-check e2e chaos; do
  [ -f "$logs/$suite.log" ] || continue
  passed=$(grep -Eo '[0-9]+ passed' "$logs/$suite.log" | tail -n 1 | grep -Eo '[0-9]+' || true)
  total=$((total + ${passed:-0}))
done
echo "tests: $total passed, 0 failed"
