"""deploy/README.md's `satwatch` command lines, run as written (the /etc/satwatch paths
substituted, `sudo` dropped), with the README's two secrets given only by a root-only env file:
check and notify read it with --env-file, status needs no secret at all."""
import json
import os
import re
import shlex
import shutil
import subprocess

import pytest

from conftest import BINARY, ROOT

COMMAND = re.compile(r"sudo (?:-u satwatch )?satwatch [^`\n]+")  # inline `…` or a block line
PREFIX = re.compile(r"^sudo (?:-u satwatch )?satwatch ")  # run as the test's user instead


def readme_commands():
    return COMMAND.findall((ROOT / "deploy" / "README.md").read_text())


def test_readme_command_lines_work_beside_a_root_only_env_file(tmp_path, receiver, mailbox):
    commands = readme_commands()
    words = {shlex.split(PREFIX.sub("", c))[0] for c in commands}
    # A new kind of line (say `run`, which would not return) needs this test to learn it first.
    assert words == {"check", "notify", "status"}, commands

    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "fees.json").write_text(json.dumps(
        {"rules": [{"name": "fees", "metric": "fee.fastest", "above": 50, "channels": ["mail", "team"]}]}))
    config = tmp_path / "satwatch.json"
    config.write_text(json.dumps({
        "state": "state/satwatch.db", "rules": ["rules"],
        "feeds": {"mempool": {"url": "ws://127.0.0.1:9/api/v1/ws"}},
        "channels": {
            "mail": {"type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "tls": "none",
                     "username": "alerts@example.com", "password": "${SMTP_PASSWORD}",
                     "from": "satwatch <alerts@example.com>", "to": ["me@example.com"]},
            "team": {"type": "slack", "url": "${SLACK_WEBHOOK_URL}"}},
        "defaults": {"channels": ["mail"]}}))
    env_file = tmp_path / "satwatch.env"
    env_file.write_text(f"# secrets\nSMTP_PASSWORD=change-me\nSLACK_WEBHOOK_URL={receiver.url('/slack')}\n")
    os.chmod(env_file, 0o600)
    environment = {k: v for k, v in os.environ.items() if k not in ("SMTP_PASSWORD", "SLACK_WEBHOOK_URL", "SATWATCH_CONFIG")}

    for line in commands:
        line = line.replace("/etc/satwatch/satwatch.json", str(config)).replace("/etc/satwatch/satwatch.env", str(env_file))
        arguments = shlex.split(PREFIX.sub("", line))
        done = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, timeout=60, env=environment)
        assert done.returncode == 0, (line, done.stdout, done.stderr)
        if arguments[0] == "check":
            assert done.stdout.strip() == f"{config}: ok (1 feed, 2 channels, 1 rule file, 1 rule)"
        if arguments[0] == "status":
            assert done.stdout.startswith("no state file at ")
        if arguments[0] == "notify":
            assert done.stdout.strip() == "sent to mail"
    assert [m["rcpt_tos"] for m in mailbox.messages()] == [["me@example.com"]]


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("setpriv"), reason="needs root to run as another user")
def test_an_env_file_the_user_cannot_read_is_refused_with_errno(tmp_path):
    """The unit's file is root-only: as another user, --env-file says so instead of running on
    without the secrets."""
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    if subprocess.run([*nobody, str(BINARY), "--version"], capture_output=True).returncode != 0:
        pytest.skip("the binary is not reachable for uid 65534 (a checkout under a private home)")
    env_file = tmp_path / "satwatch.env"
    env_file.write_text("SMTP_PASSWORD=change-me\n")
    os.chmod(env_file, 0o600)
    done = subprocess.run([*nobody, str(BINARY), "status",
                           "--config", str(tmp_path / "satwatch.json"), "--env-file", str(env_file)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == f"satwatch status: cannot read env file {env_file}: Permission denied (EACCES)\n"
