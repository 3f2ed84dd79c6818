"""The command line as a user meets it: --version, check's streams, shell completion in real
shells, and the HTTP endpoint's `http` settings (null, port 0) with their log lines and metrics."""
import json
import os
import re
import shutil
import signal
import subprocess

from conftest import BINARY, ROOT, metrics, wait_for


def satwatch(*args, **kwargs):
    return subprocess.run([str(BINARY), *args], capture_output=True, text=True, timeout=60, **kwargs)


def worker_config(feed, **extra):
    base = {"feeds": {"mempool": {"url": feed.url, "stale_after": "30s"}},
            "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}
    base.update(extra)
    return base


def test_version_names_the_source_revision():
    result = satwatch("--version")
    assert result.returncode == 0
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"], capture_output=True, text=True)
    revision = head.stdout.strip() if head.returncode == 0 else "unknown"
    assert re.fullmatch(rf"satwatch \d+\.\d+\.\d+ \(revision {revision}\)\n", result.stdout), result.stdout


def test_check_prints_problems_on_stderr_and_the_reason_a_file_cannot_be_read(tmp_path):
    missing = tmp_path / "satwatch.json"
    result = satwatch("check", "-c", str(missing))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [
        f"{missing}: cannot read: No such file or directory (pass --config FILE or set SATWATCH_CONFIG; "
        "deploy/satwatch.json in the source tree is a working example)",
        f"{missing}: 1 problem in 1 file"]
    missing.write_text('{"rules": [], "stat": "x.db"}')
    result = satwatch("check", "--config", str(missing))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines() == [f'{missing}:1:15: unknown key "stat" (did you mean "state"?)',
                                          f'{missing}: warning: no rules loaded ("rules" names no file or folder)',
                                          f"{missing}: 1 problem in 1 file, 1 warning"]


def test_bash_completion_completes_commands_options_feeds_channels_and_files(tmp_path):
    (tmp_path / "satwatch.json").write_text("{}")
    (tmp_path / "other.json").write_text('{"channels": {"team": {"type": "slack", "url": "${UNSET}"}, "mail": {"type": "log"}}}')
    script = tmp_path / "completion.bash"
    script.write_text(satwatch("completion", "bash").stdout)
    driver = f"""
        source {script}
        complete -p satwatch
        show() {{ COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _satwatch; echo $(printf '%s\\n' "${{COMPREPLY[@]}}" | sort); }}
        show satwatch st
        show satwatch re
        show satwatch record --f
        show satwatch record --feed mem
        show satwatch check -c sat
        show satwatch check --config ""
        show satwatch replay --config satwatch.json --
        show satwatch help pu
        show satwatch completion ""
        show satwatch record --duration ""
        show satwatch silence ""
        show satwatch silence --config satwatch.json e
        show satwatch silence add --q
        show satwatch notify -c other.json ""
        show satwatch notify --config=other.json t
        show satwatch notify -c other.json team ""
        show satwatch history --config other.json --channel ""
        show satwatch status --e
        show satwatch status --url ""
        show satwatch status --env-file ""
    """
    # Channel names come from `satwatch completion channels`, the satwatch on the PATH.
    path = f"{BINARY.parent}:{os.environ['PATH']}"
    result = subprocess.run(["bash", "--norc", "--noprofile", "-c", driver], cwd=tmp_path, capture_output=True, text=True, timeout=30,
                            env={**os.environ, "PATH": path})
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "complete -o filenames -F _satwatch satwatch",
        "status",
        "record replay retry",
        "--feed",
        "mempool",
        "satwatch.json",
        "completion.bash other.json satwatch.json",
        "--config --dispatch --env-file --feed --help --input --start",
        "purge",
        "bash zsh",
        "",
        "add expire list",
        "expire",
        "--quiet",
        "mail team",
        "team",
        "",
        "mail team",
        "--env-file",
        "",
        "completion.bash other.json satwatch.json",
    ]


