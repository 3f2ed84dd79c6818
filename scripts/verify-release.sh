#!/usr/bin/env bash
# Builds the binary satwatch is deployed as, the way the Dockerfile does: in a folder holding only
# what its build stage copies and the folders its RUN line makes (no .git, no tests), with
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
folders=$(grep '^RUN mkdir -p ' <<< "$stage" | sed -e 's/^RUN mkdir -p //' -e 's/ *&&.*//')
(cd "$context" && mkdir -p $folders)
binary=$(cd "$context" && SATWATCH_REVISION=release-check deploy/build-release.sh "$root/$work/scratch")
"$binary" --version
"$binary" check --config deploy/satwatch.json
python3 scripts/check-layout.py "$binary" deploy/satwatch.order
