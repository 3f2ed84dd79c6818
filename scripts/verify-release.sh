#!/usr/bin/env bash
# Builds the binary satwatch is deployed as, the way the Dockerfile does: in a folder holding only
# what its build stage copies and the stand-ins its RUN lines make (no .git, no tests), with
# deploy/build-release.sh. Then checks that it starts where it was built (packed relocations need a
# C library that reads them), passes `check` on the shipped config, and lays out its code as
# deploy/satwatch.order lists (scripts/check-layout.py). Run by `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=.build-release-check
context="$work/context"
# Hard links: the same files (same inode and time), so the next run's build is incremental; made
# anew each run, so a file deleted here is gone there too.
rm -rf "$context"
mkdir -p "$context"
stage=$(sed -n '/^FROM .* AS build$/,/^FROM /p' deploy/Dockerfile | sed -e ':join' -e '/\\$/{N;s/\\\n//;b join}')
while read -r line; do
  read -ra words <<< "${line#COPY }"
  destination="${words[${#words[@]}-1]}"
  # `COPY a b dir/` copies into dir/; `COPY a b` makes b: its parent must exist.
  if [ "${destination: -1}" = / ]; then mkdir -p "$context/$destination"; else mkdir -p "$(dirname "$context/$destination")"; fi
  for source in "${words[@]:0:${#words[@]}-1}"; do
    cp -al "$source" "$context/$destination"
  done
done < <(grep '^COPY ' <<< "$stage" | grep -v -- '--from')
# The RUN lines that lay out the copy (stand-ins for the targets not copied): all but the one
# installing the toolchain's packages and the one that builds.
layout=$(grep '^RUN ' <<< "$stage" | { grep -v -e 'apt-get' -e 'build-release\.sh' || true; } | sed 's/^RUN //')
(cd "$context" && sh -ec "$layout")
log="$root/$work/build.log"
binary=$(cd "$context" && SATWATCH_REVISION=release-check deploy/build-release.sh "$root/$work/scratch" 2> "$log") \
  || { cat "$log" >&2; exit 1; }
cat "$log" >&2
# SwiftPM's warnings about the package itself (a target without sources) name it by its folder.
if grep "^warning: 'context': " "$log" >&2; then
  echo "verify-release.sh: SwiftPM warns about the copy the Dockerfile builds from (above)" >&2
  exit 1
fi
"$binary" --version
"$binary" check --config deploy/satwatch.json
python3 scripts/check-layout.py "$binary" deploy/satwatch.order
