"""A flood of dear API requests never holds /healthz: with 2,000 rules, one `GET /api/v1/rules`
builds most of a megabyte of JSON. Promised (PRODUCT.md, "The page and the API" and "Delivery
order and holds"): /healthz answers within 1 s whatever else clients ask; the API answers the
flood in turn or refuses it with 503, and answers normally once it is over."""
import json
import socket

from conftest import timed_request, wait_for

RULES = 2000


def sent(worker, path):
    """A connection that has sent `GET path` (its answer not read yet)."""
    connection = socket.create_connection(("127.0.0.1", worker.http_port), timeout=30)
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    return connection


def answer(connection):
    """The status line and body of what `connection` got back, read to its end."""
    data = b""
    while chunk := connection.recv(1 << 16):
        data += chunk
    connection.close()
    head, _, body = data.partition(b"\r\n\r\n")
    return head.split(b"\r\n")[0].decode(), body.decode()


def test_a_flood_of_rules_requests_never_holds_healthz(feed, receiver, workers):
    rules = [{"name": f"fees-{n:04}", "metric": "fee.fastest", "above": 10 + n, "channels": ["hook"],
              "labels": {"team": "ops"}, "description": "fees are high"} for n in range(RULES)]
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
                      "channels": {"hook": {"type": "log"}},
                      "defaults": {"channels": ["hook"]}}, {"many.json": rules})
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    # Every rule, then the feed's feed-stale alert.
    wait_for(lambda: len(json.loads(timed_request(worker.http_port, "/api/v1/rules")[1])) == RULES + 1, what="the rules published")
    status, _, one = timed_request(worker.http_port, "/api/v1/rules")
    assert status == 200

    # Clients that send and leave without reading: before, the server's thread built each
    # answer in turn (tens of milliseconds each) while /healthz waited behind all of them.
    for connection in [sent(worker, "/api/v1/rules") for _ in range(150)]:
        connection.close()
    health, _, closed_flood = timed_request(worker.http_port, "/healthz")
    # Clients that wait for their answers: each gets the rules, or a 503 saying the endpoint is
    # busy (more than the queue takes were asking at once).
    waiting = [sent(worker, "/api/v1/rules") for _ in range(60)]
    health_again, _, open_flood = timed_request(worker.http_port, "/healthz")
    answers = [answer(connection) for connection in waiting]

    assert (health, health_again) == (200, 200)
    assert closed_flood < 1.0 and open_flood < 1.0, \
        f"/healthz took {closed_flood:.2f}s and {open_flood:.2f}s (one /api/v1/rules takes {one:.3f}s)"
    refused = [body for line, body in answers if " 503 " in line]
    assert all(" 200 " in line or " 503 " in line for line, _ in answers), answers[:3]
    assert all("endpoint busy" in json.loads(body)["error"] for body in refused), refused[:3]
    assert len(refused) < len(answers), "some were answered"
    status, text, _ = timed_request(worker.http_port, "/api/v1/rules")
    assert status == 200 and len(json.loads(text)) == RULES + 1
    assert worker.stop() == 0
