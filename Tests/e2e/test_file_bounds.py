"""Every file a command or the worker reads is bounded: a device (`/dev/zero`), a FIFO, a folder
where a file belongs, or a file just over its limit is refused at once, naming the path, in
little memory. Each command runs under a 2 GiB address-space limit, so a regression fails
quickly instead of taking the machine's memory."""
import json
import os
import resource
import signal
import subprocess
import time

import pytest

from conftest import BINARY

MiB = 1 << 20
ADDRESS_SPACE = 2 << 30
MAX_RSS_KB = 200 * 1024  # an ordinary `check` is about 20 MB; a file read whole would be far more
MAX_SECONDS = 20


def bounded(*args, cwd):
    """Runs satwatch with `args` in `cwd`; (exit code, stderr, peak RSS in KiB, seconds)."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    started = time.monotonic()
    with open(cwd / "stderr.txt", "w+b") as err:
        process = subprocess.Popen([str(BINARY), *args], cwd=cwd, stdout=subprocess.DEVNULL, stderr=err,
                                   preexec_fn=limit)
        # wait4 gives this child's own peak RSS (getrusage's children figure is a maximum over all).
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - started > MAX_SECONDS:
                process.kill()
                os.wait4(process.pid, 0)
                process.returncode = -9
                pytest.fail(f"satwatch {' '.join(args)} still running after {MAX_SECONDS}s")
            time.sleep(0.02)
        process.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    return process.returncode, text, usage.ru_maxrss, time.monotonic() - started


def padded_json(document, size):
    """`document` as JSON followed by spaces up to exactly `size` bytes."""
    text = json.dumps(document)
    return text + " " * (size - len(text))


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "fees.json").write_text(json.dumps({"rules": [
        {"name": "fees-high", "metric": "fee.fastest", "above": 10}]}))
    config = {"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {"url": "ws://127.0.0.1:9"}},
              "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    (tmp_path / "satwatch.json").write_text(json.dumps(config))
    os.mkfifo(tmp_path / "fifo")
    return tmp_path


def expect_refused(folder, args, line):
    code, err, peak, seconds = bounded(*args, cwd=folder)
    assert code == 1 and line in err.splitlines(), err
    assert "Fatal error" not in err, err
    assert peak < MAX_RSS_KB, f"peak RSS {peak} KiB"
    return seconds


@pytest.mark.parametrize("path, why", [
    ("/dev/zero", "not a regular file (a character device)"),
    ("fifo", "not a regular file (a FIFO)"),
    ("rules", "not a regular file (a directory)"),
])
def test_check_refuses_a_config_that_is_not_a_regular_file(folder, path, why):
    expect_refused(folder, ["check", "-c", path], f"{path}:1:1: {why}")


def test_a_config_one_byte_over_a_mebibyte_is_refused_and_one_at_it_loads(folder):
    config = json.loads((folder / "satwatch.json").read_text())
    (folder / "big.json").write_text(padded_json(config, MiB + 1))
    expect_refused(folder, ["check", "-c", "big.json"], "big.json:1:1: larger than 1 MiB, the limit for a config file")
    (folder / "big.json").write_text(padded_json(config, MiB))
    code, err, _, _ = bounded("check", "-c", "big.json", cwd=folder)
    assert code == 0, err


@pytest.mark.parametrize("path, why", [
    ("/dev/zero", "not a regular file (a character device)"),
    ("fifo", "not a regular file (a FIFO)"),
    ("big.env", "larger than 1 MiB, the limit for an env file"),
])
def test_an_env_file_that_is_a_device_a_fifo_or_too_large_is_refused(folder, path, why):
    (folder / "big.env").write_text("A=" + "x" * MiB + "\n")
    expect_refused(folder, ["check", "-c", "satwatch.json", "--env-file", path],
                   f"satwatch check: cannot read env file {path}: {why}")


def test_rule_files_that_are_devices_or_too_large_are_refused_where_check_reports(folder):
    config = json.loads((folder / "satwatch.json").read_text())
    config["rules"] = ["rules", "/dev/zero"]
    (folder / "satwatch.json").write_text(json.dumps(config))
    (folder / "rules" / "big.json").write_text(padded_json({"rules": []}, MiB + 1))
    code, err, peak, _ = bounded("check", "-c", "satwatch.json", cwd=folder)
    assert code == 1 and peak < MAX_RSS_KB, (err, peak)
    assert any(line.endswith("rules/big.json:1:1: larger than 1 MiB, the limit for a rule file") for line in err.splitlines()), err
    assert "/dev/zero:1:1: not a regular file (a character device)" in err.splitlines(), err


@pytest.mark.parametrize("path, why", [
    ("/dev/zero", "not a regular file (a character device)"),
    ("fifo", "not a regular file (a FIFO)"),
])
def test_rule_test_and_recording_files_that_are_devices_are_refused(folder, path, why):
    expect_refused(folder, ["test", path], f"{path}:1:1: {why}")
    code, err, peak, _ = bounded("replay", "-c", "satwatch.json", "--input", path, "--feed", "mempool", cwd=folder)
    assert code != 0 and f"{path}: {why}" in err and peak < MAX_RSS_KB, (err, peak)


def test_a_running_worker_refuses_a_reload_from_a_config_grown_too_large(feed, workers):
    config = {"feeds": {"mempool": {"url": feed.url}}, "channels": {"console": {"type": "log"}},
              "defaults": {"channels": ["console"]}}
    worker = workers(config, {"fees.json": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]}).start()
    grown = json.loads(worker.config_path.read_text())
    worker.config_path.write_text(padded_json(grown, MiB + 1))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"larger than 1 MiB, the limit for a config file")
    assert "reload failed" in worker.log_text()
    assert worker.get("/healthz")[0] == 200  # still serving on the config it had
    assert worker.stop() == 0
