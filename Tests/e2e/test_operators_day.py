"""What a new user met on a fresh clone (issue 21), through the real binary: `check` names the
pair to add for a price not configured, a link to an enclosing folder is never followed,
`record` with nothing received fails, `replay` says what it went through, and the README's
replay sample is what `replay` prints."""
import json
import os
import re
import subprocess

from conftest import BINARY, ROOT, FEED_FIXTURES, free_port

# The README and the pages of docs/ it leads to, where its reference moved.
README = "\n".join(page.read_text() for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))])


def satwatch(*args, cwd=None):
    return subprocess.run([str(BINARY), *args], capture_output=True, text=True, timeout=60, cwd=cwd)


def write_config(folder, feeds, rules, **extra):
    (folder / "rules").mkdir(exist_ok=True)
    (folder / "rules" / "r.json").write_text(json.dumps({"rules": rules}))
    config = {"state": "state.db", "rules": ["rules"], "feeds": feeds, "channels": {"console": {"type": "log"}},
              "defaults": {"channels": ["console"]}, **extra}
    (folder / "satwatch.json").write_text(json.dumps(config))
    return folder / "satwatch.json"


def test_check_names_the_pair_to_add_for_the_readmes_eth_rule(tmp_path):
    # The README's reference config (coinbase BTC-USD) and its ETH rule; kraken and a portfolio in GBP.
    config = write_config(tmp_path, {"coinbase": {"products": ["BTC-USD"]}},
                          [{"name": "eth-above-5000", "metric": "eth.usd", "above": 5000}])
    result = satwatch("check", "--config", str(config))
    assert result.returncode == 1
    assert result.stderr.splitlines()[0].endswith(
        ': no enabled feed publishes "eth.usd" (add "ETH-USD" to coinbase "products")'), result.stderr
    config = write_config(tmp_path, {"mempool": {}, "kraken": {"symbols": ["BTC/USD", "ETH/EUR"]}},
                          [{"name": "eth-gbp", "metric": "eth.gbp", "above": 5000}],
                          portfolios={"main": {"currency": "gbp", "holdings": {"btc": 1, "eth": 2}}})
    result = satwatch("check", "--config", str(config))
    assert result.returncode == 1
    assert [line.split(": ", 1)[1] for line in result.stderr.splitlines()[:2]] == [
        'no enabled feed publishes "eth.gbp" (add "ETH/GBP" to kraken "symbols")'] * 2, result.stderr


def test_a_link_to_an_enclosing_folder_is_skipped_with_a_warning(tmp_path):
    config = write_config(tmp_path, {"mempool": {}}, [{"name": "hot", "metric": "fee.fastest", "above": 10}])
    (tmp_path / "rules" / "loop").symlink_to("..")
    result = satwatch("check", "--config", str(config))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines() == [f'{tmp_path}/rules/loop: warning: symbolic link to an enclosing folder (".."), skipped']
    assert result.stdout == f"{config}: ok (1 feed, 1 channel, 1 rule file, 1 rule, 1 warning)\n"


def test_record_with_nothing_received_fails_and_says_so(tmp_path):
    # A port nobody listens on: every connect is refused.
    config = write_config(tmp_path, {"mempool": {"url": f"ws://127.0.0.1:{free_port()}/api/v1/ws"}},
                          [{"name": "hot", "metric": "fee.fastest", "above": 10}])
    out = tmp_path / "session.rec"
    result = satwatch("record", "--config", str(config), "--feed", "mempool", "--out", str(out), "--duration", "2s")
    assert result.returncode == 1, result.stderr
    last = result.stderr.splitlines()[-1]
    assert re.fullmatch(rf"satwatch record: no frame received from mempool in 2s \(last error: .*(refused|Couldn't connect).*\); {out} holds nothing",
                        last), last


def test_replay_without_a_notification_prints_a_summary(tmp_path):
    config = write_config(tmp_path, {"mempool": {}}, [{"name": "hot", "metric": "fee.fastest", "above": 1000}])
    result = satwatch("replay", "--config", str(config), "--input", str(FEED_FIXTURES / "mempool-ws-fees.jsonl"),
                      "--feed", "mempool", "--start", "2025-12-10T14:02:00Z")
    assert (result.returncode, result.stdout) == (0, "")
    assert re.fullmatch(r"satwatch replay: 0 notifications from 1 rule over \d+ frames "
                        r"\(2025-12-10T14:02:00\.000Z to 2025-12-10T14:\d\d:\d\d\.\d{3}Z\)\n", result.stderr), result.stderr


def test_the_readmes_replay_sample_is_what_replay_prints(tmp_path):
    block = re.search(r"```\n(\$ satwatch replay --config my\.json .*?)```", README, re.S).group(1).splitlines()
    command, printed = block[0], block[1:]
    write_config(tmp_path, {"mempool": {}}, [{"name": "fastest-above-10", "metric": "fee.fastest", "above": 10}])
    (tmp_path / "satwatch.json").rename(tmp_path / "my.json")
    arguments = command.split()[2:]
    arguments[arguments.index("--input") + 1] = str(ROOT / arguments[arguments.index("--input") + 1])
    result = satwatch(*arguments, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() + result.stderr.splitlines() == printed


def test_the_unit_is_verified_once_the_binary_is_installed(tmp_path):
    # `systemd-analyze verify` checks that ExecStart's program exists: the shipped unit fails it
    # before installing, so the by-hand steps verify after installing the binary ...
    steps = re.search(r"## By hand\n```sh\n(.*?)```", (ROOT / "deploy" / "README.md").read_text(), re.S).group(1).splitlines()
    installed = next(i for i, step in enumerate(steps) if "/usr/local/bin/satwatch" in step and step.startswith("sudo install"))
    verified = next(i for i, step in enumerate(steps) if "systemd-analyze verify /etc/systemd/system/satwatch.service" in step)
    assert installed < verified
    unit = (ROOT / "deploy" / "satwatch.service").read_text()
    shipped = subprocess.run(["systemd-analyze", "verify", str(ROOT / "deploy" / "satwatch.service")], capture_output=True, text=True,
                             timeout=60)
    if not os.path.exists("/usr/local/bin/satwatch"):
        assert shipped.returncode != 0 and "/usr/local/bin/satwatch is not executable" in shipped.stderr, shipped.stderr
    # ... where it passes, as with the program in place.
    (tmp_path / "satwatch.service").write_text(unit.replace("/usr/local/bin/satwatch", str(BINARY)))
    placed = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "satwatch.service")], capture_output=True, text=True, timeout=60)
    assert placed.returncode == 0, placed.stderr
