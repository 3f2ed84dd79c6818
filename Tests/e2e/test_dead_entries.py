"""`satwatch retry` and `satwatch purge` against a running worker: a dead delivery goes back in
the queue and is sent within seconds, unless its alert's resolve went out after it; purge empties
the dead gauge."""
import subprocess
import time

from conftest import BINARY, Sentinel, metrics, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10}


def satwatch(worker, *arguments):
    done = subprocess.run([str(BINARY), *arguments, "--config", str(worker.config_path)],
                          capture_output=True, text=True, timeout=30)
    return done.returncode, done.stdout.strip(), done.stderr.strip()


def dead(worker):
    return metrics(worker).get(("satwatch_outbox_dead", (("channel", "hook"),)), 0)


def test_retry_sends_a_dead_delivery_again_and_purge_clears_the_gauge(feed, receiver, workers):
    hook = receiver.url("/hook", script=[{"status": 404}, {"status": 404}])
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
              "channels": {"hook": {"type": "webhook", "url": hook}}, "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"fees.json": [RULE]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(5)
    feed.fees(12)
    wait_for(lambda: dead(worker) == 1, what="the firing to die on the 404")
    feed.fees(5)
    wait_for(lambda: dead(worker) == 2, what="the resolve to die on the 404")

    assert satwatch(worker, "retry", "#1") == (0, "put 1 dead delivery back in the queue", "")
    retried = time.monotonic()
    wait_for(lambda: len(receiver.requests("/hook")) == 3, timeout=20, what="the retried delivery")
    assert time.monotonic() - retried < 10, "the running worker picks a retried entry up within seconds"
    assert receiver.bodies("/hook")[2]["status"] == "firing"
    wait_for(lambda: dead(worker) == 1, what="the dead gauge to drop")
    assert satwatch(worker, "retry", "1")[0] == 1, "sent now, not dead"

    assert satwatch(worker, "purge", "--dead") == (0, "deleted 1 dead delivery", "")
    wait_for(lambda: dead(worker) == 0, what="the dead gauge to reach 0")
    assert satwatch(worker, "retry")[0] == 2


def test_retry_leaves_a_dead_firing_dead_once_its_resolve_went_out(feed, receiver, workers):
    hook = receiver.url("/hook", script=[{"status": 400, "body": "bad"}])
    sentinel = Sentinel(feed, receiver, path="/hook")
    config = {"feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
              "channels": {"hook": {"type": "webhook", "url": hook}}, "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"fees.json": [RULE, sentinel.rule]}).start()
    wait_for(lambda: feed.clients() > 0, what="the worker to connect")
    feed.fees(12)
    wait_for(lambda: dead(worker) == 1, what="the firing to die on the 400")
    feed.fees(5)
    wait_for(lambda: len(receiver.requests("/hook")) == 2, what="the resolve")

    assert satwatch(worker, "retry", "--dead") == (
        0, "put 0 dead deliveries back in the queue; skipped 1 superseded by a later notification of the same alert, "
           "already sent", "")
    status, _, err = satwatch(worker, "retry", "1")
    assert status == 1 and "stays dead" in err, err
    # The sentinel's notification comes after anything the retry could have queued on the channel.
    sentinel.flip()
    ours = [body["status"] for body in receiver.bodies("/hook") if not Sentinel.ours(body)]
    assert ours == ["firing", "resolved"], "the receiver's last word on the alert stays 'resolved'"
    assert dead(worker) == 1
    assert worker.stop() == 0
