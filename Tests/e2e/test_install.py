"""deploy/install.sh as an upgrade runs it: into a scratch root (DESTDIR), with a stub
`systemctl` that records what it was asked. A first install starts the unit; running it again
while the worker runs restarts it (the old binary would otherwise keep running) and keeps what
the admin wrote (config, secrets)."""
import json
import os
import stat
import subprocess

from conftest import BINARY, ROOT

STUB = """#!/bin/sh
echo "$@" >> "$SYSTEMCTL_LOG"
case "$1" in is-active) exit "$STUB_ACTIVE" ;; esac
exit 0
"""


def install(tmp_path, active, command=("bash", str(ROOT / "deploy" / "install.sh"))):
    stubs = tmp_path / "stubs"
    stubs.mkdir(exist_ok=True)
    (stubs / "systemctl").write_text(STUB)
    (stubs / "systemctl").chmod(0o755)
    log = tmp_path / "systemctl.log"
    log.write_text("")
    env = dict(os.environ, DESTDIR=str(tmp_path / "root"), SATWATCH_BINARY=str(BINARY), SATWATCH_USER="root",
               SATWATCH_SYSTEMD="1", PATH=f"{stubs}:{os.environ['PATH']}", SYSTEMCTL_LOG=str(log),
               STUB_ACTIVE="0" if active else "3")
    done = subprocess.run(list(command), capture_output=True, text=True, env=env,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, (done.stdout, done.stderr)
    return log.read_text().splitlines()


def test_install_then_upgrade_restarts_a_running_worker_and_keeps_the_admins_files(tmp_path):
    assert os.geteuid() == 0, "install.sh runs as root; so does this test (CI runs as root here)"
    root = tmp_path / "root"
    calls = install(tmp_path, active=False)
    assert calls == ["daemon-reload", "enable satwatch", "is-active --quiet satwatch", "start satwatch",
                     "--no-pager status satwatch"]
    binary = root / "usr/local/bin/satwatch"
    assert binary.stat().st_mode & stat.S_IXUSR
    assert stat.S_IMODE((root / "etc/satwatch/satwatch.env").stat().st_mode) == 0o600
    assert (root / "etc/systemd/system/satwatch.service").read_text() == (ROOT / "deploy/satwatch.service").read_text()

    # The admin edits the config and the secrets; the worker is running when the upgrade comes.
    config = json.loads((root / "etc/satwatch/satwatch.json").read_text())
    config["http"] = {"listen": "127.0.0.1:9999"}
    (root / "etc/satwatch/satwatch.json").write_text(json.dumps(config))
    (root / "etc/satwatch/satwatch.env").write_text("SMTP_PASSWORD=the-real-one\n")
    calls = install(tmp_path, active=True)
    assert "restart satwatch" in calls and "start satwatch" not in calls, calls
    assert json.loads((root / "etc/satwatch/satwatch.json").read_text())["http"] == {"listen": "127.0.0.1:9999"}
    assert (root / "etc/satwatch/satwatch.env").read_text() == "SMTP_PASSWORD=the-real-one\n"


def test_make_install_is_install_sh_with_the_given_build_and_destdir(tmp_path):
    """`make install` puts the binary on the PATH through deploy/install.sh; DESTDIR and
    SATWATCH_BINARY (here the debug build, not a release build of minutes) pass through make."""
    calls = install(tmp_path, active=False, command=("make", "-s", "-C", str(ROOT), "install"))
    assert calls[:2] == ["daemon-reload", "enable satwatch"], calls
    root = tmp_path / "root"
    assert (root / "usr/local/bin/satwatch").read_bytes() == BINARY.read_bytes()
    assert (root / "etc/satwatch/satwatch.json").read_text() == (ROOT / "deploy/satwatch.system.json").read_text()
    assert (root / "etc/systemd/system/satwatch.service").is_file()
