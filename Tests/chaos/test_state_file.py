"""The state file under a second worker and under damage: `run` claims the file (a second one,
through the same path or a link to the file, exits 1 naming the holder's pid, a SIGKILLed
holder blocks nothing), and start-up refuses a damaged file without touching it."""
import hashlib
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from conftest import BINARY, Worker, all_sent, free_port, wait_for

RULE = {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}


def config(feed, receiver):
    return {"feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
            "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
            "defaults": {"channels": ["hook"]}}


def satwatch(config_path, *args, timeout=10):
    """Runs a satwatch command on a config; (exit code, stderr, seconds taken). A command still
    running after `timeout` (a `run` that was not refused) is killed: code None."""
    started = time.monotonic()
    try:
        done = subprocess.run([str(BINARY), *args, "--config", str(config_path)], capture_output=True,
                              text=True, timeout=timeout)
        code, err = done.returncode, done.stderr
    except subprocess.TimeoutExpired as expired:
        code, err = None, (expired.stderr or b"").decode("utf-8", "replace")
    return code, err, time.monotonic() - started


def cross(feed, receiver, count):
    """One more firing then resolved pair; waits until the receiver has `count` + 2 requests."""
    wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
    feed.fees(12.5)
    feed.fees(4)
    wait_for(lambda: len(receiver.requests("/alerts")) >= count + 2, timeout=20, what="firing and resolved")
    return len(receiver.requests("/alerts"))


