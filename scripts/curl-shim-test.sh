#!/usr/bin/env bash
# Builds and runs Tests/CurlShim/protocols_test.c against the system libcurl twice: with the
# protocol allow-list as this libcurl supports it, and forced to the bitmask form older libcurl
# (before 7.85, e.g. Ubuntu 22.04's 7.81) gets, so that branch is exercised here too.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
cc -Wall -Werror -o .build/curl-shim-test Tests/CurlShim/protocols_test.c -lcurl
cc -Wall -Werror -Wno-deprecated-declarations -DSATWATCH_CURL_PROTOCOLS_BITMASK -o .build/curl-shim-test-bitmask Tests/CurlShim/protocols_test.c -lcurl
.build/curl-shim-test
.build/curl-shim-test-bitmask
