"""Blocking work on fixed pools (README, "Threads"): the worker's thread count does not grow
with the number of channels delivering at once. Sixteen webhook channels whose receiver takes
seconds to answer all get a notification together; a transfer pool of a few threads takes them
in turn, where a thread per transfer would add sixteen."""
import os

from conftest import wait_for

CHANNELS = 16
SLOW = 2.0


def threads(worker):
    return len(os.listdir(f"/proc/{worker.process.pid}/task"))


def test_slow_channels_delivering_together_add_no_thread_each(feed, receiver, workers):
    slow = [{"status": 200, "delay": SLOW}]
    channels = {f"slow{n}": {"type": "webhook", "url": receiver.url(f"/slow{n}", slow), "timeout": "60s"}
                for n in range(CHANNELS)}
    channels["warm"] = {"type": "webhook", "url": receiver.url("/warm")}
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "5m"}},
              "channels": dict(channels, console={"type": "log"}), "defaults": {"channels": ["console"]}}
    rules = [{"name": "warm", "metric": "fee.economy", "above": 5, "channels": ["warm"]},
             {"name": "burst", "metric": "fee.fastest", "above": 10, "channels": sorted(k for k in channels if k != "warm")}]
    worker = workers(config, {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    # One delivery first, so that everything a delivery uses is running when idle is counted.
    feed.fees(1, economy=6)
    wait_for(lambda: receiver.requests("/warm"), timeout=30, what="the warm-up delivery")
    idle = threads(worker)

    feed.fees(12, economy=6)
    most = idle
    # Sampled until every slow channel has been answered: the event that ends the burst.
    def answered():
        nonlocal most
        most = max(most, threads(worker))
        return all(receiver.requests(f"/slow{n}") for n in range(CHANNELS)) and "burst" in worker.log_text()
    wait_for(answered, timeout=120, interval=0.02, what="every slow channel's request")
    wait_for(lambda: worker.log_text().count("msg=delivered") >= CHANNELS + 1, timeout=60, what="every delivery")
    print(f"threads: {idle} idle, at most {most} while {CHANNELS} slow channels delivered")
    assert most <= idle + 6, f"{most} threads while {CHANNELS} channels delivered, {idle} idle"
    assert worker.stop() == 0
