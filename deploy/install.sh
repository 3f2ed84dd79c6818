#!/usr/bin/env bash
# Installs satwatch on this machine (Debian 12 / Ubuntu 22.04+), as root:
#   - the release build deploy/build-release.sh makes (the Swift runtime linked in statically,
#     the code a running worker executes laid out together) → /usr/local/bin/satwatch
#   - /etc/satwatch/satwatch.json, rules/ and satwatch.env (kept if they already exist)
#   - the `satwatch` system user and the systemd unit (state in /var/lib/satwatch)
# Usage: sudo deploy/install.sh [--no-start]   (run again to upgrade: it restarts a running worker)
#
# For packaging and for the repository's own test of this script (Tests/e2e/test_install.py):
#   DESTDIR=DIR            install below DIR instead of / (the unit and paths inside still name /)
#   SATWATCH_BINARY=FILE   install FILE instead of building one
#   SATWATCH_USER=NAME     the service user (default satwatch; created when missing)
#   SATWATCH_SYSTEMD=1|0   whether systemd runs here (default: detected)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" -eq 0 ] || { echo "install.sh: run as root (sudo deploy/install.sh)" >&2; exit 1; }
root="${DESTDIR:-}"
user="${SATWATCH_USER:-satwatch}"
binary="${SATWATCH_BINARY:-}"

if [ -z "$binary" ]; then
  scripts/install-deps.sh
  binary=$(deploy/build-release.sh)
fi
install -d -m 0755 "$root/usr/local/bin" "$root/etc/systemd/system"
install -m 0755 "$binary" "$root/usr/local/bin/satwatch"

id "$user" >/dev/null 2>&1 || useradd --system --home-dir /var/lib/satwatch --no-create-home --shell /usr/sbin/nologin "$user"
# systemd's StateDirectory= makes this too; without systemd the worker could not create it.
install -d -m 0750 -o "$user" -g "$user" "$root/var/lib/satwatch"
install -d -m 0755 "$root/etc/satwatch"
# An upgrade keeps what the admin wrote: config, rules and secrets are installed only when missing.
[ -e "$root/etc/satwatch/satwatch.json" ] || install -m 0644 deploy/satwatch.system.json "$root/etc/satwatch/satwatch.json"
[ -d "$root/etc/satwatch/rules" ] || { install -d -m 0755 "$root/etc/satwatch/rules" && install -m 0644 rules/*.json "$root/etc/satwatch/rules/"; }
[ -e "$root/etc/satwatch/satwatch.env" ] || install -m 0600 deploy/satwatch.env.example "$root/etc/satwatch/satwatch.env"
install -m 0644 deploy/README.md "$root/etc/satwatch/README.md"
install -m 0644 deploy/satwatch.service "$root/etc/systemd/system/satwatch.service"

"$root/usr/local/bin/satwatch" check --config "$root/etc/satwatch/satwatch.json" --env-file "$root/etc/satwatch/satwatch.env"
systemd="${SATWATCH_SYSTEMD:-}"
if [ -z "$systemd" ]; then
  systemd=0
  if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then systemd=1; fi
fi
if [ "$systemd" = 1 ]; then
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
  echo "  runuser -u $user -- env SATWATCH_CONFIG=/etc/satwatch/satwatch.json /usr/local/bin/satwatch run" >&2
fi
