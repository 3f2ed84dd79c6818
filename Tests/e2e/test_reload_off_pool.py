"""A reload reads and compiles its rule files on the work pool's threads, not on Swift's cooperative
pool, which evaluates frames (PRODUCT.md: "reading rule files never blocks the evaluation of
frames").

The reload reads tens of thousands of rules and is then refused (the last file has a mistake),
so nothing but loading happens between `reloading` and `reload failed`. Two things are measured
meanwhile: frames pushed then must show on `/metrics` promptly, and the thread that did the
loading (the one that used the most CPU in that window, as the kernel counts it) must not be a
thread of the cooperative pool. libdispatch names its threads after their root queue (the
cooperative pool's end in `-qos`, `com.apple.root.user-initiated-qos`); the worker's own pools
name theirs (`satwatch-work`). The cooperative pool has a thread a core, so on two cores a reload
on it still leaves one for the frames: the thread check is what tells the two apart there."""
import os
import signal
import time
import urllib.request

from conftest import wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 1000}
FILES, RULES_PER_FILE = 12, 4000


def shown(port, value):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        return f'satwatch_metric_value{{metric="fee.fastest",source="mempool"}} {value}\n' in response.read().decode()


def frame_latency(worker, feed, value, limit=30.0):
    """Seconds from pushing fee.fastest = value until /metrics shows it."""
    pushed = time.monotonic()
    feed.fees(value)
    while not shown(worker.http_port, value):
        assert time.monotonic() - pushed < limit, f"frame {value} not evaluated within {limit}s"
        time.sleep(0.01)
    return time.monotonic() - pushed


def thread_times(pid):
    """{thread id: (name, CPU clock ticks used so far)} of a running process."""
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as comm, open(f"/proc/{pid}/task/{tid}/stat") as stat:
                name, fields = comm.read().strip(), stat.read().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        threads[tid] = (name, int(fields[11]) + int(fields[12]))  # utime + stime
    return threads


def test_frames_are_evaluated_while_a_large_reload_reads_its_rule_files_on_its_own_thread(feed, workers):
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    frame_latency(worker, feed, 1)

    # Rule files of about 0.6 MiB each; the last one names a metric that does not exist, so the
    # reload is refused after all of them were read and compiled.
    for index in range(FILES):
        rules = [{"name": f"bulk-{index}-{n}", "metric": "fee.fastest", "above": 100 + n % 50, "for": "1m",
                  "description": "a generated rule of a large set"} for n in range(RULES_PER_FILE)]
        worker.write_rules(f"bulk-{index:02}.json", rules)
    worker.write_rules("zz-mistake.json", [{"name": "typo", "metric": "fee.fastests", "above": 1}])

    before = thread_times(worker.process.pid)
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloading")
    started = time.monotonic()
    latencies = []
    value = 100
    while "reload failed" not in worker.log_text():
        value += 1
        latencies.append(frame_latency(worker, feed, value))
        time.sleep(0.05)
    took = time.monotonic() - started
    after = thread_times(worker.process.pid)
    used = {tid: (name, ticks - before.get(tid, (name, 0))[1]) for tid, (name, ticks) in after.items()}
    busiest, (loader, ticks) = max(used.items(), key=lambda item: item[1][1])
    worst = max(latencies)
    print(f"reload of {FILES * RULES_PER_FILE} rules refused after {took:.1f}s; loaded on thread {busiest} "
          f"\"{loader}\" ({ticks} ticks); {len(latencies)} frames meanwhile, worst frame to /metrics {worst:.2f}s")
    assert "fee.fastests" in worker.log_text()
    # Long enough to tell a stalled frame from a prompt one, and to see which thread loaded.
    assert took > 1.0, f"the reload took {took:.1f}s: too short to show anything"
    assert loader == "satwatch-work", f"the reload loaded its rules on \"{loader}\", not on the work pool"
    assert worst < 1.0, f"a frame waited {worst:.2f}s while the reload loaded its rules ({took:.1f}s)"
    assert len(latencies) >= 3

    # A reload that is accepted goes through the same loading and takes effect.
    for path in (worker.folder / "rules").glob("[bz]*.json"):
        path.unlink()
    worker.write_rules("more.json", [{"name": "fees-low", "metric": "fee.fastest", "below": 2}])
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded .*rules=2 ")
    frame_latency(worker, feed, 7)
    assert worker.stop() == 0
