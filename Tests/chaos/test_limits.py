"""Chaos rows for the process's limits: a worker started under an open-file limit (`ulimit -n`)
or an address-space limit (`ulimit -v`) too low to run in refuses to start with a message and
exit 1 (no hang, no signal); one whose soft limit is low but may be raised raises it and runs;
one under `ulimit -v 512M` starts, evaluates and delivers; descriptors running out under a
running worker are logged once as too many open files, make `/healthz` answer 503 naming it
(the answer itself needs no new descriptor), and the worker recovers once they free up."""
import os
import re
import resource
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from conftest import BINARY, Worker, metrics, timed_request, wait_for

MIB = 1 << 20
HOOKS = 8


def config(feed, receiver, hooks=1, feeds=("mempool",)):
    channels = {f"h{index}": {"type": "webhook", "url": receiver.url(f"/h{index}")} for index in range(hooks)}
    return {"feeds": {kind: {"url": feed.url, "stale_after": "10m"} for kind in feeds},
            "channels": dict(channels, console={"type": "log"}),
            "defaults": {"channels": ["console", *channels]}}


RULES = {"r.json": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]}


def limited(resource_id, soft, hard):
    """A preexec that sets one limit in the child before exec."""
    return lambda: resource.setrlimit(resource_id, (soft, hard))


