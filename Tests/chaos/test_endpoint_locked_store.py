"""Chaos row for the endpoint over a state file someone else holds: another process keeps
`BEGIN EXCLUSIVE` on the worker's state file while clients post silences and load the page.
Promised (PRODUCT.md, "Delivery order and holds"): a locked state file never delays `/healthz`
or `/metrics` beyond 1 s; the writes may answer 503 meanwhile, saying why; nothing takes the
worker down, and everything works once the lock is gone."""
import json
import sqlite3
import threading
import time

from conftest import metrics, timed_request, wait_for

TOKEN = "chaos-token-0123456789"
RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def request(port, path, method="GET", body=None):
    """(status, body, seconds) of one request with the token (`timed_request`)."""
    return timed_request(port, path, method, body, token=TOKEN)


class Clients(threading.Thread):
    """Sends `make()`'s request again and again until stopped, recording (status, body, seconds)
    of each: the silence writes and page loads that wait on the locked file."""

    def __init__(self, make):
        super().__init__(daemon=True)
        self.make, self.stopping, self.results = make, threading.Event(), []

    def run(self):
        while not self.stopping.is_set():
            self.results.append(self.make())

    def stop(self):
        self.stopping.set()
        self.join(30)


def test_endpoint_answers_while_another_process_holds_the_state_file(chaos, feed, receiver, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"fees.json": [RULE]})
    settings = json.loads(worker.config_path.read_text())
    settings["http"]["token"] = TOKEN
    worker.config_path.write_text(json.dumps(settings))
    worker.start()
    port = worker.http_port
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="the firing delivered")
    wait_for(lambda: metrics(worker).get(("satwatch_outbox_pending", (("channel", "hook"),))) == 0,
             what="the outbox settled")

    # Longer than SQLite's 5 s busy timeout, so writes find the file locked for good; the short
    # form holds it 10 s (a blocked server thread showed 5 s stalls, far above the 1 s bound),
    # the long form the 30 s of the contract's test.
    hold = 30 if chaos.long else 10
    holder = sqlite3.connect(worker.folder / "state.db", timeout=1, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    locked_at = time.monotonic()
    writers = [Clients(lambda: request(port, "/api/v1/silences", "POST", {"rule": "fees-*", "for": "1h"})) for _ in range(2)]
    pages = Clients(lambda: request(port, "/"))
    probes = {"/healthz": [], "/metrics": []}
    outbox_shown = []
    try:
        for client in writers + [pages]:
            client.start()
        # Probes while writes and page loads wait, until a second before the release.
        while time.monotonic() < locked_at + hold - 1:
            for path, samples in probes.items():
                status, text, seconds = request(port, path)
                samples.append((status, seconds))
                if path == "/metrics":
                    outbox_shown.append('satwatch_outbox_pending{channel="hook"} 0' in text)
            time.sleep(0.2)
    finally:
        holder.execute("COMMIT")
        holder.close()
    for client in writers + [pages]:
        client.stop()
    alive = worker.process.poll() is None

    answered_after, _, _ = request(port, "/healthz")
    after_status, after_body, _ = request(port, "/api/v1/silences", "POST", {"rule": "fees-*", "for": "2h", "comment": "after"})
    listed_status, listed, _ = request(port, "/api/v1/silences")
    page_status, page, _ = request(port, "/")
    writes = [result for client in writers for result in client.results]
    loads = pages.results
    refused = [(status, text) for status, text, _ in writes if status != 201]
    reasons = sorted({json.loads(text).get("error", "")[:70] for status, text in refused if status == 503})
    worst = {path: max(seconds for _, seconds in samples) for path, samples in probes.items()}
    all_answered = all(status in (200, 503) for samples in probes.values() for status, _ in samples)
    writes_bounded = all(status in (201, 503) for status, _, _ in writes)
    explained = all(status == 503 and "state file" in text for status, text in refused)
    loads_ok = all(status in (200, 503) for status, _, _ in loads)
    recovered = (answered_after == 200 and after_status == 201 and listed_status == 200 and "after" in listed
                 and page_status == 200 and "fees-high" in page)
    passed = (worst["/healthz"] < 1.0 and worst["/metrics"] < 1.0 and all_answered and all(outbox_shown)
              and writes_bounded and explained and loads_ok and alive and recovered)
    chaos.row(f"state file held with BEGIN EXCLUSIVE for {hold}s by another process, silence POSTs and page loads waiting",
              "/healthz and /metrics answer within 1 s throughout; writes may 503 with the reason; "
              "the worker runs on; a silence POST works after the release",
              f"worst /healthz {worst['/healthz'] * 1000:.0f} ms, worst /metrics {worst['/metrics'] * 1000:.0f} ms "
              f"({len(probes['/healthz'])} probes each; outbox counts shown {sum(outbox_shown)}/{len(outbox_shown)}); "
              f"{len(writes)} silence POSTs: {len(writes) - len(refused)} 201, {len(refused)} 503 "
              f"(worst {max((s for _, _, s in writes), default=0):.1f}s; {'; '.join(reasons) or 'no reason'}); "
              f"{len(loads)} page loads ({sum(status == 200 for status, _, _ in loads)} 200); running {alive}; "
              f"after release silence POST {after_status}, page {page_status}",
              passed)
    assert worker.stop() == 0
