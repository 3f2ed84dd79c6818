"""The VPS as deploy/README.md sets it up: the config names its secrets (`http.token` and a
channel's URL) as `${NAME}`, their values live in a root-only env file, and the state file belongs
to the service's user. That user runs `status`, `history` and `silence` without the env file
(it cannot read it, and these commands serve and send nothing), as
`sudo -u satwatch satwatch status --config /etc/satwatch/satwatch.json` does."""
import json
import os
import shutil
import subprocess
import tempfile

from conftest import BINARY

NOBODY = 65534  # the unprivileged user, like the unit's User=satwatch


def as_service_user():
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def test_the_service_user_needs_no_secret_for_commands_that_serve_nothing():
    assert os.geteuid() == 0, "this test runs the commands as an unprivileged user, like the unit: run it as root"
    # Not under pytest's root-only folders: the user needs a way to the binary and the files.
    folder = tempfile.mkdtemp(prefix="satwatch-service-user-")
    try:
        os.chmod(folder, 0o755)
        binary = shutil.copy(BINARY, os.path.join(folder, "satwatch"))
        config = os.path.join(folder, "satwatch.json")
        with open(config, "w") as file:
            json.dump({"state": "state/satwatch.db", "rules": ["rules.json"],
                       "feeds": {"mempool": {"url": "ws://127.0.0.1:9/"}},
                       "channels": {"team": {"type": "slack", "url": "${SLACK_WEBHOOK_URL}"}},
                       "defaults": {"channels": ["team"]},
                       "http": {"listen": "127.0.0.1:9464", "token": "${SATWATCH_TOKEN}"}}, file)
        with open(os.path.join(folder, "rules.json"), "w") as file:
            json.dump({"rules": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]}, file)
        env_file = os.path.join(folder, "satwatch.env")
        with open(env_file, "w") as file:
            file.write("SATWATCH_TOKEN=0123456789abcdef0123\nSLACK_WEBHOOK_URL=http://127.0.0.1:9/hook\n")
        os.chmod(env_file, 0o600)  # root's, as /etc/satwatch/satwatch.env
        os.mkdir(os.path.join(folder, "state"))
        os.chown(os.path.join(folder, "state"), NOBODY, NOBODY)

        def run(*arguments):
            return subprocess.run([binary, *arguments, "--config", config], capture_output=True, text=True, timeout=60,
                                  preexec_fn=as_service_user, env={"PATH": "/usr/bin:/bin", "USER": "satwatch"})

        for command in (["status"], ["history"], ["silence", "list"], ["retry", "--dead"], ["purge", "--dead"]):
            done = run(*command)
            assert (done.returncode, done.stderr) == (0, ""), (command, done.stderr)
        added = run("silence", "add", "--rule", "fees-*", "--for", "2h", "--quiet")
        assert (added.returncode, added.stderr) == (0, ""), added.stderr
        assert added.stdout.strip() in run("status").stdout
        # The root-only env file is not the way for that user: it says why.
        refused = run("status", "--env-file", env_file)
        assert refused.returncode == 1 and f"cannot read env file {env_file}: Permission denied (EACCES)" in refused.stderr
        # `check` needs the channel's secret, so it runs as root with the env file; the unset token
        # alone is only a warning there.
        checked = subprocess.run([binary, "check", "--config", config], capture_output=True, text=True, timeout=60,
                                 env={"PATH": "/usr/bin:/bin", "SLACK_WEBHOOK_URL": "http://127.0.0.1:9/hook"})
        assert checked.returncode == 0, checked.stderr
        assert "'satwatch run' will need it" in checked.stderr
        full = subprocess.run([binary, "check", "--config", config, "--env-file", env_file], capture_output=True, text=True,
                              timeout=60, env={"PATH": "/usr/bin:/bin"})
        assert (full.returncode, full.stderr) == (0, ""), full.stderr
    finally:
        shutil.rmtree(folder)
