#!/usr/bin/env bash
# Installs the real test peers and the end-to-end test tools from PyPI when missing: `websockets`
# (WebSocket server), `aiosmtpd` (SMTP server), `pytest`, and `prometheus_client` (whose text
# parser checks /metrics).
set -euo pipefail
python3 -c "import websockets, aiosmtpd, pytest, prometheus_client" 2>/dev/null && exit 0
echo "installing test peers: websockets aiosmtpd pytest prometheus_client" >&2
python3 -m pip install -q websockets aiosmtpd pytest prometheus_client 2>/dev/null \
  || python3 -m pip install -q --break-system-packages websockets aiosmtpd pytest prometheus_client
python3 -c "import websockets, aiosmtpd, pytest, prometheus_client"