def refusal(worker, confine, timeout=30):
    """(exit status or None while it still runs after `timeout`, stderr) of `satwatch run` started
    under `confine`; a worker still running is killed."""
    process = subprocess.Popen([str(BINARY), "run", "--config", str(worker.config_path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, preexec_fn=confine)
    try:
        _, err = process.communicate(timeout=timeout)
        return process.returncode, err
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
        return None, err


def soft_limit(pid, name):
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith(name):
            return line[len(name):].split()[0]
    raise KeyError(name)


def fires_everywhere(feed, receiver, hooks):
    """Fires the rule and waits until every webhook channel heard it."""
    wait_for(lambda: feed.clients() > 0, timeout=30, what="the worker to connect")
    feed.fees(12)
    return wait_for(lambda: all(receiver.requests(f"/h{index}") for index in range(hooks)), timeout=60,
                    what="the firing on every channel")


def test_open_file_limit_too_low_to_run_in(chaos, feed, receiver, tmp_path):
    worker = Worker(tmp_path, config(feed, receiver), RULES)
    status, err = refusal(worker, limited(resource.RLIMIT_NOFILE, 48, 48))
    said = re.search(r'msg="cannot start" error="the open-file limit is 48 \(hard limit 48\), below the (\d+) this config '
                     r'needs; raise it: ulimit -n, or LimitNOFILE= in the systemd unit"', err)
    chaos.row("open-file limit 48 (soft and hard), below the config's need",
              "refuses to start: exit 1 naming the limit and the need",
              f"exit {status}; {err.strip().splitlines()[-1] if err.strip() else 'no message'}",
              status == 1 and said is not None)


def test_open_file_limit_low_but_raisable(chaos, feed, receiver, workers):
    worker = workers(config(feed, receiver), RULES)
    worker.start(confine=limited(resource.RLIMIT_NOFILE, 32, 4096))
    raised = soft_limit(worker.process.pid, "Max open files")
    fires_everywhere(feed, receiver, 1)
    logged = re.search(r'msg="raised the open-file limit" from=32 to=4096 needs=\d+', worker.log_text())
    status, _ = worker.get("/healthz")
    chaos.row("open-file limit 32, hard limit 4096", "raises the soft limit to the hard one, says so, runs",
              f"soft limit {raised}; logged: {bool(logged)}; delivered; /healthz {status}",
              raised == "4096" and logged and status == 200)
    assert worker.stop() == 0


@pytest.mark.parametrize("mebibytes", [512, 256])
def test_address_space_of_512_or_256_mib(chaos, feed, receiver, workers, mebibytes):
    # Five feeds and nine channels: untuned, glibc's arenas and 8 MiB thread stacks reserved
    # about 1.2 GB, and under 512 MiB the worker started, then could start no thread: nothing
    # connected, nothing was delivered (under 256 MiB the fault run saw SIGILL).
    worker = workers(config(feed, receiver, hooks=HOOKS, feeds=("mempool", "coinbase", "kraken", "binance", "deribit")), RULES)
    worker.start(confine=limited(resource.RLIMIT_AS, mebibytes * MIB, mebibytes * MIB))
    fires_everywhere(feed, receiver, HOOKS)
    peak = next(int(line.split()[1]) for line in Path(f"/proc/{worker.process.pid}/status").read_text().splitlines()
                if line.startswith("VmPeak:"))
    chaos.row(f"address-space limit {mebibytes} MiB, 5 feeds, 9 channels", "starts, evaluates, delivers on every channel",
              f"delivered on all {HOOKS} webhooks; VmPeak {peak // 1024} MiB", peak < mebibytes * 1024)
    assert worker.stop() == 0


def test_address_space_too_low_to_run_in(chaos, feed, receiver, tmp_path):
    worker = Worker(tmp_path, config(feed, receiver), RULES)
    status, err = refusal(worker, limited(resource.RLIMIT_AS, 128 * MIB, 128 * MIB))
    said = re.search(r'msg="cannot start" error="the address-space limit is 128 MiB \(hard limit 128 MiB\), below the '
                     r'\d+ MiB this config needs; raise it: ulimit -v, or LimitAS= in the systemd unit"', err)
    ended = "still running" if status is None else f"signal {-status}" if status < 0 else f"exit {status}"
    chaos.row("address-space limit 128 MiB", "refuses to start: exit 1 with a message, never a signal or a hang",
              f"{ended}; {err.strip().splitlines()[-1] if err.strip() else 'no message'}", status == 1 and said is not None)


def named(answer):
    """A /healthz answer that is 503 and names the shortage, else None."""
    status, body, _ = answer
    return (status, body) if status == 503 and "too many open files" in body else None


def spare_descriptor(pid):
    """The endpoint's spare: the one /dev/null the worker opened itself (0 and 1 are the test's);
    without one (a worker that keeps none), the highest descriptor it holds."""
    held = [int(name) for name in os.listdir(f"/proc/{pid}/fd")]
    spares = [number for number in held if number > 2 and os.readlink(f"/proc/{pid}/fd/{number}") == "/dev/null"]
    return max(spares or held)


def set_soft_limit(pid, soft):
    hard = resource.prlimit(pid, resource.RLIMIT_NOFILE)[1]
    resource.prlimit(pid, resource.RLIMIT_NOFILE, (soft, hard))


def test_descriptors_running_out_under_a_running_worker(chaos, feed, receiver, workers):
    # Coinbase: a WebSocket alone, no REST poll opening and closing sockets meanwhile.
    worker = workers(config(feed, receiver, feeds=("coinbase",)),
                     {"r.json": [{"name": "btc-high", "metric": "btc.usd", "above": 100000}]}).start()
    pid = worker.process.pid
    wait_for(lambda: feed.clients() == 1, timeout=30, what="the worker to connect")
    assert worker.get("/healthz")[0] == 200
    # The soft limit just above the endpoint's spare descriptor (opened early, after the
    # descriptors the worker holds for good): every new one is refused (EMFILE) until the limit
    # comes back, as when a leak or a flood of clients has taken them all.
    limit = resource.prlimit(pid, resource.RLIMIT_NOFILE)
    set_soft_limit(pid, spare_descriptor(pid) + 1)
    # Clients queue up on the listener: the endpoint must still answer, and name the cause.
    holders = [socket.create_connection(("127.0.0.1", worker.http_port)) for _ in range(20)]
    answer = wait_for(lambda: named(timed_request(worker.http_port, "/healthz", timeout=10)), timeout=60,
                      what="/healthz answering 503 naming too many open files")
    for _ in range(3):
        assert named(timed_request(worker.http_port, "/healthz", timeout=10))
    # A firing must go out: its delivery cannot open a socket now, and says why. (Last: a
    # delivery retrying meanwhile could take the descriptor the endpoint frees between two
    # clients, and keep it in its kept-alive connection.)
    feed.push({"type": "ticker", "product_id": "BTC-USD", "price": "101000"})
    worker.wait_log(r'msg="delivery failed, will retry" channel=h0 .*error="curl error 7: cannot open a socket: '
                    r'too many open files \(EMFILE\)"', timeout=30)
    # Descriptors free up: the worker recovers by itself.
    for holder in holders:
        holder.close()
    resource.prlimit(pid, resource.RLIMIT_NOFILE, limit)
    wait_for(lambda: receiver.requests("/h0"), timeout=60, what="the firing delivered after the shortage")
    healthy = wait_for(lambda: worker.get("/healthz")[0] == 200, timeout=30, what="/healthz 200 again")
    refused = metrics(worker)[("satwatch_open_files_refused_total", ())]
    log = worker.log_text()
    logged = re.findall(r'level=error msg="too many open files" part="[^"]+" errno="too many open files \(EMFILE\)"', log)
    recovered = 'msg="open files available again"' in log
    chaos.row("soft open-file limit lowered under a running worker to what it holds, then 20 clients queued",
              "EMFILE logged once naming it; /healthz answers 503 naming it; delivery error names it; recovers",
              f"/healthz {answer[0]}: {answer[1].strip()[:120]}…; logged {len(logged)}×; {refused:.0f} refusals counted; "
              f"recovered: {recovered}", len(logged) == 1 and recovered and healthy and refused >= 2)
    assert worker.stop() == 0
