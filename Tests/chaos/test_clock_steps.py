"""Chaos rows for a wall clock that steps under a running worker, as NTP steps a VPS whose clock
drifted: libfaketime (Debian's `faketime`) moves the worker's CLOCK_REALTIME by what the test
writes into a timestamp file, and leaves its monotonic clocks real
(`FAKETIME_DONT_FAKE_MONOTONIC=1`). Every duration must keep to the monotonic clock: after a step
back a `for` fires, `repeat` reminds, a silent feed's `feed-stale` goes out and a retrying channel
tries again on time; after a step forward nothing is early and nothing pending dies. Each step is
logged once (`clock stepped`, with its size).

Times are measured on the host's monotonic clock: the test's `time.monotonic()` against the
receiver's `received_at` (its own `time.monotonic()`), which no fake touches.
"""
import base64
import calendar
import glob
import json
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import e2e_support, wait_for

LIBFAKETIME = next(iter(sorted(glob.glob("/usr/lib/*/faketime/libfaketimeMT.so.1"))), None)

HOUR, DAY = 3600, 86400
# Bounds far from what they tell apart: on time is within these of the due time; the failures
# they catch are late or early by the step itself (a minute or more) or never happen.
LATE_SLACK = 8.0
EARLY_SLACK = 2.0


class WallClock:
    """The worker's faked wall clock: an offset in seconds from the real one, which libfaketime
    re-reads from a file at each call (`FAKETIME_NO_CACHE`).

    libfaketime, preloaded alone, creates its shared semaphore at start-up and calls `setenv`
    for it, which moves `environ` before the Swift runtime finds `argv` through it: the worker
    then sees no arguments (swiftlang/swift#76080). So the `faketime` wrapper creates them,
    around a `sleep` that holds them for the test, and the worker is handed their names. And
    libfaketime moves monotonic timer deadlines with the wall clock, which a real step does not:
    `timers` (faketime_timers.c, preloaded first) undoes that.
    """

    def __init__(self, folder, timers):
        self.timers = timers
        self.file = folder / "faketime.rc"
        self.offset = 0
        self.file.write_text("+0\n")
        self.objects = e2e_support.FaketimeObjects()
        self.shared = self.objects.names

    def environment(self):
        return {"LD_PRELOAD": f"{self.timers}:{LIBFAKETIME}", "FAKETIME_SHARED": self.shared, "FAKETIME_TIMESTAMP_FILE": str(self.file),
                "FAKETIME_NO_CACHE": "1", "FAKETIME_DONT_FAKE_MONOTONIC": "1"}

    def step(self, seconds):
        self.offset += seconds
        self.file.write_text(f"{self.offset:+d}\n")

    def close(self):
        self.objects.close()


@pytest.fixture(scope="session")
def timers_shim(tmp_path_factory):
    """faketime_timers.c built once per session."""
    out = tmp_path_factory.mktemp("faketime") / "faketime_timers.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", str(out), str(Path(__file__).with_name("faketime_timers.c")), "-ldl"],
                   check=True)
    return out


@pytest.fixture
def wall(tmp_path, timers_shim):
    # Missing, the rows fail rather than skip: `make test` installs it (scripts/install-deps.sh).
    assert LIBFAKETIME and shutil.which("faketime"), "libfaketime missing: run scripts/install-deps.sh (Debian's faketime)"
    clock = WallClock(tmp_path, timers_shim)
    yield clock
    clock.close()


def start(workers, monkeypatch, wall, config, rules):
    return launch(workers(config, rules), monkeypatch, wall)


def launch(worker, monkeypatch, wall):
    """Starts (or starts again) `worker` on the faked wall clock."""
    with monkeypatch.context() as patch:
        patch.delenv("FAKETIME", raising=False)
        for name, value in wall.environment().items():
            patch.setenv(name, value)
        worker.start()
    return worker


def config(feed, receiver, stale_after="120s", script=None):
    return {"feeds": {"mempool": {"url": feed.url, "stale_after": stale_after}},
            "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts", script=script), "timeout": "10s"}},
            "defaults": {"channels": ["hook"]}}


def connected(feed):
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")


def evaluated(worker, value):
    wait_for(lambda: f'source="mempool"}} {value}' in worker.get("/metrics")[1], what=f"fee.fastest = {value} evaluated")


def arrivals(receiver, rule, status="firing"):
    """Monotonic arrival times of the requests that carried `rule` with `status`."""
    times = []
    for request in receiver.requests("/alerts"):
        body = json.loads(base64.b64decode(request["body_b64"]))
        if any(a["labels"]["alertname"] == rule for a in body["alerts"]) and body["status"] == status:
            times.append(request["received_at"])
    return times


