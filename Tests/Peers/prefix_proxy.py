#!/usr/bin/env python3
"""A reverse proxy that serves an upstream under a path prefix, as nginx's
`location /sw/ { proxy_pass http://127.0.0.1:PORT/; }` does: `/sw/x` is forwarded as `/x`
(method, query, body, Content-Type and Authorization), anything outside the prefix is answered
404 "outside the prefix" without reaching the upstream, and the upstream's status, Content-Type
and Location come back unchanged (redirects are not followed).

Usage: prefix_proxy.py PREFIX UPSTREAM_PORT. Prints "READY <port>" once listening on 127.0.0.1.
"""
import sys
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from http_support import prepare_peer


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Handler(BaseHTTPRequestHandler):
    prefix = "/"  # set in main, ends in "/"
    upstream = 0

    def forward(self):
        if not self.path.startswith(self.prefix):
            self.answer(404, {"Content-Type": "text/plain"}, b"outside the prefix")
            return
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items() if k.lower() in ("content-type", "authorization")}
        target = f"http://127.0.0.1:{self.upstream}/" + self.path[len(self.prefix):]
        request = urllib.request.Request(target, data=body, method=self.command, headers=headers)
        try:
            with urllib.request.build_opener(NoRedirect).open(request, timeout=10) as response:
                status, got, data = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, got, data = error.code, error.headers, error.read()
        self.answer(status, {k: got[k] for k in ("Content-Type", "Location") if got.get(k)}, data)

    def answer(self, status, headers, data):
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = forward

    def log_message(self, *args):
        pass


def main():
    prefix, upstream = sys.argv[1], int(sys.argv[2])
    prepare_peer()
    Handler.prefix = prefix.rstrip("/") + "/"
    Handler.upstream = upstream
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(f"READY {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
