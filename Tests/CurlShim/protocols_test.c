// The protocol allow-list of Sources/CCurl/shim.h, in both its forms: CURLOPT_PROTOCOLS_STR
// (libcurl 7.85+) and the CURLPROTO_* bitmask used with older libcurl (Ubuntu 22.04: 7.81).
// scripts/curl-shim-test.sh builds this twice, once with SATWATCH_CURL_PROTOCOLS_BITMASK.
#include <stdio.h>
#include "../../Sources/CCurl/shim.h"

static int failures = 0;

static void expect(const char *what, CURLcode got, CURLcode wanted) {
    if (got != wanted) {
        fprintf(stderr, "FAIL %s: got %d (%s), wanted %d (%s)\n", what, got, curl_easy_strerror(got), wanted,
                curl_easy_strerror(wanted));
        failures++;
    }
}

static CURLcode fetch(const char *protocols, const char *url) {
    CURL *h = curl_easy_init();
    CURLcode code = satwatch_curl_restrict_protocols(h, protocols);
    if (code == CURLE_OK) {
        curl_easy_setopt(h, CURLOPT_URL, url);
        curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
        curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, 2000L);
        code = curl_easy_perform(h);
    }
    curl_easy_cleanup(h);
    return code;
}

int main(void) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    expect("file:// outside http,https", fetch("http,https", "file:///etc/hostname"), CURLE_UNSUPPORTED_PROTOCOL);
    expect("file:// outside smtp,smtps", fetch("smtp,smtps", "file:///etc/hostname"), CURLE_UNSUPPORTED_PROTOCOL);
    expect("http:// outside smtp,smtps", fetch("smtp,smtps", "http://127.0.0.1:1/"), CURLE_UNSUPPORTED_PROTOCOL);
    // Allowed: the request goes out and fails to connect (nothing listens on port 1).
    expect("http:// inside http,https", fetch("http,https", "http://127.0.0.1:1/"), CURLE_COULDNT_CONNECT);
    expect("an unknown protocol name", fetch("http,gopherish", "http://127.0.0.1:1/"), CURLE_UNSUPPORTED_PROTOCOL);
    curl_global_cleanup();
#ifdef SATWATCH_CURL_PROTOCOLS_BITMASK
    const char *form = "CURLPROTO_* bitmask (libcurl < 7.85)";
#else
    const char *form = LIBCURL_VERSION_NUM >= 0x075500 ? "CURLOPT_PROTOCOLS_STR" : "CURLPROTO_* bitmask (libcurl < 7.85)";
#endif
    printf("curl protocol allow-list, %s: %s\n", form, failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
