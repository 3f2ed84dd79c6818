#!/usr/bin/env bash
# Installs satwatch on this machine (Debian 12 / Ubuntu 22.04+), as root:
#   - a release build with the Swift runtime linked statically → /usr/local/bin/satwatch
#   - /etc/satwatch/satwatch.json, rules/ and satwatch.env (kept if they already exist)
#   - the `satwatch` system user and the systemd unit (state in /var/lib/satwatch)
# Usage: sudo deploy/install.sh [--no-start]   (run again to upgrade: it restarts a running worker)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo deploy/install.sh)" >&2; exit 1; }

scripts/install-deps.sh
swift build -c release --product satwatch --static-swift-stdlib
install -m 0755 .build/release/satwatch /usr/local/bin/satwatch

id satwatch >/dev/null 2>&1 || useradd --system --home-dir /var/lib/satwatch --no-create-home --shell /usr/sbin/nologin satwatch
# systemd's StateDirectory= makes this too; without systemd the worker could not create it.
install -d -m 0750 -o satwatch -g satwatch /var/lib/satwatch
install -d -m 0755 /etc/satwatch
[ -e /etc/satwatch/satwatch.json ] || install -m 0644 deploy/satwatch.system.json /etc/satwatch/satwatch.json
[ -d /etc/satwatch/rules ] || { install -d -m 0755 /etc/satwatch/rules && install -m 0644 rules/*.json /etc/satwatch/rules/; }
[ -e /etc/satwatch/satwatch.env ] || install -m 0600 deploy/satwatch.env.example /etc/satwatch/satwatch.env
install -m 0644 deploy/README.md /etc/satwatch/README.md
install -m 0644 deploy/satwatch.service /etc/systemd/system/satwatch.service

/usr/local/bin/satwatch check --config /etc/satwatch/satwatch.json
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  systemctl daemon-reload
  if [ "${1:-}" != "--no-start" ]; then
    systemctl enable satwatch
    # An upgrade: the running worker still runs the old binary until it is restarted (a
    # restart, not a reload: SIGHUP rereads the config, not the program).
    if systemctl is-active --quiet satwatch; then systemctl restart satwatch; else systemctl start satwatch; fi
    systemctl --no-pager status satwatch || true
  fi
else
  echo "install.sh: no running systemd; start it with (secrets from satwatch.env exported first):" >&2
  echo "  runuser -u satwatch -- env SATWATCH_CONFIG=/etc/satwatch/satwatch.json /usr/local/bin/satwatch run" >&2
fi
