#!/usr/bin/env bash
# Installs the system packages satwatch builds and tests with, only those that are missing.
# Debian 12 / Ubuntu 22.04+ (apt). Safe to run repeatedly.
set -euo pipefail
# systemd (systemd-analyze) and libseccomp2: the e2e test that runs the commands under the unit's
# system-call filter expands its sets and loads it with them. tzdata: /usr/share/zoneinfo, which
# time intervals' locations are read from (and the time zone tests). chromium and a font: the
# browser the page's tests render it in. prometheus-alertmanager: the real Alertmanagers (alone and
# as a cluster) the alertmanager channel and the two-worker tests deliver through. dpkg-dev:
# dpkg-shlibdeps, which names the Debian package's library dependencies (deploy/build-deb.sh);
# lintian checks that package (scripts/verify-deb.sh). libssl-dev and zlib1g-dev: the digests and
# the PNG encoder's deflate come from libcrypto and zlib (both already loaded by libcurl).
# faketime (libfaketime): the chaos rows that step a running worker's wall clock and the
# Alertmanager skew tests.
packages=(libsqlite3-dev libcurl4-openssl-dev libssl-dev zlib1g-dev dpkg-dev lintian sqlite3 openssl curl ca-certificates procps gcc zsh python3 python3-venv systemd libseccomp2 tzdata chromium fonts-dejavu-core prometheus-alertmanager faketime)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# python3 may come from elsewhere (pyenv); only ask apt for it when there is none at all, and for
# python3-venv (Debian's ensurepip, which `python3 -m venv` needs for the test peers' .build/venv)
# when that python3 lacks it.
if command -v python3 >/dev/null 2>&1; then
  filtered=()
  for package in "${missing[@]}"; do
    case "$package" in python3) ;; python3-venv) python3 -c "import ensurepip, venv" 2>/dev/null || filtered+=("$package") ;; *) filtered+=("$package") ;; esac
  done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
