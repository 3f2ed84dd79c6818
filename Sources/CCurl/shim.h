#ifndef SATWATCH_CCURL_SHIM_H
#define SATWATCH_CCURL_SHIM_H
#include <curl/curl.h>
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <strings.h>

// curl_easy_setopt / curl_easy_getinfo are variadic: Swift cannot call them. One typed wrapper
// per argument kind, as swift-corelibs-foundation does.

static inline CURLcode satwatch_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode satwatch_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode satwatch_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode satwatch_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode satwatch_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }

typedef size_t (*satwatch_curl_io_callback)(char *buffer, size_t size, size_t count, void *context);
static inline CURLcode satwatch_curl_setopt_write_function(CURL *h, satwatch_curl_io_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
static inline CURLcode satwatch_curl_setopt_header_function(CURL *h, satwatch_curl_io_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
static inline CURLcode satwatch_curl_setopt_read_function(CURL *h, satwatch_curl_io_callback f) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }

static inline CURLcode satwatch_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode satwatch_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode satwatch_curl_getinfo_socket(CURL *h, CURLINFO i, curl_socket_t *v) { return curl_easy_getinfo(h, i, v); }
static inline CURLcode satwatch_curl_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) { return curl_easy_getinfo(h, i, v); }
/// Restricts a handle to the comma-separated protocols in `names` (e.g. "http,https").
/// CURLOPT_PROTOCOLS_STR needs libcurl 7.85; older ones (Ubuntu 22.04 ships 7.81) get the same
/// allow-list as a CURLPROTO_* bitmask. A name this fallback does not know is refused with
/// CURLE_UNSUPPORTED_PROTOCOL, as 7.85+ refuses one its build lacks.
static inline CURLcode satwatch_curl_restrict_protocols(CURL *h, const char *names) {
#if LIBCURL_VERSION_NUM >= 0x075500 && !defined(SATWATCH_CURL_PROTOCOLS_BITMASK)
    return curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, names);
#else
    static const struct { const char *name; long bit; } known[] = {
        {"http", CURLPROTO_HTTP}, {"https", CURLPROTO_HTTPS}, {"smtp", CURLPROTO_SMTP}, {"smtps", CURLPROTO_SMTPS},
    };
    long mask = 0;
    const char *start = names;
    while (*start) {
        const char *end = start;
        while (*end && *end != ',') end++;
        size_t length = (size_t)(end - start);
        int found = 0;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
            if (strlen(known[i].name) == length && strncasecmp(known[i].name, start, length) == 0) {
                mask |= known[i].bit;
                found = 1;
            }
        }
        if (!found) return CURLE_UNSUPPORTED_PROTOCOL;
        start = *end ? end + 1 : end;
    }
    return curl_easy_setopt(h, CURLOPT_PROTOCOLS, mask);
#endif
}

/// Opens curl's sockets as curl would, keeping socket()'s errno in `errno_box` when it fails:
/// curl reports a socket it could not open as a plain "Couldn't connect to server" (error 7),
/// which hides that the process ran out of descriptors.
static curl_socket_t satwatch_curl_open_socket(void *errno_box, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)purpose;
    curl_socket_t fd = socket(address->family, address->socktype, address->protocol);
    if (fd == CURL_SOCKET_BAD && errno_box) *(int *)errno_box = errno;
    return fd;
}
static inline CURLcode satwatch_curl_keep_socket_errno(CURL *h, int *errno_box) {
    CURLcode rc = curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, satwatch_curl_open_socket);
    return rc == CURLE_OK ? curl_easy_setopt(h, CURLOPT_OPENSOCKETDATA, (void *)errno_box) : rc;
}

/// CURLVERSION_NOW is a macro Swift cannot import.
static inline const char *satwatch_curl_version_string(void) { return curl_version_info(CURLVERSION_NOW)->version; }

// ---- Added for the HTTP client / SMTP sender (branch http) ----
// CURLOPT_XFERINFOFUNCTION has its own callback shape; curl calls it about once a second even
// while idle, which lets a cancelled Swift task abort a blocking curl_easy_perform.
typedef int (*satwatch_curl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
static inline CURLcode satwatch_curl_setopt_xferinfo_function(CURL *h, satwatch_curl_xferinfo_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
// ---- end of branch http additions ----
#endif
