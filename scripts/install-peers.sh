#!/usr/bin/env bash
# Installs the real test peers and the end-to-end test tools from PyPI into a virtual environment,
# .build/venv (never into the system Python), when missing: `websockets` (WebSocket server),
# `aiosmtpd` (SMTP server), `pytest`, and `prometheus_client` (whose text parser checks /metrics).
# Everything that runs the peers or the Python tests uses .build/venv/bin/python3.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/venv
packages=(websockets aiosmtpd pytest prometheus_client)
check="import websockets, aiosmtpd, pytest, prometheus_client"
"$venv/bin/python3" -c "$check" 2>/dev/null && exit 0
echo "installing test peers into $venv: ${packages[*]}" >&2
# A venv left half-made (no pip) by an earlier failure is made again.
[ -x "$venv/bin/python3" ] && "$venv/bin/python3" -m pip --version >/dev/null 2>&1 || python3 -m venv --clear "$venv"
"$venv/bin/python3" -m pip install -q --disable-pip-version-check "${packages[@]}"
"$venv/bin/python3" -c "$check"
