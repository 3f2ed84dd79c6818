"""Chaos row for bursts of events in one millisecond: frames that reach the worker in one read
are stamped with one receive time, and every transition they cause must still be delivered, once
and in order (an independent fault run lost 6 of 11 when a notification's id was a hash of its
rule, status and times)."""
import json
from collections import Counter

from conftest import wait_for

RULES = [
    {"name": "new-block", "metric": "block.height", "on": "change"},
    {"name": "fee-cross", "metric": "fee.fastest", "crosses_above": 10},
    {"name": "fee-level", "metric": "fee.fastest", "above": 10},
]
# Per round: three new blocks (three events), fees 20, 3, 21, 3, 22, 3 (three crossings; fee-level
# fires and resolves three times). Every round starts and ends below the line.
FEES = [20, 3, 21, 3, 22, 3]
EVENTS_PER_ROUND = 3 + 3 + 6


def block(height):
    return {"block": {"height": height, "id": "00" * 32, "timestamp": 1790000000, "tx_count": 3000}}


def fees(fastest):
    return {"fees": {"fastestFee": fastest, "halfHourFee": fastest, "hourFee": fastest, "economyFee": 1, "minimumFee": 1}}


def alerts(receiver):
    return [alert for body in receiver.bodies("/alerts") for alert in body["alerts"]]


def event_time(alert):
    # A resolve's time is its endsAt; a firing's (and an event's) its startsAt.
    return alert["endsAt"] if alert["status"] == "resolved" else alert["startsAt"]


def test_bursts_of_events_in_one_millisecond(chaos, feed, receiver, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"burst.json": RULES}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    height = 927_700
    # Sets every rule's memory: the first height and a fee below the line announce nothing.
    feed.command("!burst " + json.dumps([block(height), fees(3)]))
    rounds = 100 if chaos.long else 20
    for _ in range(rounds):
        frames = [block(height + 1), block(height + 2), block(height + 3)] + [fees(fee) for fee in FEES]
        height += 3
        assert feed.command("!burst " + json.dumps(frames)) == f"sent {len(frames)}"
    expected = rounds * EVENTS_PER_ROUND
    # The sentinel: one more block after everything else; once it is there, nothing is still coming.
    feed.command("!burst " + json.dumps([block(height + 1)]))
    sentinel = f"block.height is now {height + 1:,}"  # messages group thousands
    wait_for(lambda: any(sentinel in a["annotations"]["summary"] for a in alerts(receiver)), timeout=120,
             what="the sentinel block")
    received = [a for a in alerts(receiver) if sentinel not in a["annotations"]["summary"]]
    by_rule = Counter(a["labels"]["alertname"] for a in received)
    ids = [body["notificationId"] for body in receiver.bodies("/alerts")]
    shared = sum(count for count in Counter((a["labels"]["alertname"], event_time(a)) for a in received).values()
                 if count > 1)
    fee_level = [a["status"] for a in received if a["labels"]["alertname"] == "fee-level"]
    heights = [int(a["annotations"]["value"]) for a in received if a["labels"]["alertname"] == "new-block"]
    lost = expected - len(received)
    duplicated = len(ids) - len(set(ids))
    in_order = fee_level == ["firing", "resolved"] * (3 * rounds) and heights == sorted(heights)
    chaos.row("bursts of events in one millisecond",
              "every transition delivered once, in order; a rule's last word is its state",
              f"{rounds} bursts of 9 frames: {expected} transitions, {len(received)} received "
              f"({dict(sorted(by_rule.items()))}), {lost} lost, {duplicated} duplicated; "
              f"{shared} shared their rule's millisecond with another; order kept: {in_order}; "
              f"fee-level's last word: {fee_level[-1] if fee_level else 'none'}",
              lost == 0 and duplicated == 0 and in_order and shared > 0 and fee_level[-1:] == ["resolved"])
    assert worker.stop() == 0


def test_a_burst_of_thousands_of_notifications_keeps_the_state_files_log_short(chaos, feed, receiver, workers):
    """Passive checkpoints never let the write-ahead log restart while the evaluator's and the
    dispatcher's connections overlap, as they do all through a burst: 7,000 deliveries grew it to
    267 MB before it was bounded."""
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"burst.json": RULES[1:]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.command("!burst " + json.dumps([fees(3)]))
    wal = worker.folder / "state.db-wal"
    sizes = []

    def sample():
        sizes.append(wal.stat().st_size if wal.exists() else 0)

    rounds = 2000 if chaos.long else 800
    # Sampled after each burst the worker took (the evaluator's commits follow one another),
    # then on each look for the deliveries (the dispatcher's, with the checkpoints between).
    for _ in range(rounds):
        assert feed.command("!burst " + json.dumps([fees(fee) for fee in FEES])) == f"sent {len(FEES)}"
        sample()
    submitted = len(sizes)
    # fee-level fires and resolves 3 times a round, fee-cross crosses 3 times; the last
    # resolve is the sentinel: the queue is in order, so once it is there all are.
    expected = rounds * 9

    def delivered():
        sample()
        return len(receiver.bodies("/alerts")) >= expected

    wait_for(delivered, timeout=600, what="every delivery")
    # While the evaluator commits frame after frame the checkpoint cannot take the writer lock;
    # from then on the log is emptied whenever it passes 16 MiB. Unbounded, it grows all through
    # the deliveries, so their second half holds the largest sizes (over 130 MiB before the bound).
    peak = max(sizes) / 2**20
    delivering = sizes[submitted:]
    later_peak = max(delivering[len(delivering) // 2:] or [0]) / 2**20
    settled = wal.stat().st_size / 2**20 if wal.exists() else 0
    chaos.row("a burst of thousands of notifications in a few seconds",
              "the state file's write-ahead log stays within tens of MiB (emptied while over 16 MiB)",
              f"{len(receiver.bodies('/alerts'))} deliveries; log at most {peak:.1f} MiB, in the deliveries' second half "
              f"{later_peak:.1f} MiB ({len(delivering)} samples), {settled:.1f} MiB at the end",
              len(delivering) >= 4 and later_peak < 64 and len(receiver.bodies("/alerts")) == expected)
    assert worker.stop() == 0
