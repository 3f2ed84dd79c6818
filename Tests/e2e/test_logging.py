"""What the worker's log says: journald priorities, and why a rule did not fire (debug)."""
import os
import re

from conftest import wait_for

PRIORITY = {"debug": "<7>", "info": "<6>", "warn": "<4>", "error": "<3>"}


def mempool_config(feed, **log):
    return {"feeds": {"mempool": {"url": feed.url}}, "channels": {"console": {"type": "log"}},
            "defaults": {"channels": ["console"]}, "log": {"level": "info", **log}}


def test_stderr_on_the_journal_gets_priority_prefixes(feed, workers, monkeypatch):
    worker = workers(mempool_config(feed), {"r.json": [{"name": "hot", "metric": "fee.fastest", "above": 10}]})
    worker.log_path.touch()
    info = os.stat(worker.log_path)
    # What systemd sets when stderr is the journal: the stream's device and inode.
    monkeypatch.setenv("JOURNAL_STREAM", f"{info.st_dev}:{info.st_ino}")
    worker.start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(20)
    worker.wait_log(r'msg="alert firing" rule=hot ')
    lines = worker.log_text().splitlines()
    assert len(lines) >= 4
    for line in lines:
        level = re.search(r" level=(\w+) ", line).group(1)
        assert line.startswith(PRIORITY[level] + "time="), line
    assert any(line.startswith("<4>") for line in lines)
    assert worker.stop() == 0


def test_journal_stream_of_another_file_leaves_lines_plain(feed, workers, monkeypatch):
    monkeypatch.setenv("JOURNAL_STREAM", "8:12345")
    worker = workers(mempool_config(feed), {"r.json": []}).start()
    assert worker.log_text().startswith("time=")
    assert worker.stop() == 0


def test_debug_says_why_a_rule_did_not_fire(feed, workers):
    rules = [{"name": "slow", "metric": "fee.fastest", "above": 10, "for": "1h"},
             {"name": "band", "metric": "fee.economy", "above": 5, "clear": 2}]
    worker = workers(mempool_config(feed, level="debug"), {"r.json": rules}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(20, economy=6)
    worker.wait_log(r'level=debug msg="rule pending: condition met, for not elapsed" rule=slow value=20 fires_at=\S+')
    worker.wait_log(r'msg="alert firing" rule=band ')
    feed.fees(21, economy=4)
    worker.wait_log(r'level=debug msg="rule still firing: value inside clear band" rule=band value=4 clear=2')
    # Once per change of reason, not per sample.
    assert len(re.findall(r'rule=slow', worker.log_text())) == 1
    assert worker.stop() == 0
