#!/usr/bin/env bash
# Packs a release build (deploy/build-release.sh) into a Debian package with dpkg-deb, and prints
# the package's path. The package holds:
#   /usr/bin/satwatch                       the binary (the Swift runtime linked in: no toolchain)
#   /lib/systemd/system/satwatch.service    the hardened unit of deploy/, pointed at /usr/bin
#   /etc/satwatch/satwatch.json, rules/*.json, satwatch.env (0600)   conffiles: an upgrade keeps
#                                           what the admin wrote (satwatch.json is
#                                           deploy/satwatch.system.json: it needs no secret)
#   /usr/share/doc/satwatch/README.md       deploy/README.md
# and deploy/debian/{postinst,prerm,postrm}: the `satwatch` system user, /var/lib/satwatch, the
# unit enabled and started. Its version is the binary's (`satwatch --version`): 0.1.0+TIME.REVISION.
# Its dependencies are the shared libraries the binary links (dpkg-shlibdeps, from dpkg-dev).
# Usage: deploy/build-deb.sh BINARY [OUTDIR]      (OUTDIR defaults to .build/deb)
# DEBFULLNAME and DEBEMAIL, as Debian's own tools read them, name the maintainer.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: deploy/build-deb.sh BINARY [OUTDIR]}"
out="${2:-.build/deb}"

# `satwatch 0.1.0 (revision 4dccf9d1a2b3)` → 0.1.0+20261129072300.4dccf9d1a2b3: the commit's time
# (UTC) first, when this checkout knows the commit, so that a later build sorts as an upgrade
# (hashes do not sort). Debian's version allows no '-' without a Debian revision, so other
# characters of the revision become '.'.
read -r _ release _ revision < <("$binary" --version)
revision="${revision%)}"
version="$release"
if [ "$revision" != unknown ]; then
  stamp=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S "$revision" -- 2>/dev/null || true)
  version="$release+${stamp:+$stamp.}${revision//[^0-9A-Za-z.]/.}"
fi
arch=$(dpkg --print-architecture)

mkdir -p "$out"
work=$(mktemp -d "$(cd "$out" && pwd)/.stage.XXXXXX")
trap 'rm -rf "$work"' EXIT
root="$work/satwatch"
install -D -m 0755 "$binary" "$root/usr/bin/satwatch"
install -d -m 0755 "$root/lib/systemd/system" "$root/etc/satwatch/rules" "$root/usr/share/doc/satwatch"
sed -e 's|/usr/local/bin/satwatch|/usr/bin/satwatch|g' \
    -e 's|file:///etc/satwatch/README.md|file:///usr/share/doc/satwatch/README.md|' \
    deploy/satwatch.service > "$root/lib/systemd/system/satwatch.service"
chmod 0644 "$root/lib/systemd/system/satwatch.service"
install -m 0644 deploy/satwatch.system.json "$root/etc/satwatch/satwatch.json"
install -m 0644 rules/*.json "$root/etc/satwatch/rules/"
install -m 0600 deploy/satwatch.env.example "$root/etc/satwatch/satwatch.env"
install -m 0644 deploy/README.md "$root/usr/share/doc/satwatch/README.md"
maintainer="${DEBFULLNAME:-satwatch developers} <${DEBEMAIL:-satwatch@localhost}>"
printf 'satwatch (%s) unstable; urgency=medium\n\n  * Built from revision %s.\n\n -- %s  %s\n' \
  "$version" "$revision" "$maintainer" "$(date -R)" | gzip -9n > "$root/usr/share/doc/satwatch/changelog.gz"
# What lintian reports on purpose: the symbols stay for Swift's backtraces (a crash names the
# function), and the secrets file is readable by root only.
install -d -m 0755 "$root/usr/share/lintian/overrides"
printf '%s\n' 'satwatch: unstripped-binary-or-object [usr/bin/satwatch]' \
  'satwatch: non-standard-file-perm 0600 != 0644 [etc/satwatch/satwatch.env]' > "$root/usr/share/lintian/overrides/satwatch"

install -d -m 0755 "$root/DEBIAN"
install -m 0755 deploy/debian/postinst deploy/debian/prerm deploy/debian/postrm "$root/DEBIAN/"
(cd "$root" && find etc -type f | sort | sed 's|^|/|') > "$root/DEBIAN/conffiles"
# dpkg-shlibdeps reads the package's name from a debian/control beside it.
mkdir -p "$work/debian"
printf 'Source: satwatch\n\nPackage: satwatch\nArchitecture: any\n' > "$work/debian/control"
shlibs=$(cd "$work" && dpkg-shlibdeps -O "$root/usr/bin/satwatch" | sed -n 's/^shlibs:Depends=//p')
# It counts the symbols the binary uses, not a version needed without one: packed relocations
# (build-release.sh) need GLIBC_ABI_DT_RELR, glibc 2.36; on an older one the binary cannot start.
if grep -q GLIBC_ABI_DT_RELR <(readelf -V "$binary"); then
  shlibs=$(sed -E 's/libc6 \(>= [0-9.]+\)/libc6 (>= 2.36)/' <<< "$shlibs")
fi
cat > "$root/DEBIAN/control" <<EOF
Package: satwatch
Version: $version
Architecture: $arch
Maintainer: $maintainer
Section: net
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $shlibs, ca-certificates, passwd
Recommends: tzdata, systemd
Description: alert worker for Bitcoin and crypto markets
 satwatch holds live streams to public market feeds (mempool.space, Coinbase,
 Kraken, Binance, CoinGecko, Coin Metrics), evaluates the rules you write in
 JSON and tells you by email, webhook, chat or Alertmanager, remembering what
 it said in a SQLite file. It runs as the hardened systemd unit satwatch.
EOF
package="$out/satwatch_${version}_${arch}.deb"
dpkg-deb --root-owner-group --build "$root" "$package" >/dev/null
echo "$package"
