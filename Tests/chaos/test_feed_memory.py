"""A feed peer sending frames at and far over `max_frame` (default 1 MiB): frames at the limit
cost the worker a few times their size at most, a larger one is refused before it is buffered
(logged with its size and the limit, counted, the feed reconnects), and RSS returns near where
it was. The 14 MB `[1,1,…]` frame is the one that took the worker from 26 to 870 MB."""
from pathlib import Path

from conftest import metrics, wait_for

MIB = 1 << 20
BIG = 14_000_000
RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["console"]}


def status_kib(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def counter(worker, name, **labels):
    return metrics(worker).get((name, tuple(sorted(labels.items()))), 0)


def holds(check, timeout=30):
    """Whether `check` comes true within `timeout` (a wait_for that reports instead of raising)."""
    try:
        return bool(wait_for(check, timeout=timeout))
    except AssertionError:
        return False


def test_feed_frames_at_and_over_max_frame(chaos, feed, workers):
    worker = workers({"feeds": {"mempool": {"url": feed.url}}, "channels": {"console": {"type": "log"}},
                      "defaults": {"channels": ["console"]}}, {"fees.json": [RULE]}).start()
    pid = worker.process.pid
    wait_for(lambda: feed.clients() == 1, what="the worker to connect")
    feed.fees(5)  # one ordinary frame first: the decoding path is warm before measuring
    wait_for(lambda: counter(worker, "satwatch_feed_frames_total", feed="mempool") == 1, what="the first frame")
    baseline = status_kib(pid, "VmRSS")
    # Writing 5 to clear_refs resets VmHWM to the current RSS: the peak below is the frames' own.
    Path(f"/proc/{pid}/clear_refs").write_text("5")
    frames = 20 if chaos.long else 3
    for sent in range(1, frames + 1):
        # One at a time: what one frame at the limit costs, not how many a queue can hold.
        feed.command(f"!ones {MIB}")
        wait_for(lambda: counter(worker, "satwatch_feed_skipped_frames_total", feed="mempool",
                                 reason="unexpected_shape") == sent, timeout=30, what=f"frame {sent} decoded")
    peak_frames = status_kib(pid, "VmHWM")
    # Then all at once, faster than they decode: the worker reads no faster than it evaluates.
    burst = 100 if chaos.long else 20
    feed.command(f"!ones {MIB} {burst}")
    wait_for(lambda: counter(worker, "satwatch_feed_skipped_frames_total", feed="mempool",
                             reason="unexpected_shape") == frames + burst, timeout=60, what="the burst decoded")
    peak_burst = status_kib(pid, "VmHWM")
    feed.command(f"!ones {BIG}")
    refused = holds(lambda: counter(worker, "satwatch_feed_oversized_frames_total", feed="mempool") == 1)
    logged = holds(lambda: worker.wait_log(rf"feed disconnected.*feed=mempool.*frame of {BIG} bytes over max_frame "
                                           rf"\({MIB} bytes\)", timeout=5))
    reconnected = holds(lambda: wait_for(lambda: feed.accepted() == 2 and feed.clients() == 1, timeout=30))
    peak = status_kib(pid, "VmHWM")
    after = status_kib(pid, "VmRSS")
    alive = worker.process.poll() is None
    # Bounds over the RSS before. One frame at a time: 4 × max_frame, for the message buffer and
    # its text (2×) and allocator slack; the decoded tree of a `[1,…]` frame is nothing (the old
    # path built ~40 MB of nodes for one). A burst: 8 × max_frame, as one frame more can be in
    # each of reception, the feed and the evaluator (the old path queued them all).
    bound_one, bound_burst = baseline + 4 * MIB // 1024, baseline + 8 * MIB // 1024
    measured = (f"RSS before {baseline / 1024:.1f} MiB; peak over {frames} × 1 MiB frames one at a time +"
                f"{(peak_frames - baseline) / 1024:.1f} MiB, then {burst} at once +{(peak_burst - baseline) / 1024:.1f} MiB, "
                f"then the 14 MB frame +{(peak - baseline) / 1024:.1f} MiB; "
                f"after {after / 1024:.1f} MiB; refused and counted once: {refused}, logged: {logged}, "
                f"reconnected: {reconnected}")
    chaos.row(fault=f"feed sends 1 MiB `[1,1,…]` frames ({frames} one at a time, {burst} at once), then one of 14 MB",
              promised="14 MB frame refused (log line with size and limit, counted, reconnect); VmHWM <= RSS before "
                       "+ 4 × max_frame one at a time, + 8 × max_frame in all; worker stays up",
              measured=measured,
              passed=alive and refused and logged and reconnected and peak_frames <= bound_one and peak <= bound_burst)
