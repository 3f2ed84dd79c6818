#!/usr/bin/env bash
# Installs the real test peers (Python `websockets` WebSocket server, `aiosmtpd` SMTP server)
# from PyPI when they are missing.
set -euo pipefail
python3 -c 'import websockets, aiosmtpd' 2>/dev/null && exit 0
echo "installing test peers: websockets aiosmtpd" >&2
python3 -m pip install -q websockets aiosmtpd 2>/dev/null \
  || python3 -m pip install -q --break-system-packages websockets aiosmtpd
python3 -c 'import websockets, aiosmtpd'