def sha256(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_two_workers_on_one_state_file(chaos, feed, receiver, workers):
    worker = workers(config(feed, receiver), {"fees.json": [RULE]}).start()
    state = worker.folder / "state.db"
    delivered = cross(feed, receiver, 0)
    expected = f"state file {state} is in use by pid {worker.process.pid}\n"
    # The second copy differs only in its HTTP port, so nothing but the state file can stop it.
    second = json.loads(worker.config_path.read_text())
    second["http"] = {"listen": f"127.0.0.1:{free_port()}"}
    second_path = worker.folder / "second.json"
    second_path.write_text(json.dumps(second))
    attempts = 5 if chaos.long else 1
    refusals, slowest = 0, 0.0
    for _ in range(attempts):
        code, err, seconds = satwatch(second_path, "run")
        refusals += code == 1 and err == expected
        slowest = max(slowest, seconds)
        # The holder goes on delivering, and read-only commands work beside it.
        delivered = cross(feed, receiver, delivered)
    status, _, _ = satwatch(worker.config_path, "status")
    wait_for(lambda: all_sent(worker, receiver, "/alerts", "hook"), what="nothing left to send")
    bodies = [b["status"] for b in receiver.bodies("/alerts")]
    no_duplicates = bodies == ["firing", "resolved"] * (attempts + 1)

    restarts = 3 if chaos.long else 1
    started = 0
    for _ in range(restarts):
        worker.kill()  # SIGKILL: the lock file stays behind, its lock does not.
        worker.start()
        started += worker.process.poll() is None
    delivered = cross(feed, receiver, delivered)
    chaos.row(fault="two `satwatch run` on one state file",
              promised="second run exits 1 with `state file PATH is in use by pid N`; the first keeps delivering; "
                       "status works; after SIGKILL the next start succeeds",
              measured=f"{refusals}/{attempts} refused with the message (slowest {slowest:.2f}s); "
                       f"{len(bodies)} deliveries for {2 * (attempts + 1)} transitions; status exit {status}; "
                       f"{started}/{restarts} starts after SIGKILL",
              passed=refusals == attempts and slowest < 10 and no_duplicates and status == 0 and started == restarts)


def test_a_second_worker_through_a_link_to_the_state_file(chaos, feed, receiver, workers, tmp_path):
    """Each link has its own `<path>.lock` beside it; the claim on the file itself refuses it."""
    worker = workers(config(feed, receiver), {"fees.json": [RULE]}).start()
    state = worker.folder / "state.db"
    delivered = cross(feed, receiver, 0)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    links = {"hard link": elsewhere / "hard.db", "symbolic link": elsewhere / "symbolic.db"}
    os.link(state, links["hard link"])
    links["symbolic link"].symlink_to(state)
    results = {}
    for kind, path in links.items():
        second = json.loads(worker.config_path.read_text())
        second.update(state=str(path), http={"listen": f"127.0.0.1:{free_port()}"}, rules=[str(worker.folder / "rules")])
        second_path = elsewhere / f"{path.stem}.json"
        second_path.write_text(json.dumps(second))
        code, err, seconds = satwatch(second_path, "run")
        results[kind] = (code, err == f"state file {path} is in use by pid {worker.process.pid}\n", seconds, err)
        delivered = cross(feed, receiver, delivered)  # the holder goes on delivering
    bodies = [b["status"] for b in receiver.bodies("/alerts")]
    refused = all(code == 1 and message for code, message, _, _ in results.values())
    chaos.row(fault="a second `satwatch run` on a hard link and on a symbolic link to the running worker's state file",
              promised="each exits 1 with `state file PATH is in use by pid N`; the first keeps delivering",
              measured="; ".join(f"{kind}: exit {code} in {seconds:.2f}s, message {'ok' if message else repr(err.splitlines()[:1])}"
                                 for kind, (code, message, seconds, err) in results.items())
                       + f"; {len(bodies)} deliveries for {2 * (len(links) + 1)} transitions",
              passed=refused and bodies == ["firing", "resolved"] * (len(links) + 1))
    assert worker.stop() == 0


def test_damaged_state_file(chaos, feed, receiver, workers):
    worker = workers(config(feed, receiver), {"fees.json": [RULE]}).start()
    cross(feed, receiver, 0)
    worker.stop()
    state = worker.folder / "state.db"
    wal = worker.folder / "state.db-wal"
    assert not wal.exists() or wal.stat().st_size == 0, "a stopped worker leaves its WAL checkpointed"
    pages = state.stat().st_size // 4096
    # Which page gets garbage: the last one (as found in the issue); the long form adds a middle
    # one and the header page.
    targets = [pages, pages // 2, 1] if chaos.long else [pages]
    results = []
    for page in targets:
        original = state.read_bytes()
        with open(state, "r+b") as file:
            file.seek((page - 1) * 4096)
            file.write(bytes((i * 7 + 13) % 256 for i in range(4096)))
        before = sha256(state)
        run_code, run_err, seconds = satwatch(worker.config_path, "run")
        status_code, status_err, _ = satwatch(worker.config_path, "status")
        results.append((page, run_code, seconds, sha256(state) == before,
                        run_err.startswith(f"state file {state} is damaged (") and "sqlite3" in run_err
                        and status_err == f"satwatch status: {run_err}" and status_code == 1))
        state.write_bytes(original)
    refused = all(code == 1 and unchanged and message for _, code, _, unchanged, message in results)
    slowest = max(seconds for _, _, seconds, _, _ in results)
    chaos.row(fault="damaged state file",
              promised="start refuses it: exit 1 with a message saying what to do; the file is not rewritten",
              measured="; ".join(f"page {page}/{pages}: exit {code} in {seconds:.2f}s, "
                                 f"sha256 {'unchanged' if unchanged else 'CHANGED'}, message {'ok' if message else 'WRONG'}"
                                 for page, code, seconds, unchanged, message in results),
              passed=refused and slowest < 10)


def test_state_file_made_writable_again(chaos, feed, receiver):
    """A state file the worker may not write (restored from a backup with mode 0400) makes the
    store unhealthy; once its mode is mended, the worker recovers by itself within seconds and
    delivers what waited. Run as `nobody`: root writes any file whatever its mode."""
    nobody = pwd.getpwnam("nobody")
    folder = Path(tempfile.mkdtemp(prefix="satwatch-read-only-"))
    worker = Worker(folder, config(feed, receiver), {"fees.json": [RULE]})
    try:
        os.chmod(folder, 0o755)
        # A copy of the binary: the build folder's parents may be closed to other users.
        worker.binary = folder / "satwatch"
        shutil.copy(BINARY, worker.binary)
        for path in [folder, folder / "rules", folder / "rules" / "fees.json", worker.config_path]:
            os.chown(path, nobody.pw_uid, nobody.pw_gid)

        def as_nobody():
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)

        def state_files(mode):
            for name in os.listdir(folder):
                if name.startswith("state.db") and not name.endswith(".lock"):
                    os.chmod(folder / name, mode)

        worker.start(confine=as_nobody)
        wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
        assert worker.stop() == 0
        state_files(0o400)
        worker.start(confine=as_nobody)
        wait_for(lambda: feed.clients() > 0, what="the worker to connect to the feed")
        feed.fees(12.5)
        wait_for(lambda: worker.get("/healthz")[0] == 503, what="/healthz to say the store fails")
        reason = worker.get("/healthz")[1]
        posts_while_read_only = len(receiver.requests("/alerts"))
        state_files(0o600)
        mended = time.monotonic()
        wait_for(lambda: receiver.requests("/alerts"), timeout=30, what="the firing once the file is writable")
        delivered_in = time.monotonic() - mended
        wait_for(lambda: worker.get("/healthz")[0] == 200, timeout=30, what="/healthz to recover")
        healthy_in = time.monotonic() - mended
        statuses = [body["status"] for body in receiver.bodies("/alerts")]
        chaos.row(fault="state file read-only, then its mode mended",
                  promised="/healthz 503 with the reason while it cannot be written; recovers by itself once writable, nothing lost",
                  measured=f"{posts_while_read_only} POST while read-only; {'readonly' in reason and 'reason' or 'no reason'}; "
                           f"firing delivered {delivered_in:.1f}s and /healthz 200 {healthy_in:.1f}s after the mend; {statuses}",
                  passed=posts_while_read_only == 0 and "readonly" in reason and statuses == ["firing"])
        assert worker.stop() == 0
    finally:
        # Not one of the `workers` fixture's: stopped here, also when the test failed.
        if worker.process and worker.process.poll() is None:
            worker.kill()
        shutil.rmtree(folder, ignore_errors=True)


def test_state_file_moved_aside_while_running(chaos, feed, receiver, workers, tmp_path):
    """SQLite writes on into a file renamed or removed under it; the worker notices that its file
    left the path: /healthz 503 naming it, changes held in memory, taken up again once it is back."""
    worker = workers(config(feed, receiver), {"fees.json": [RULE]}).start()
    sent = cross(feed, receiver, 0)
    aside = tmp_path / "aside"
    aside.mkdir()
    names = [name for name in os.listdir(worker.folder) if name.startswith("state.db") and not name.endswith(".lock")]
    for name in names:
        os.rename(worker.folder / name, aside / name)
    feed.fees(12.5)
    wait_for(lambda: worker.get("/healthz")[0] == 503, timeout=15, what="/healthz to say the file left its path")
    reason = worker.get("/healthz")[1]
    posts_while_away = len(receiver.requests("/alerts")) - sent
    for name in names:
        os.replace(aside / name, worker.folder / name)
    wait_for(lambda: len(receiver.requests("/alerts")) > sent, timeout=30, what="the firing once the file is back")
    wait_for(lambda: worker.get("/healthz")[0] == 200, timeout=30, what="/healthz to recover")
    statuses = [body["status"] for body in receiver.bodies("/alerts")]
    assert worker.stop() == 0
    # What was stored while the file was back: the restart announces nothing again.
    worker.start()
    feed.fees(13)
    feed.fees(4)
    wait_for(lambda: len(receiver.requests("/alerts")) > len(statuses), timeout=20, what="the resolve after the restart")
    after_restart = [body["status"] for body in receiver.bodies("/alerts")][len(statuses):]
    chaos.row(fault="state file moved aside while the worker runs",
              promised="/healthz 503 naming it, nothing stored elsewhere; taken up again when it is back, nothing lost or repeated",
              measured=f"{posts_while_away} POST while away; reason {'names it' if 'removed or replaced' in reason else 'MISSING'}; "
                       f"then {statuses[2:]}; after a restart {after_restart}",
              passed=posts_while_away == 0 and "removed or replaced" in reason and statuses[2:] == ["firing"]
              and after_restart == ["resolved"])
    assert worker.stop() == 0
