"""Chaos row for reloads under a steady stream of frames: SIGHUP after SIGHUP while the fee
crosses its threshold again and again. Promised: no frame lost across a reload, a feed whose
settings did not change keeps its connection, one that changed reconnects, never two
generations at once (every notification goes out once, in order)."""
import json
import re
import signal
import time

from conftest import wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def test_reloads_under_a_stream_of_frames(chaos, feed, receiver, workers):
    config = {
        "feeds": {"mempool": {"url": feed.url, "stale_after": "60s"}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    cycles = 60 if chaos.long else 15
    reloads = 0
    for cycle in range(cycles):
        # A reload lands between the frames of every crossing.
        feed.fees(4)
        worker.signal(signal.SIGHUP)
        reloads += 1
        feed.fees(12)
        feed.fees(4)
        time.sleep(0.05)
    wait_for(lambda: len(receiver.requests("/alerts")) >= 2 * cycles, timeout=60,
             what=f"{2 * cycles} notifications")
    time.sleep(1)
    statuses = [b["status"] for b in receiver.bodies("/alerts")]
    in_order = statuses == ["firing", "resolved"] * cycles
    frames = int(re.findall(r'satwatch_feed_frames_total\{feed="mempool"\} (\d+)', worker.get("/metrics")[1])[0])
    reloaded = len(re.findall(r"msg=reloaded", worker.log_text()))
    connections_kept = feed.accepted() == 1
    # A change to the feed's own settings reconnects it.
    config["feeds"]["mempool"]["stale_after"] = "90s"
    worker.config_path.write_text(json.dumps(dict(config, state="state.db", rules=["rules"],
                                                  http={"listen": f"127.0.0.1:{worker.http_port}"}), indent=2))
    worker.signal(signal.SIGHUP)
    wait_for(lambda: feed.accepted() == 2 and feed.clients() == 1, what="the changed feed to reconnect")
    chaos.row("reload under a stream of frames",
              "no frame lost; unchanged feed keeps its connection, changed one reconnects; each notification once, in order",
              f"{cycles} crossings, {reloaded} reloads: {len(statuses)} notifications, in order: {in_order}; "
              f"frames received {frames}/{3 * cycles}; connections {'kept' if connections_kept else 'dropped'}; "
              f"changed feed reconnected",
              in_order and frames == 3 * cycles and connections_kept and reloaded >= 1)
    assert worker.stop() == 0
