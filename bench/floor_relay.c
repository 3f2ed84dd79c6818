// The latency harness's floor: what bench/latency.py measures with the least a worker could do
// in satwatch's place. A WebSocket client (the handshake, then unmasked server frames read as
// they come) that, when a frame's fastestFee crosses 10, POSTs {"status": "firing"|"resolved"}
// to the webhook over one kept-alive connection and reads the answer. No JSON parser, no rules,
// no state, no threads: the difference between satwatch's numbers and these is the worker's.
// The harness's frames are small and each arrives in one read; this relies on that.
// Usage: floor_relay WS_PORT HTTP_PORT
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int dial(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        perror("connect");
        exit(1);
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static volatile sig_atomic_t stopping;

static void stop(int signal) { (void)signal; stopping = 1; }

/// Says goodbye with a close frame (code 1000, masked as a client's must be) and goes: the
/// harness waits for this process on its event loop, so the server's answer could not come.
static int close_connection(int ws) {
    const unsigned char close_frame[] = {0x88, 0x82, 0, 0, 0, 0, 0x03, 0xe8};
    return write(ws, close_frame, sizeof close_frame) < 0;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: floor_relay WS_PORT HTTP_PORT\n");
        return 2;
    }
    int ws = dial(atoi(argv[1]));
    const char *handshake = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
    if (write(ws, handshake, strlen(handshake)) < 0) return 1;
    char buffer[65536];
    ssize_t count = read(ws, buffer, sizeof buffer - 1);
    if (count <= 0) return 1;
    buffer[count] = 0;
    if (!strstr(buffer, " 101 ")) {
        fprintf(stderr, "floor_relay: no WebSocket upgrade\n");
        return 1;
    }
    int http = dial(atoi(argv[2]));
    // Without SA_RESTART: SIGTERM (the harness stopping it) interrupts the read below.
    struct sigaction action = {.sa_handler = stop};
    sigaction(SIGTERM, &action, NULL);
    int last = -1;
    for (;;) {
        count = read(ws, buffer, sizeof buffer);
        if (stopping) return close_connection(ws);
        if (count <= 0) return 0;
        for (char *at = buffer; (at = memmem(at, buffer + count - at, "\"fastestFee\":", 13)); at += 13) {
            int firing = atoi(at + 13) > 10;
            if (firing == last) continue;
            last = firing;
            char body[64], request[256], answer[512];
            int length = snprintf(body, sizeof body, "{\"status\": \"%s\"}", firing ? "firing" : "resolved");
            int total = snprintf(request, sizeof request,
                                 "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                                 "Content-Length: %d\r\n\r\n%s", length, body);
            if (write(http, request, total) != total || read(http, answer, sizeof answer) <= 0) return 1;
        }
    }
}
