"""mempool's hash rate and difficulty through the real binary: polled from the REST peer
(Tests/Peers/mempool_rest_peer.py) at start and after a new block the WebSocket peer announces,
429/5xx backed off while the stream stays connected, and `record`/`replay` carrying the answer."""
import json
import re
import subprocess
import time

import pytest

from conftest import BINARY, FEED_FIXTURES, Peer, metrics, wait_for

PATH = "/api/v1/mining/hashrate/3d"
HASHRATE = 1.0816403527430417e+21 / 1e18  # EH/s: currentHashrate of the fixture
DIFFICULTY = 149302414377324.7
RULES = [{"name": "hashrate-high", "metric": "hashrate", "above": 1000},
         {"name": "difficulty-high", "metric": "difficulty", "above": 1.4e14}]


class Rest(Peer):
    """mempool_rest_peer.py answering with the fixture; every request recorded."""

    def __init__(self, tmp_path, *args):
        self.record = tmp_path / "rest.jsonl"
        self.record.touch()
        super().__init__("mempool_rest_peer.py", "--hashrate", FEED_FIXTURES / "mempool-rest-hashrate-3d.json",
                         "--record", self.record, *args)
        self.url = f"http://127.0.0.1:{self.ports[0]}"

    def requests(self):
        return [json.loads(line) for line in self.record.read_text().splitlines() if line]


@pytest.fixture
def rest(tmp_path):
    peer = Rest(tmp_path)
    yield peer
    peer.stop()


def config(feed, rest):
    return {"feeds": {"mempool": {"url": feed.url, "api": rest.url}},
            "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}


def metric(worker, name):
    return metrics(worker).get(("satwatch_metric_value", (("metric", name), ("source", "mempool"))))


def seconds(span):
    """A logged span (`59m58s`, `9s`) in seconds."""
    return sum(int(count) * {"h": 3600, "m": 60, "s": 1}[unit] for count, unit in re.findall(r"(\d+)([hms])", span))


def test_hashrate_fires_after_start_and_a_new_block_polls_again(feed, rest, workers):
    debug = dict(config(feed, rest), log={"level": "debug"})
    worker = workers(debug, {"r.json": RULES}).start()
    worker.wait_log(r'msg="alert firing" rule=hashrate-high ')
    worker.wait_log(r'msg="alert firing" rule=difficulty-high ')
    assert [(r["path"], r["status"]) for r in rest.requests()] == [(PATH, 200)]
    assert metric(worker, "hashrate") == pytest.approx(HASHRATE) and metric(worker, "difficulty") == DIFFICULTY
    wait_for(lambda: feed.clients() == 1, what="the stream")

    # A tip (what init and want answer) so soon after the start poll earns no poll: the worker
    # says, as it hears each, that the next is the hourly one (one earned would be 10 s away).
    def tips():
        return re.findall(r'msg="block signal heard" feed=mempool signal=tip next_poll_in=(\S+)', worker.log_text())
    heard = len(tips())
    feed.push({"blocks": [{"height": 927604}]})
    wait_for(lambda: len(tips()) > heard, what="the tip heard")
    assert time.time() - rest.requests()[0]["time"] < 9.0, "the tip must come within the 10 s spacing of the start poll"
    assert all(seconds(span) > 3000 for span in tips()), tips()
    # A block right after the start poll: its poll waits out the 10 s spacing.
    feed.push({"block": {"height": 927605, "id": "0000000000000000000138bd"}})
    wait_for(lambda: len(rest.requests()) >= 2, timeout=20, what="the poll after the block")
    first, second = rest.requests()[:2]
    assert second["time"] - first["time"] >= 9.0, "block polls are spaced 10 s from the previous poll"
    values = metrics(worker)
    assert values[("satwatch_metric_value", (("metric", "block.height"), ("source", "mempool")))] == 927605
    assert values[("satwatch_feed_frames_total", (("feed", "mempool"),))] >= 4
    assert values[("satwatch_feed_connected", (("feed", "mempool"),))] == 1
    assert worker.get("/healthz")[0] == 200
    assert worker.stop() == 0


def test_429_and_500_back_off_without_touching_the_stream(feed, tmp_path, workers):
    rest = Rest(tmp_path, "--statuses", "429,500", "--retry-after", "7")
    try:
        worker = workers(config(feed, rest), {"r.json": RULES[:1]}).start()
        worker.wait_log(r'level=warn msg="hashrate poll failed" feed=mempool reason="HTTP 429" retry_in=7s')
        worker.wait_log(r'msg="alert firing" rule=hashrate-high ', timeout=40)
        requests = rest.requests()
        assert [r["status"] for r in requests] == [429, 500, 200]
        assert requests[1]["time"] - requests[0]["time"] >= 6.9, "Retry-After: 7 must be honoured"
        assert requests[2]["time"] - requests[1]["time"] >= 7.5, "the second backoff doubles (10s ±20%)"
        worker.wait_log(r'msg="hashrate poll recovered" feed=mempool after=\S+ attempts=2')
        assert "hashrate poll still failing" not in worker.log_text()
        assert feed.accepted() == 1 and feed.clients() == 1, "the stream must stay connected"
        assert metrics(worker)[("satwatch_feed_reconnects_total", (("feed", "mempool"),))] == 0
        assert worker.stop() == 0
    finally:
        rest.stop()


def test_record_keeps_the_rest_answer_and_replay_fires_on_it(feed, rest, tmp_path, workers):
    worker = workers(config(feed, rest), {"r.json": RULES[:1]})
    out = tmp_path / "session.rec"
    recorded = subprocess.run([str(BINARY), "record", "--config", str(worker.config_path), "--feed", "mempool",
                               "--out", str(out), "--duration", "3s"], capture_output=True, text=True, timeout=30)
    assert recorded.returncode == 0, recorded.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 1 and lines[0]["feed"] == "mempool"
    assert json.loads(lines[0]["frame"])["currentDifficulty"] == DIFFICULTY
    replayed = subprocess.run([str(BINARY), "replay", "--config", str(worker.config_path), "--input", str(out)],
                              capture_output=True, text=True, timeout=30)
    assert replayed.returncode == 0, replayed.stderr
    notifications = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert [(n["rule"], n["status"]) for n in notifications] == [("hashrate-high", "firing")]
    assert notifications[0]["value"] == pytest.approx(HASHRATE)
