#!/usr/bin/env bash
# Checks the Debian package `make deb` builds, on a machine without the Swift toolchain: packs
# BINARY (the release build scripts/verify-release.sh just made) with deploy/build-deb.sh, reads
# its control data and contents, lints it (lintian), then installs it with `dpkg --root` into a scratch root holding
# only the C libraries and the few programs its maintainer scripts call (copied per ldd; no
# /opt/swift), so postinst runs chrooted there. In that root it checks the user and state folder
# postinst made, runs `satwatch --version`, `check` and `run` (until it has started) as the
# service user, keeps an edited conffile across a reinstall, and checks what remove and purge
# leave. Run by `make test`, as root (like the chaos suite).
# Usage: scripts/verify-deb.sh BINARY
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:?usage: scripts/verify-deb.sh BINARY}"
[ "$(id -u)" -eq 0 ] || { echo "verify-deb: runs as root (it mounts and chroots), as CI does" >&2; exit 1; }
# In a mount namespace of its own: the root's mounts go with it, even when the script is killed.
[ -n "${VERIFY_DEB_UNSHARED:-}" ] || exec env VERIFY_DEB_UNSHARED=1 unshare --mount --propagation private "$0" "$@"
tmp=$(mktemp -d)
worker=""
cleanup() {
  if [ -n "$worker" ] && kill "$worker" 2>/dev/null; then wait "$worker" || true; fi
  for mount in "$tmp/root/proc" "$tmp/root/dev/null"; do if mountpoint -q "$mount"; then umount "$mount"; fi; done
  rm -rf --one-file-system "$tmp"
}
trap cleanup EXIT
fail() { echo "verify-deb: $*" >&2; exit 1; }

package=$(deploy/build-deb.sh "$binary" "$tmp/out")
info=$(dpkg-deb --info "$package")
contents=$(dpkg-deb --contents "$package")
for field in "Package: satwatch" "Version: $("$binary" --version | awk '{print $2}')+" "Depends: .*libc6" \
             "Depends: .*libcurl4" "Depends: .*libsqlite3-0" "Architecture: $(dpkg --print-architecture)"; do
  grep -q "^ $field" <<< "$info" || fail "control lacks '$field':"$'\n'"$info"
done
for entry in '-rwxr-xr-x root/root .* ./usr/bin/satwatch$' '-rw------- root/root .* ./etc/satwatch/satwatch.env$' \
             '-rw-r--r-- root/root .* ./etc/satwatch/satwatch.json$' '-rw-r--r-- root/root .* ./lib/systemd/system/satwatch.service$' \
             './etc/satwatch/rules/price.json$'; do
  grep -q -- "$entry" <<< "$contents" || fail "contents lack '$entry':"$'\n'"$contents"
done
if grep -q GLIBC_ABI_DT_RELR <(readelf -V "$binary"); then
  grep -q '^ Depends: .*libc6 (>= 2.36)' <<< "$info" || fail "packed relocations need libc6 (>= 2.36):"$'\n'"$info"
fi
conffiles=$(dpkg-deb --ctrl-tarfile "$package" | tar -xO ./conffiles)
grep -qx /etc/satwatch/satwatch.json <<< "$conffiles" || fail "/etc/satwatch/satwatch.json is not a conffile: $conffiles"
unit=$(dpkg-deb --fsys-tarfile "$package" | tar -xO ./lib/systemd/system/satwatch.service)
grep -q '^ExecStart=/usr/bin/satwatch run$' <<< "$unit" || fail "the packaged unit does not start /usr/bin/satwatch"
grep -q '^ProtectSystem=strict$' <<< "$unit" || fail "the packaged unit is not the hardened one of deploy/"
# Debian's own checks, but for what a local build cannot know: its maintainer's address
# (DEBEMAIL), a copyright file (the project names no licence yet) and a manual page (`--help`).
lintian --fail-on error,warning --suppress-tags \
  bogus-mail-host,bogus-mail-host-in-debian-changelog,no-copyright-file,no-manual-page "$package" > "$tmp/lintian.log" 2>&1 \
  || { cat "$tmp/lintian.log" >&2; fail "lintian finds problems in the package (above)"; }

# The scratch root: the programs the maintainer scripts call, every library they and the
# packaged binary load (per ldd), an empty user database and dpkg's. Nothing of the toolchain.
root="$tmp/root"
mkdir -p "$root"/{etc,dev,tmp,usr/bin,usr/sbin,var/lib/dpkg/info,var/lib/dpkg/updates} && chmod 1777 "$root/tmp"
touch "$root/var/lib/dpkg/status"
# The host's layout of /bin, /lib… (on a merged /usr, links into it), so `#!/bin/sh` is found.
for top in bin sbin lib lib32 lib64; do
  if [ -L "/$top" ]; then mkdir -p "$root/$(readlink "/$top")" && ln -s "$(readlink "/$top")" "$root/$top"; fi