def within(predicate, timeout):
    """`predicate`'s first true value within `timeout` seconds, or None: a row then reports
    what it measured instead of ending at the wait."""
    try:
        return wait_for(predicate, timeout)
    except AssertionError:
        return None


def steps_logged(worker):
    return re.findall(r'msg="clock stepped" step=([-+]\d+)s', worker.log_text())


def step_name(seconds):
    return {-60: "-60s", -HOUR: "-1h", DAY: "+1d"}[seconds]


@pytest.mark.parametrize("step", [-60, -HOUR, DAY], ids=step_name)
def test_for_after_step(chaos, step, feed, receiver, workers, monkeypatch, wall):
    rule = {"name": "fees-held", "metric": "fee.fastest", "above": 10, "for": "10s", "channels": ["hook"]}
    worker = start(workers, monkeypatch, wall, config(feed, receiver), {"r.json": [rule]})
    connected(feed)
    feed.fees(12)
    began = time.monotonic()
    evaluated(worker, 12)
    wall.step(step)
    # A frame after the step makes the worker look at its clock at once (not only when its alarm
    # rings): on a wall clock a day ahead the rule has been pending for a day.
    feed.fees(13)
    fired = within(lambda: arrivals(receiver, "fees-held"), timeout=10 + LATE_SLACK + 10)
    took = fired[0] - began if fired else None
    # The label follows the wall clock: startsAt (when it fired, a moment ago) is on the stepped one.
    starts_at = receiver.bodies("/alerts")[0]["alerts"][0]["startsAt"] if fired else None
    label_off = abs(calendar.timegm(time.strptime(starts_at[:19], "%Y-%m-%dT%H:%M:%S")) - (time.time() + step)) if fired else None
    chaos.row(f"wall clock stepped {step_name(step)} while a `for: 10s` is pending",
              f"fires after 10 s (within {LATE_SLACK:.0f} s), neither a step late nor at the step; "
              "startsAt on the stepped wall clock",
              f"fired after {took:.1f}s; startsAt {starts_at} ({label_off:.1f}s off the stepped wall clock); "
              f"steps logged {steps_logged(worker)}" if fired
              else f"not fired within {10 + LATE_SLACK + 10:.0f}s; steps logged {steps_logged(worker)}",
              fired and 10 - EARLY_SLACK <= took <= 10 + LATE_SLACK and label_off < 5)


@pytest.mark.parametrize("step", [-60, -HOUR], ids=step_name)
def test_repeat_after_step_back(chaos, step, feed, receiver, workers, monkeypatch, wall):
    rule = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "repeat": "4s", "channels": ["hook"]}
    worker = start(workers, monkeypatch, wall, config(feed, receiver), {"r.json": [rule]})
    connected(feed)
    feed.fees(12)
    wait_for(lambda: arrivals(receiver, "fees-high"), what="the firing")
    wall.step(step)
    within(lambda: len(arrivals(receiver, "fees-high")) >= 3, timeout=2 * (4 + LATE_SLACK) + 5)
    times = arrivals(receiver, "fees-high")[:3]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    chaos.row(f"wall clock stepped {step_name(step)} while `repeat: 4s` reminds",
              f"reminders every 4 s (each within {LATE_SLACK:.0f} s)",
              f"gaps {', '.join(f'{gap:.1f}s' for gap in gaps)}; steps logged {steps_logged(worker)}",
              len(times) == 3 and all(4 - EARLY_SLACK <= gap <= 4 + LATE_SLACK for gap in gaps))
    assert worker.stop() == 0


@pytest.mark.parametrize("step", [-60, -HOUR], ids=step_name)
def test_feed_stale_after_step_back(chaos, step, feed, receiver, workers, monkeypatch, wall):
    worker = start(workers, monkeypatch, wall, config(feed, receiver, stale_after="8s"), {"r.json": []})
    connected(feed)
    feed.fees(5)
    last_frame = time.monotonic()
    evaluated(worker, 5)
    wall.step(step)
    sent = within(lambda: arrivals(receiver, "feed-stale:mempool"), timeout=8 + LATE_SLACK + 10)
    took = sent[0] - last_frame if sent else None
    chaos.row(f"wall clock stepped {step_name(step)} while a feed is silent",
              f"`feed-stale` after `stale_after` 8 s (within {LATE_SLACK:.0f} s)",
              f"sent after {took:.1f}s of silence; steps logged {steps_logged(worker)}" if sent
              else f"none within {8 + LATE_SLACK + 10:.0f}s of silence",
              sent and 8 - EARLY_SLACK <= took <= 8 + LATE_SLACK)
    assert worker.stop() == 0