def test_zsh_completion_is_valid_zsh_and_registers_itself(tmp_path):
    zsh = shutil.which("zsh")
    assert zsh, "zsh is installed by scripts/install-deps.sh"
    script = tmp_path / "_satwatch"
    script.write_text(satwatch("completion", "zsh").stdout)
    assert script.read_text().startswith("#compdef satwatch\n")
    checked = subprocess.run([zsh, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    loaded = subprocess.run([zsh, "-f", "-c", f"autoload -Uz compinit && compinit -u -D && source {script} && print -r -- $_comps[satwatch]"],
                            capture_output=True, text=True, timeout=30)
    assert (loaded.returncode, loaded.stdout) == (0, "_satwatch\n"), loaded.stderr


def test_http_null_turns_the_endpoint_off(feed, workers):
    worker = workers(worker_config(feed, http=None), {}).start()
    assert re.search(r"msg=started .*http=off", worker.log_text()), worker.log_text()
    assert "http endpoint" not in worker.log_text()
    assert worker.stop() == 0


def test_port_zero_logs_the_port_bound_and_reloads_show_on_metrics(feed, workers):
    worker = workers(worker_config(feed, http={"listen": "127.0.0.1:0"}), {}).start()
    match = worker.wait_log(r'msg="http endpoint listening" address=127\.0\.0\.1:(\d+)')
    worker.http_port = int(match.group(1))
    assert worker.http_port != 0
    values = metrics(worker)
    build = [labels for (name, labels) in values if name == "satwatch_build_info"]
    assert len(build) == 1 and dict(build[0])["revision"] == satwatch("--version").stdout.split("revision ")[1].rstrip(")\n")
    assert values[("satwatch_config_last_reload_successful", ())] == 1
    loaded = values[("satwatch_config_last_reload_success_timestamp_seconds", ())]
    assert loaded > 0
    worker.write_rules("broken.json", '{"rules": [{"name": "x", "metric": "fee.fastestt", "above": 1}]}')
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"reload failed; keeping the running config and rules")
    values = metrics(worker)
    assert values[("satwatch_config_last_reload_successful", ())] == 0
    assert values[("satwatch_config_last_reload_success_timestamp_seconds", ())] == loaded
    (worker.folder / "rules" / "broken.json").unlink()
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded")
    # A reload keeps the listener (port 0 included: it does not move to another port).
    assert len(re.findall(r'msg="http endpoint listening"', worker.log_text())) == 1
    values = metrics(worker)
    assert values[("satwatch_config_last_reload_successful", ())] == 1
    assert values[("satwatch_config_last_reload_success_timestamp_seconds", ())] >= loaded
    assert worker.stop() == 0


def test_check_bounds_the_length_of_names_paths_labels_and_messages(tmp_path):
    """A state path of a megabyte (from the env file, as a variable would bring it), and a rule
    name, label and message beyond their bounds: each refused at its place."""
    (tmp_path / "satwatch.env").write_text("STATE=" + "s" * 1_000_000 + "\n")
    (tmp_path / "satwatch.json").write_text(json.dumps({
        "state": "${STATE}", "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]}}))
    (tmp_path / "rules").mkdir()
    rule = {"name": "n" * 201, "metric": "fee.fastest", "above": 1, "labels": {"team": "l" * 1025}, "message": "m" * 8193}
    (tmp_path / "rules" / "r.json").write_text(json.dumps({"rules": [rule]}))
    result = satwatch("check", "-c", "satwatch.json", "--env-file", "satwatch.env", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.splitlines()
    assert "satwatch.json:1:11: too long: 1000000 bytes (a path is at most 4096)" in lines, lines
    assert any(line.endswith("rules/r.json:1:21: too long: 201 characters (a rule name is at most 200)") for line in lines), lines
    assert any(line.endswith(": too long: 1025 characters (a label value is at most 1024)") for line in lines), lines
    assert any(line.endswith(": too long: 8193 characters (a message is at most 8192)") for line in lines), lines


def test_replay_prints_a_feed_stale_alert_for_a_gap_past_stale_after(tmp_path):
    """Raw frames paced by their .offsets file, 8 s apart with `stale_after: 3s`, then every 2 s:
    replay prints the feed's `feed-stale:` alert firing 3 s into the gap and resolved once the
    feed has delivered for a steady minute, on `defaults.channels`, as the worker sends it."""
    config = {"state": str(tmp_path / "state.db"), "rules": [str(tmp_path / "rules")],
              "feeds": {"mempool": {"url": "ws://127.0.0.1:9", "stale_after": "3s"}},
              "channels": {"console": {"type": "log"}, "ops": {"type": "log"}}, "defaults": {"channels": ["ops"]}}
    (tmp_path / "satwatch.json").write_text(json.dumps(config))
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "r.json").write_text(json.dumps({"rules": [
        {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["console"]}]}))
    offsets = [0, 1000] + list(range(9000, 72000, 2000))
    fees = [12, 12] + [5] * (len(offsets) - 2)
    (tmp_path / "frames.jsonl").write_text("".join(json.dumps({"fees": {"fastestFee": fee}}) + "\n" for fee in fees))
    (tmp_path / "frames.offsets").write_text("".join(f"{offset}\n" for offset in offsets))
    replayed = satwatch("replay", "-c", "satwatch.json", "--input", "frames.jsonl", "--feed", "mempool",
                        "--start", "2025-12-10T14:02:00Z", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    lines = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert [(line["rule"], line["status"], line["at"][11:19]) for line in lines] == [
        ("fees-high", "firing", "14:02:00"), ("feed-stale:mempool", "firing", "14:02:04"),
        ("fees-high", "resolved", "14:02:09"), ("feed-stale:mempool", "resolved", "14:03:09")], lines
    stale = lines[1]
    assert (stale["metric"], stale["value"], stale["threshold"], stale["channels"]) == ("feed.mempool", 3, 3, ["ops"]), stale
    assert f"4 notifications from 1 rule over {len(offsets)} frames" in replayed.stderr, replayed.stderr


def test_every_time_is_written_with_milliseconds(tmp_path, receiver):
    """Whole seconds keep their `.000`: every time has one width, so sorting the text sorts the
    times (`…:00Z` sorted after `…:00.400Z`). Replayed at a whole second, dispatched to a webhook,
    and a silence until a whole second."""
    config = {"state": str(tmp_path / "state.db"), "rules": [str(tmp_path / "rules")],
              "feeds": {"mempool": {"url": "ws://127.0.0.1:9"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/replayed")}},
              "defaults": {"channels": ["hook"]}}
    (tmp_path / "satwatch.json").write_text(json.dumps(config))
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "r.json").write_text(json.dumps({"rules": [
        {"name": "fees-high", "metric": "fee.fastest", "above": 10, "channels": ["hook"]}]}))
    (tmp_path / "frames.jsonl").write_text(json.dumps({"fees": {
        "fastestFee": 12, "halfHourFee": 12, "hourFee": 12, "economyFee": 1, "minimumFee": 1}}) + "\n")
    replayed = satwatch("replay", "-c", "satwatch.json", "--input", "frames.jsonl", "--feed", "mempool",
                        "--start", "2025-12-10T14:02:00Z", "--dispatch", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert [json.loads(line)["at"] for line in replayed.stdout.splitlines()] == ["2025-12-10T14:02:00.000Z"]
    wait_for(lambda: receiver.requests("/replayed"), what="the dispatched webhook")
    alert = receiver.bodies("/replayed")[0]["alerts"][0]
    assert alert["startsAt"] == "2025-12-10T14:02:00.000Z", alert
    assert satwatch("silence", "add", "--rule", "fees-*", "--until", "2099-01-01T00:00:00Z", "-c", "satwatch.json",
                    cwd=tmp_path).returncode == 0
    listed = json.loads(satwatch("silence", "list", "--json", "-c", "satwatch.json", cwd=tmp_path).stdout)
    assert [silence["ends_at"] for silence in listed] == ["2099-01-01T00:00:00.000Z"]
    assert "until 2099-01-01T00:00:00.000Z" in satwatch("silence", "list", "-c", "satwatch.json", cwd=tmp_path).stdout


def test_without_zoneinfo_a_location_says_to_install_tzdata_once(tmp_path):
    """A system without the tzdata package (a slim container): /usr/share is hidden in a mount
    namespace of our own. The location says what to install; the channel and the rule naming
    the interval add no second, misleading "unknown time interval"."""
    night = [{"times": [{"start_time": "22:00", "end_time": "07:00"}], "location": "Europe/Berlin"}]
    config = {"state": "state.db", "rules": ["rules"], "feeds": {"mempool": {"url": "ws://127.0.0.1:9"}},
              "channels": {"console": {"type": "log", "mute_during": ["night"]}}, "defaults": {"channels": ["console"]},
              "time_intervals": {"night": night}}
    (tmp_path / "satwatch.json").write_text(json.dumps(config, indent=1))
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "r.json").write_text(json.dumps({"rules": [
        {"name": "fees-high", "metric": "fee.fastest", "above": 10, "mute_during": ["night"]}]}))
    hidden = subprocess.run(["unshare", "--map-root-user", "--mount", "sh", "-c",
                             'mount -t tmpfs none /usr/share && exec "$0" "$@"', str(BINARY), "check", "-c", "satwatch.json"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    line = next(number for number, text in enumerate((tmp_path / "satwatch.json").read_text().splitlines(), 1)
                if "Europe/Berlin" in text)
    column = (tmp_path / "satwatch.json").read_text().splitlines()[line - 1].index('"Europe/Berlin"') + 1
    assert hidden.stderr.splitlines() == [
        f'satwatch.json:{line}:{column}: unknown location "Europe/Berlin": there is no time zone data '
        "(/usr/share/zoneinfo is missing; install the tzdata package)",
        "satwatch.json: 1 problem in 1 file"], hidden.stderr
    assert hidden.returncode == 1


def test_status_shows_a_feeds_first_values_at_once(feed, workers):
    """`status` reads what the worker saved: a feed's first values are saved at once, not with the
    minute's flush, so it never says `no feed data yet` for a feed that delivered seconds ago."""
    rule = {"name": "fees-high", "metric": "fee.fastest", "above": 100}
    worker = workers(worker_config(feed), {"fees.json": [rule]}).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    feed.fees(12)

    def saved():
        report = json.loads(satwatch("status", "--config", str(worker.config_path), "--json").stdout)
        return {m["metric"]: m["value"] for m in report["metrics"]}.get("fee.fastest") == 12

    # Well within the minute's flush (60 s) the state file has the value.
    wait_for(saved, timeout=15, what="fee.fastest in status")
    text = satwatch("status", "--config", str(worker.config_path)).stdout
    assert "feed data at" in text and "no feed data yet" not in text, text
    assert worker.stop() == 0
