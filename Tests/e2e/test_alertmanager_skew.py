"""A worker whose clock is ten minutes behind (libfaketime: Debian's `faketime`, the wall clock
shifted, the monotonic one real) against a real Alertmanager: with `resend: 1m` its `endsAt`
(now + 4 m on its clock) was six minutes in Alertmanager's past, so Alertmanager took every
alert as resolved on arrival while the worker logged `delivered`. The channel reads
Alertmanager's clock from its `Date` header: the alert is active there, its `endsAt` ahead on
Alertmanager's clock, and the worker warns once, with the advice."""
import re
import time
from datetime import datetime
from pathlib import Path

import pytest

from conftest import Alertmanager, FaketimeObjects, wait_for

FAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["am"]}


@pytest.fixture
def faketime_shared():
    """The shared objects libfaketime wants, made by Debian's `faketime` wrapper around a
    `sleep` for the test: preloaded alone, libfaketime makes them itself and calls `setenv`,
    which moves `environ` before the Swift runtime finds `argv` through it, and the worker sees
    no arguments (swiftlang/swift#76080)."""
    assert FAKETIME.exists(), "libfaketime is missing: scripts/install-deps.sh installs Debian's faketime"
    objects = FaketimeObjects()
    yield objects.names
    objects.close()


def parse(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def active(peer):
    return [a for a in peer.alerts() if a["labels"].get("alertname") == "fees-high" and a["status"]["state"] == "active"]


def test_a_worker_ten_minutes_behind_keeps_its_alerts_alive_and_says_so(feed, receiver, workers, alertmanagers, tmp_path,
                                                                         faketime_shared):
    peer = alertmanagers([Alertmanager(tmp_path / "am", receiver.url("/am"))])[0].start()
    worker = workers({"feeds": {"mempool": {"url": feed.url, "stale_after": "10m"}},
                      "channels": {"console": {"type": "log"}, "am": {"type": "alertmanager", "url": peer.url, "resend": "1m"}},
                      "defaults": {"channels": ["console"]}}, {"r.json": [RULE]})
    worker.start(env={"LD_PRELOAD": str(FAKETIME), "FAKETIME": "-10m", "FAKETIME_DONT_FAKE_MONOTONIC": "1",
                      "FAKETIME_SHARED": faketime_shared})
    # The fault is real: the worker's own log stamps its lines ten minutes back.
    stamped = re.search(r"time=(\S+) level=info msg=started", worker.log_text()).group(1)
    assert 590 < time.time() - parse(stamped) < 630, stamped
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)
    alert = wait_for(lambda: active(peer), timeout=30, what="the alert active in Alertmanager")[0]
    # Ahead on Alertmanager's clock by about 4 × resend, not six minutes behind it.
    assert 180 < parse(alert["endsAt"]) - time.time() < 300, alert
    warning = worker.wait_log(r'level=warn msg="clock differs from alertmanager\'s" channel=am alertmanager=127\.0\.0\.1:\d+ '
                              r'clock="(9m5\ds|10m0s) behind alertmanager\'s" advice="[^"]*timedatectl set-ntp true[^"]*"')
    assert warning
    # Its firing reaches Alertmanager's own receiver.
    told = wait_for(lambda: receiver.bodies("/am"), timeout=30, what="Alertmanager's webhook")[0]
    assert told["status"] == "firing", told
    assert worker.log_text().count("clock differs from alertmanager") == 1
    assert worker.stop() == 0
