"""What the polled-API peers (coinmetrics_peer, coingecko_peer, mempool_rest_peer) share: a quiet
HTTP/1.1 handler, one way to answer, and serving on a free port announced as `READY <port>`."""
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class QuietHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def answer(self, status, body, headers=None, content_type="application/json"):
        """Sends `body` (bytes) with `status`, `headers` (a dict) and its length."""
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def serve(handler):
    """Serves `handler` on 127.0.0.1 and a free port until the process ends."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    print(f"READY {server.server_address[1]}", flush=True)
    server.serve_forever()
