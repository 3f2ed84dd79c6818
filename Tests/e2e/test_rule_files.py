"""`satwatch run` on rule files stored as people store them: a rules folder that is a symbolic
link (as a deploy tool or a Kubernetes ConfigMap leaves it), an editor's lock file, a link that
leads nowhere, a disabled rule."""
import json
import os
import re
import signal

from conftest import wait_for

FEES_HIGH = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"],
             "description": "mempool congested"}
FEES_OFF = {"name": "fees-off", "metric": "fee.fastest", "above": 5, "channels": ["hook"], "disabled": True}


def test_a_symlinked_rules_folder_fires_and_dot_files_never_block_a_reload(feed, receiver, workers, tmp_path):
    stored = tmp_path / "releases" / "v1"
    stored.mkdir(parents=True)
    (stored / "fees.json").write_text(json.dumps({"rules": [FEES_HIGH, FEES_OFF]}))
    os.symlink("../../gone.json", stored / "old.json")
    os.symlink(stored, tmp_path / "live")
    config = {"feeds": {"mempool": {"url": feed.url}}, "rules": ["live"],
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
              "defaults": {"channels": ["hook"]}}
    worker = workers(config, {}).start()
    log = worker.log_text()
    assert re.search(r'level=warn msg="dangling symbolic link \(to \\"../../gone.json\\"\), skipped" path=\S+/live/old.json', log), log
    assert re.search(r"msg=started .*rules=1 rules_disabled=1 ", log), log
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    feed.fees(12)
    wait_for(lambda: receiver.requests("/alerts"), what="fees-high to fire through the linked folder")
    alerts = [body["alerts"][0]["labels"]["alertname"] for body in receiver.bodies("/alerts")]
    assert alerts == ["fees-high"]

    # An editor's lock file (a dangling link named .#fees.json) while the file is being edited.
    os.symlink("me@host.4242:1700000000", stored / ".#fees.json")
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded")
    log = worker.log_text()
    assert "reload failed" not in log, log
    assert len(re.findall(r"level=warn msg=\"dangling symbolic link", log)) == 2, log  # at start and at reload
    assert worker.stop() == 0