def retrying(workers, monkeypatch, wall, feed, receiver, failures):
    """A worker whose one notification meets `failures` 503s, then a receiver that has
    recovered; returned once the first attempt has arrived."""
    script = [{"status": 503, "body": "down"}] * failures
    rule = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}
    worker = start(workers, monkeypatch, wall, config(feed, receiver, script=script), {"r.json": [rule]})
    connected(feed)
    feed.fees(12)
    wait_for(lambda: arrivals(receiver, "fees-high"), what="the first attempt")
    return worker


def settled(worker, receiver, attempts, timeout):
    """Waits for the event that ends a retrying row: attempt number `attempts` (the recovered
    receiver answers it 200) and its outcome, or the entry's death; returns the attempts' arrival
    times and the outcome (`delivered`, `dead`, `pending`)."""
    dead = lambda: "delivery dead" in worker.log_text()
    within(lambda: len(arrivals(receiver, "fees-high")) >= attempts or dead(), timeout)
    within(lambda: "msg=delivered" in worker.log_text() or dead(), timeout=10)
    outcome = "dead" if dead() else "delivered" if "msg=delivered" in worker.log_text() else "pending"
    return arrivals(receiver, "fees-high"), outcome


@pytest.mark.parametrize("step", [-60, -HOUR, DAY], ids=step_name)
def test_retry_after_step(chaos, step, feed, receiver, workers, monkeypatch, wall):
    # Two 503s, then the receiver has recovered: attempts about 2 s and 4 s apart (±20 % jitter).
    worker = retrying(workers, monkeypatch, wall, feed, receiver, failures=2)
    wall.step(step)
    times, outcome = settled(worker, receiver, 3, timeout=2.4 + 4.8 + 2 * LATE_SLACK + 5)
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    chaos.row(f"wall clock stepped {step_name(step)} while a channel retries a 503",
              f"retries on the back-off schedule (2 s, 4 s; each within {LATE_SLACK:.0f} s), never dead (1-day max age); "
              "delivered once the receiver recovers",
              f"attempts {len(times)}, gaps {', '.join(f'{gap:.1f}s' for gap in gaps)}; {outcome}; steps logged {steps_logged(worker)}",
              len(times) == 3 and gaps[0] <= 2.4 + LATE_SLACK and gaps[1] <= 4.8 + LATE_SLACK and outcome == "delivered")
    assert worker.stop() == 0


@pytest.mark.parametrize("step", [-HOUR, DAY], ids=step_name)
def test_restart_after_step(chaos, step, feed, receiver, workers, monkeypatch, wall):
    # A 503, then the receiver has recovered; the worker is restarted between the two attempts.
    worker = retrying(workers, monkeypatch, wall, feed, receiver, failures=1)
    wall.step(step)
    worker.wait_log(r'msg="clock stepped"')
    assert worker.stop() == 0
    moved = "stored times moved to the wall clock" in worker.log_text()
    restarted = time.monotonic()
    launch(worker, monkeypatch, wall)
    times, outcome = settled(worker, receiver, 2, timeout=2.4 + LATE_SLACK + 10)
    after = times[1] - restarted if len(times) > 1 else None
    chaos.row(f"wall clock stepped {step_name(step)}, then the worker restarted while a delivery retries",
              f"stored times moved onto the wall clock at the stop; the retry comes on schedule after the restart "
              f"(within {2.4 + LATE_SLACK:.0f} s), and is delivered",
              f"moved {moved}; second attempt {f'{after:.1f}s after the restart' if after is not None else 'never'}; {outcome}",
              moved and after is not None and after <= 2.4 + LATE_SLACK and outcome == "delivered")
    assert worker.stop() == 0


def test_each_step_logged_once(chaos, feed, receiver, workers, monkeypatch, wall):
    worker = start(workers, monkeypatch, wall, config(feed, receiver), {"r.json": []})
    wall.step(-HOUR)
    worker.wait_log(r'msg="clock stepped" step=-3600s')
    wall.step(HOUR + DAY)
    worker.wait_log(r'msg="clock stepped" step=\+90000s')
    # The third step is the event after which the first two cannot be logged again unseen.
    wall.step(-DAY)
    worker.wait_log(r'msg="clock stepped" step=-86400s')
    logged = steps_logged(worker)
    # libfaketime really moved the Swift binary's CLOCK_REALTIME: the first line's wall time is an
    # hour behind the real one.
    first_wall = re.search(r'msg="clock stepped" step=-3600s wall=(\S+)', worker.log_text()).group(1)
    behind = time.time() - calendar.timegm(time.strptime(first_wall[:19], "%Y-%m-%dT%H:%M:%S"))
    chaos.row("wall clock stepped -1h, +1d+1h, -1d",
              "`clock stepped` logged once per step, with its size",
              f"logged {logged}; first line's wall time {behind / 3600:.2f} h behind",
              logged == ["-3600", "+90000", "-86400"] and 0.9 < behind / 3600 < 1.1)
    assert worker.stop() == 0
