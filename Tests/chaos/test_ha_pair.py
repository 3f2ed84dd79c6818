"""Chaos row for two workers for one team: two `satwatch run` with the same config and rules
(each its own state file) fed by the same feed, sending to an Alertmanager cluster of two real
peers (Debian's prometheus-alertmanager), which deduplicates what both post and notifies a
webhook receiver. Over a stream of crossings, one worker is killed with SIGKILL and one peer is
stopped midway: every transition still reaches the receiver exactly once, none lost; and an
alert that fires for longer than the cluster's resolve_timeout stays firing at the receiver until
satwatch resolves it. The latency measured is from the frame to the receiver, through the
cluster (its group_wait of 1 s included)."""
import base64
import json
import statistics
import time

from conftest import Alertmanager, Worker, wait_for

RULES = [
    {"name": "cross", "metric": "fee.fastest", "above": 10, "channels": ["team"]},
    {"name": "long", "metric": "fee.economy", "above": 5, "channels": ["team"]},
]
RESOLVE_TIMEOUT = 4  # seconds: "long" fires for three times as long


def fees(fastest, economy):
    return {"fees": {"fastestFee": fastest, "halfHourFee": fastest, "hourFee": fastest, "economyFee": economy,
                     "minimumFee": 1}}


def transitions(receiver):
    """Every (rule, status, startsAt) the receiver heard, with when, in order."""
    heard = []
    for request in receiver.requests("/ha"):
        body = json.loads(base64.b64decode(request["body_b64"]))
        for alert in body["alerts"]:
            heard.append(((alert["labels"]["alertname"], alert["status"], alert["startsAt"]), request["received_at"]))
    return heard


def test_two_workers_through_an_alertmanager_cluster(chaos, feed, receiver, alertmanagers, tmp_path):
    peers = alertmanagers(Alertmanager.cluster(tmp_path, 2, receiver.url("/ha"), resolve_timeout=f"{RESOLVE_TIMEOUT}s",
                                               group_wait="1s", group_interval="1s"))
    for peer in peers:
        peer.start()
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
              "channels": {"console": {"type": "log"},
                           "team": {"type": "alertmanager", "urls": [peer.url for peer in peers], "resend": "1s",
                                    "timeout": "2s"}},
              "defaults": {"channels": ["console"]}, "labels": {"team": "ops"}}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    workers = [Worker(tmp_path / name, dict(config), {"rules.json": RULES}) for name in ("a", "b")]
    for worker in workers:
        worker.start()
    wait_for(lambda: feed.clients() == 2, what="both workers to connect")
    crossings = 12 if chaos.long else 4
    kill_at, stop_at = crossings // 2, crossings // 2 + 1
    feed.push(fees(4, 6))  # "long" fires and stays firing to the end
    long_fired = time.monotonic()
    sent, latencies = [], []
    for crossing in range(crossings):
        if crossing == kill_at:
            workers[0].process.kill()
            workers[0].process.wait()
        if crossing == stop_at:
            peers[1].stop()
        for fastest, status in ((12, "firing"), (4, "resolved")):
            before = len([t for t in transitions(receiver) if t[0][0] == "cross"])
            pushed = time.monotonic()
            feed.push(fees(fastest, 6))
            sent.append(status)
            heard = wait_for(lambda: [t for t in transitions(receiver) if t[0][0] == "cross"][before:], timeout=60,
                             what=f"crossing {crossing} {status}")
            latencies.append(heard[0][1] - pushed)
    # "long" has fired for longer than resolve_timeout (three times over by now, at least):
    # still firing at the receiver; then satwatch resolves it.
    while time.monotonic() < long_fired + 3 * RESOLVE_TIMEOUT:
        time.sleep(0.2)
    long_before = [t[0][1] for t in transitions(receiver) if t[0][0] == "long"]
    resolved_at = time.monotonic()
    feed.push(fees(4, 1))
    wait_for(lambda: [t for t in transitions(receiver) if t[0][0] == "long" and t[0][1] == "resolved"], timeout=60,
             what="long resolved")
    # A sentinel after everything: once it is heard, nothing earlier is still on its way.
    feed.push(fees(12, 1))
    wait_for(lambda: len([t for t in transitions(receiver) if t[0][0] == "cross"]) > 2 * crossings, timeout=60,
             what="the sentinel")
    heard = transitions(receiver)
    cross = [t for t in heard if t[0][0] == "cross"][:2 * crossings]
    keys = [t[0] for t in cross]
    duplicated = len(keys) - len(set(keys))
    lost = len(sent) - len(set(keys))
    in_order = [k[1] for k in keys] == sent
    long_early = [t for t in heard if t[0][0] == "long" and t[0][1] == "resolved" and t[1] < resolved_at]
    p50 = statistics.median(latencies)
    p99 = max(latencies) if len(latencies) < 100 else statistics.quantiles(latencies, n=100)[98]
    chaos.row("two workers for one team: an Alertmanager cluster of 2 peers, one worker SIGKILLed and one peer stopped midway",
              "every transition reaches the receiver exactly once, none lost; an alert firing longer than resolve_timeout "
              "stays firing until satwatch resolves it",
              f"{len(sent)} transitions sent, {len(set(keys))} received, {duplicated} duplicated, {lost} lost, in order: "
              f"{in_order}; 'long' fired {resolved_at - long_fired:.0f} s (resolve_timeout {RESOLVE_TIMEOUT} s), heard "
              f"{long_before} before satwatch resolved it, resolved early: {len(long_early)}; frame → receiver "
              f"p50 {p50 * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms (group_wait 1 s)",
              duplicated == 0 and lost == 0 and in_order and long_before == ["firing"] and not long_early)
    workers[1].stop()