done
printf 'root:x:0:0:root:/root:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\n' > "$root/etc/group"
printf 'root:*::0:99999:7:::\n' > "$root/etc/shadow"
printf 'root:*::\n' > "$root/etc/gshadow"
cp /etc/login.defs "$root/etc/"
# Maintainer scripts write to /dev/null: a bind mount, as a container may not allow mknod. The Swift
# runtime reads the command line from /proc/self/cmdline.
touch "$root/dev/null" && mount --bind /dev/null "$root/dev/null"
mkdir "$root/proc" && mount -t proc proc "$root/proc"
libraries() { ldd "$1" | awk '/=> \// { print $3 } /^\t\// { print $1 }'; }
for program in sh getent useradd install rm; do
  path=$(command -v "$program")
  cp -L --parents "$path" "$root"
  for library in $(libraries "$path"); do cp -Ln --parents "$library" "$root"; done
done
ldd "$binary" | grep -E '/opt/swift|not found' && fail "the binary loads the toolchain's libraries (above)"
for library in $(libraries "$binary"); do cp -Ln --parents "$library" "$root"; done
[ -z "$(find "$root" -path "$root/proc" -prune -o -path '*swift*' -print -quit)" ] || fail "the scratch root holds part of the toolchain"

in_root=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot)
# Its dependencies are the libraries copied above, which the empty dpkg database does not list.
dpkg --root="$root" --force-depends -i "$package" > "$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "dpkg -i failed"; }
user=$(grep '^satwatch:x:[0-9]*:[0-9]*:.*:/var/lib/satwatch:/usr/sbin/nologin$' "$root/etc/passwd") \
  || fail "postinst made no satwatch user: $(cat "$root/etc/passwd")"
ids=$(cut -d: -f3,4 <<< "$user")
[ "$(stat -c '%u:%g %a' "$root/var/lib/satwatch")" = "$ids 750" ] \
  || fail "postinst made /var/lib/satwatch as $(stat -c '%u:%g %a' "$root/var/lib/satwatch"), not $ids 750"
version=$("${in_root[@]}" --userspec=satwatch:satwatch "$root" /usr/bin/satwatch --version 2>&1) || fail "satwatch --version failed in the root: $version"
[ "$version" = "$("$binary" --version)" ] || fail "satwatch --version in the root printed '$version'"
"${in_root[@]}" --userspec=satwatch:satwatch "$root" /usr/bin/satwatch check --config /etc/satwatch/satwatch.json \
  > "$tmp/check.log" 2>&1 || { cat "$tmp/check.log" >&2; fail "satwatch check failed in the root"; }

# It starts there as the unit runs it (on port 0: another worker may hold 9464 on this machine),
# and stops cleanly on SIGTERM. Its feeds cannot resolve a host in the root; that only logs.
sed 's/"127.0.0.1:9464"/"127.0.0.1:0"/' "$root/etc/satwatch/satwatch.json" > "$root/etc/satwatch/port0.json"
: > "$tmp/run.log"
"${in_root[@]}" --userspec=satwatch:satwatch "$root" /usr/bin/satwatch run --config /etc/satwatch/port0.json > "$tmp/run.log" 2>&1 &
worker=$!
for ((tries = 0; tries < 600; tries++)); do
  grep -q 'msg=started' "$tmp/run.log" && break
  kill -0 "$worker" 2>/dev/null || { cat "$tmp/run.log" >&2; fail "satwatch run exited in the root before it started"; }
  sleep 0.1
done
grep -q 'msg=started' "$tmp/run.log" || { cat "$tmp/run.log" >&2; fail "satwatch run did not start within 60 s in the root"; }
kill -TERM "$worker"
status=0 && wait "$worker" || status=$?
worker=""
[ "$status" -eq 0 ] || { cat "$tmp/run.log" >&2; fail "satwatch run exited $status on SIGTERM in the root, not 0"; }
rm "$root/etc/satwatch/port0.json"

# An admin's edit survives a reinstall; remove keeps config and state, purge deletes them.
echo '{}' > "$root/etc/satwatch/satwatch.json"
touch "$root/var/lib/satwatch/satwatch.db"
dpkg --root="$root" --force-depends -i "$package" > "$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "reinstalling failed"; }
[ "$(cat "$root/etc/satwatch/satwatch.json")" = '{}' ] || fail "reinstalling replaced the admin's satwatch.json"
dpkg --root="$root" -r satwatch > "$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "dpkg -r failed"; }
[ ! -e "$root/usr/bin/satwatch" ] && [ -e "$root/etc/satwatch/satwatch.json" ] && [ -e "$root/var/lib/satwatch/satwatch.db" ] \
  || fail "remove should delete the binary and keep config and state"
dpkg --root="$root" -P satwatch > "$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log" >&2; fail "dpkg -P failed"; }
[ ! -e "$root/etc/satwatch/satwatch.json" ] && [ ! -e "$root/var/lib/satwatch" ] \
  || fail "purge should delete config and state"
echo "$(basename "$package") ($(du -k "$package" | cut -f1) KiB) without the toolchain: install, --version, check, run, reinstall, remove, purge ok"
