#!/usr/bin/env bash
# The release build satwatch is deployed as: install.sh and the Dockerfile run it, bench/run
# measures what it builds. Prints the path of the binary.
#   - The Swift runtime is linked in statically: nothing of the toolchain is needed where it runs.
#   - Each function gets a section of its own, and the functions a running worker executes are
#     laid out side by side, hottest first, in the order deploy/satwatch.order lists them
#     (bench/order_file.py writes it from a profiled run). The kernel maps a program's code 64 KiB
#     around each page first touched: scattered over 8 MB of text, the ~1.3 MB a worker runs kept
#     about 6 MB of the binary resident; side by side, about half. The compiler's private helpers
#     have no name to list; deploy/satwatch.lds keeps them together (scattered, they kept another
#     1.1 MB resident).
#   - lld links it, with its relative relocations packed (DT_RELR) where the C library reads them
#     (glibc 2.36 and later: Debian 12, Ubuntu 24.04, the Dockerfile's image): an 8 KiB table
#     instead of a 740 KiB one read, and kept resident, at every start. With an older glibc the
#     table stays as it was. A toolchain without lld (Swift's Linux toolchains ship it) gets the
#     static build in the compiler's layout.
# Usage: deploy/build-release.sh [--no-order] [SCRATCH]     (SCRATCH defaults to .build-static)
#   --no-order: the same build in the compiler's layout (what bench/order_file.py profiles).
set -euo pipefail
cd "$(dirname "$0")/.."
order=deploy/satwatch.order
if [ "${1:-}" = "--no-order" ]; then order=""; shift; fi
scratch="${1:-.build-static}"
flags=(-c release --product satwatch --static-swift-stdlib --scratch-path "$scratch"
       -Xswiftc -Xfrontend -Xswiftc -function-sections)

toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')
if [ -x "$toolchain/ld.lld" ]; then
  # The static standard library's link arguments export every symbol of ours to the dynamic
  # table (-export-dynamic): 5,700 names the loader searches on every lookup, and nothing that
  # looks them up. Not exported, they stay in the symbol table for backtraces.
  flags+=(-Xswiftc -use-ld=lld -Xlinker --no-export-dynamic)
  [ -n "$order" ] && flags+=(-Xlinker "--symbol-ordering-file=$PWD/$order" -Xlinker --no-warn-symbol-ordering
                             -Xlinker -T -Xlinker "$PWD/deploy/satwatch.lds")
  if [ -n "$glibc" ] && [ "$(printf '%s\n' 2.36 "$glibc" | sort -V | head -1)" = 2.36 ]; then
    flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
  fi
else
  echo "build-release.sh: no ld.lld beside $(command -v swift); building with the default linker, code in the compiler's layout" >&2
fi
swift build "${flags[@]}" >&2
echo "$scratch/release/satwatch"
