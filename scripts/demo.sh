#!/usr/bin/env bash
# make demo: replays a bundled recording of a real mempool.space fee burst (deploy/demo/) at 10x
# through a local WebSocket server into the real `satwatch run`, so alerts fire and resolve on the
# console within seconds. Offline; nothing is installed system-wide beyond the test peers.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-peers.sh
binary=${SATWATCH_BIN:-.build/debug/satwatch}
dir=$(mktemp -d)
peer=""
worker=""
cleanup() {
  [ -n "$worker" ] && kill "$worker" 2>/dev/null || true
  [ -n "$peer" ] && kill "$peer" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
.build/venv/bin/python3 -u Tests/Peers/feed_peer.py --replay deploy/demo/mempool-fee-burst.jsonl --speed 10 > "$dir/peer.out" &
peer=$!
for _ in $(seq 100); do grep -q READY "$dir/peer.out" 2>/dev/null && break; sleep 0.1; done
read -r _ port _ < "$dir/peer.out"
cp deploy/demo/rules.json "$dir/rules.json"
cat > "$dir/satwatch.json" <<JSON
{
  "state": "state.db",
  "rules": ["rules.json"],
  "feeds": { "mempool": { "url": "ws://127.0.0.1:$port" } },
  "channels": { "console": { "type": "log" } },
  "defaults": { "channels": ["console"] },
  "http": { "listen": "127.0.0.1:0" }
}
JSON
echo "satwatch demo: a recorded fee burst on mempool.space (2025-12-10, 140 s) replayed at 10x."
echo "Rules: deploy/demo/rules.json. Alerts appear below as they fire and resolve (about 15 s)."
echo
"$binary" run --config "$dir/satwatch.json" 2>&1 | grep --line-buffered -E 'msg="alert |msg=(started|stopped)|feed connected' &
worker=$!
sleep 16
pkill -TERM -f "$dir/satwatch.json" || true
wait "$worker" 2>/dev/null || true
worker=""
echo
echo "What the state file remembers (satwatch status):"
"$binary" status --config "$dir/satwatch.json" | sed -n '/RULES/,/METRICS/p' | grep -v METRICS
