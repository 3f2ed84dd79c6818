#!/usr/bin/env bash
# Checks deploy/: the systemd unit with `systemd-analyze verify` (when systemd is installed),
# the shell scripts with `bash -n`, and that the shipped configs pass `satwatch check`.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-$PWD/.build/debug/satwatch}"
for script in deploy/install.sh deploy/build-deb.sh scripts/*.sh; do bash -n "$script"; done
for script in deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm; do sh -n "$script"; done
# The image builds with the toolchain the project is built and tested with, not an older one.
toolchain=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)
image=$(sed -n 's/^FROM swift:\([0-9.]*\)-.* AS build$/\1/p' deploy/Dockerfile)
if [ -n "$toolchain" ] && [ "$image" != "$toolchain" ]; then
  echo "deploy/Dockerfile builds with swift:$image, but this tree is built and tested with Swift $toolchain" >&2
  exit 1
fi
"$binary" check --config deploy/satwatch.json
# The system config names absolute paths of an installed machine; check it against this tree.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed "s|/var/lib/satwatch/satwatch.db|$tmp/satwatch.db|" deploy/satwatch.system.json > "$tmp/satwatch.json"
cp -r rules "$tmp/rules"
"$binary" check --config "$tmp/satwatch.json"
if command -v systemd-analyze >/dev/null 2>&1; then
  # verify wants the executables to exist: point the unit at the binary just built.
  sed "s|/usr/local/bin/satwatch|$binary|g" deploy/satwatch.service > "$tmp/satwatch.service"
  systemd-analyze verify "$tmp/satwatch.service"
  echo "deploy/satwatch.service: systemd-analyze verify ok"
else
  echo "deploy/satwatch.service: systemd-analyze not installed; unit not verified"
fi
