"""What a new user met in the first week (issue 38), through the real binary: the state-file
commands go on while a rule file on disk is broken, a rejected reload is shown until a reload
succeeds, and a feed that never connected says why it is stale."""
import json
import re
import signal

from conftest import free_port, wait_for
from test_cli import satwatch, worker_config


FEES_HIGH = {"name": "fees-high", "metric": "fee.fastest", "above": 100}
CHEAP = {"name": "cheap", "metric": "fee.economy", "below": 3}


def with_trailing_comma(*rules):
    """A rule file as an editor leaves it: the list of `rules` ends in a comma."""
    return '{"rules": [' + ", ".join(map(json.dumps, rules)) + ",]}"


def connected_worker(feed, workers, rules):
    """A worker on `feed` with `rules` ({file: [rule, …]}), once the feed has it connected."""
    worker = workers(worker_config(feed), rules).start()
    wait_for(lambda: feed.clients() == 1, what="connect")
    return worker
WARNING = "satwatch.json: warning: 1 problem in the rule files (run 'satwatch check' for details); going on with the state file"


def test_state_file_commands_go_on_while_a_rule_file_is_broken(feed, workers):
    worker = connected_worker(feed, workers, {"fees.json": [FEES_HIGH]})
    feed.fees(120)
    config = str(worker.config_path)
    wait_for(lambda: '"firing"' in satwatch("status", "--config", config, "--json").stdout, what="firing in status")
    # The file of the firing rule itself, edited with a trailing comma.
    worker.write_rules("fees.json", with_trailing_comma(FEES_HIGH, CHEAP))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"reload failed; keeping the running config and rules")

    status = satwatch("status", "--config", config)
    assert status.returncode == 0, status.stderr
    assert re.fullmatch(r".*/rules/fees\.json:1:\d+: trailing comma before '\]' \(JSON allows none: remove it\)", status.stderr.splitlines()[0]), status.stderr
    assert status.stderr.splitlines()[-1].endswith(WARNING), status.stderr
    # The worker still runs it: its stored state shows.
    assert re.search(r"^  fees-high +firing", status.stdout, re.M), status.stdout
    history = satwatch("history", "--config", config)
    assert history.returncode == 0 and "fees-high" in history.stdout, history.stderr
    assert history.stderr.splitlines()[-1].endswith(WARNING), history.stderr
    added = satwatch("silence", "add", "--rule", "fees-*", "--for", "1h", "--quiet", "--config", config)
    assert added.returncode == 0, added.stderr
    listed = satwatch("silence", "list", "--config", config)
    assert listed.returncode == 0 and added.stdout.strip() in listed.stdout, listed.stderr
    assert satwatch("purge", "--dead", "--config", config).returncode == 0
    assert satwatch("retry", "--dead", "--config", config).returncode == 0
    # `check` and the commands that need the rules still refuse.
    assert satwatch("check", "--config", config).returncode == 1
    assert worker.stop() == 0


def test_an_unreadable_config_still_stops_the_state_file_commands(tmp_path):
    # Without a readable config the state file is not known: nothing to go on with.
    (tmp_path / "satwatch.json").write_text('{"state": "state.db", "rules": ["rules"],}')
    result = satwatch("status", "--config", str(tmp_path / "satwatch.json"))
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1].endswith("1 problem; run 'satwatch check' for details"), result.stderr


def test_a_rejected_reload_shows_on_healthz_the_page_and_status_until_one_succeeds(feed, workers):
    worker = connected_worker(feed, workers, {"fees.json": [FEES_HIGH]})
    feed.fees(12)
    config = str(worker.config_path)
    code, body = worker.get("/healthz")
    assert code == 200 and "last_reload_rejected" not in json.loads(body), body
    worker.write_rules("cheap.json", with_trailing_comma(CHEAP))
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"reload failed; keeping the running config and rules")

    code, body = worker.get("/healthz")
    rejected = json.loads(body)["last_reload_rejected"]
    assert code == 200, body
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", rejected["at"]), rejected
    assert rejected["problem"].startswith(f"{worker.folder}/rules/cheap.json:1:"), rejected
    code, page = worker.get("/")
    assert code == 200 and "Last reload rejected" in page and "cheap.json:1:" in page, page
    line = f"last reload rejected at {rejected['at']}: {rejected['problem']}"
    wait_for(lambda: line in satwatch("status", "--config", config).stdout, what="the rejection in status")
    report = json.loads(satwatch("status", "--config", config, "--json").stdout)
    assert report["last_reload_rejected"] == rejected, report
    url = f"http://127.0.0.1:{worker.http_port}"
    assert line in satwatch("status", "--url", url).stdout
    assert json.loads(satwatch("status", "--url", url, "--json").stdout)["last_reload_rejected"] == rejected

    (worker.folder / "rules" / "cheap.json").unlink()
    worker.signal(signal.SIGHUP)
    worker.wait_log(r"msg=reloaded")
    code, body = worker.get("/healthz")
    assert code == 200 and "last_reload_rejected" not in json.loads(body), body
    assert "Last reload rejected" not in worker.get("/")[1]
    wait_for(lambda: "last reload rejected" not in satwatch("status", "--config", config).stdout, what="status without it")
    assert json.loads(satwatch("status", "--config", config, "--json").stdout)["last_reload_rejected"] is None
    assert "last reload rejected" not in satwatch("status", "--url", url).stdout
    assert worker.stop() == 0


def test_a_feed_that_never_connected_says_why_it_is_stale(tmp_path, receiver, workers):
    """The feed-stale alert and `status` carry the feed's last connect error, as `/healthz` does
    (a port nobody listens on: refused at once, where a name that does not resolve may take the
    resolver's time)."""
    config = {"feeds": {"mempool": {"url": f"ws://127.0.0.1:{free_port()}/api/v1/ws", "stale_after": "2s"}},
              "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}}, "defaults": {"channels": ["hook"]}}
    worker = workers(config, {"fees.json": [FEES_HIGH]}).start()
    firing = wait_for(lambda: [b for b in receiver.bodies("/alerts") if b["status"] == "firing"], timeout=20, what="feed-stale")
    summary = firing[0]["alerts"][0]["annotations"]["summary"]
    refused = r"last error: .*(refused|[Cc]ouldn't connect)"
    assert re.fullmatch(r"feed mempool has sent nothing for \ds \(stale after 2s\); " + refused + ".*", summary), summary
    reason = json.loads(worker.get("/healthz")[1])["reason"]
    assert re.search(refused, reason), reason
    status = satwatch("status", "--config", str(worker.config_path)).stdout
    line = next(line for line in status.splitlines() if line.startswith("  feed-stale:mempool"))
    assert re.search(r"firing +since \S+ +no feed data yet; " + refused, line), status
    assert worker.stop() == 0


def test_a_compound_rule_shows_the_values_it_was_decided_on(feed, workers):
    """An `all` rule whose parts came in different frames: the page, the API and `status` show
    both parts' values as it decided, neither a part it lacked before nor what it waited for."""
    rule = {"name": "cheap-and-high", "all": [{"metric": "btc.usd", "above": 90000}, {"metric": "fee.economy", "below": 5}]}
    worker = connected_worker(feed, workers, {"r.json": [rule]})
    feed.fees(12, economy=3)  # the feed's first values, saved at once: btc.usd still unknown
    config = str(worker.config_path)
    wait_for(lambda: "fee.economy" in satwatch("status", "--config", config).stdout, what="first values saved")
    feed.push({"conversions": {"time": 1, "USD": 95000}})
    api = lambda: next(r for r in json.loads(worker.get("/api/v1/rules")[1]) if r["rule"] == "cheap-and-high")
    wait_for(lambda: api()["state"] == "firing", what="firing")
    # Numbers as the page writes them (thousands separators or not).
    decided = r"all of: btc\.usd 95\D?000 \(above 90\D?000\), fee\.economy 3 \(below 5\)"
    assert re.fullmatch(decided, api()["criterion"]) and api()["waiting"] is None, api()
    page = worker.get("/")[1]
    assert re.search(decided, page) and "waiting:" not in page and "unknown" not in page, page
    line = wait_for(lambda: next((l for l in satwatch("status", "--config", config).stdout.splitlines()
                                   if l.startswith("  cheap-and-high") and "firing" in l), None), what="status")
    assert "waiting" not in line and re.search(r"decided on btc\.usd 95\D?000, fee\.economy 3$", line), line
    assert worker.stop() == 0


def test_check_hints_ignore_case_prefer_catalog_names_and_skip_knock_ons(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "satwatch.json").write_text(json.dumps({
        "state": "state.db", "rules": ["rules"], "channels": {"console": {"type": "log"}}, "defaults": {"channels": ["console"]},
        "feeds": {"mempool": {"watch": {"addresses": {"shop": "bc1qnotanaddress"}}}}}))
    (tmp_path / "rules" / "r.json").write_text(json.dumps({"rules": [
        {"name": "a", "metric": "address.shop.unconfirmed", "above": 0},
        {"name": "b", "metric": "BTC.USD", "above": 1},
        {"name": "c", "metric": "fees.economy", "below": 3}]}))
    result = satwatch("check", "--config", str(tmp_path / "satwatch.json"), cwd=tmp_path)
    assert result.returncode == 1
    assert [line.split(": ", 1)[1] for line in result.stderr.splitlines()] == [
        'invalid address "bc1qnotanaddress": character 6 ("o") is not a bech32 character',
        'unknown metric "BTC.USD" (did you mean "btc.usd"?)',
        'unknown metric "fees.economy" (did you mean "fee.economy"?)',
        '3 problems in 2 files'], result.stderr


def test_silence_add_takes_amtools_positional_matchers(tmp_path):
    (tmp_path / "satwatch.json").write_text(json.dumps({"state": "state.db", "channels": {"console": {"type": "log"}}}))
    config = str(tmp_path / "satwatch.json")
    added = satwatch("silence", "add", "alertname=fees-high", "rule=fees-*", "--for", "2h", "--config", config)
    assert added.returncode == 0, added.stderr
    assert re.fullmatch(r"silenced rule=~fees-\* alertname=fees-high until \S+\n", added.stderr), added.stderr
    listed = satwatch("silence", "list", "--json", "--config", config)
    assert json.loads(listed.stdout)[0]["matchers"] == [{"rule": "fees-*"}, {"label": "alertname", "value": "fees-high"}], listed.stdout
    stray = satwatch("silence", "add", "fees-high", "--config", config)
    assert stray.returncode == 2
    assert stray.stderr.splitlines()[0] == ('satwatch silence: unexpected argument "fees-high" (name what to silence with '
                                            '--rule GLOB or --match KEY=VALUE, or as amtool does, alertname=NAME)'), stray.stderr


def test_notify_names_the_setting_for_a_server_without_starttls(tmp_path, mailbox):
    (tmp_path / "satwatch.json").write_text(json.dumps({"state": "state.db", "channels": {"mail": {
        "type": "smtp", "url": f"smtp://127.0.0.1:{mailbox.port}", "from": "a@example.test", "to": ["b@example.test"]}}}))
    result = satwatch("notify", "mail", "--config", str(tmp_path / "satwatch.json"))
    assert result.returncode == 1
    assert re.search(r'STARTTLS not offered by the server \(250\); set "tls": "none" if the server offers no TLS at all, '
                     r'or "tls": "tls" for a port that starts with TLS \(465\) \[curl 64: ', result.stderr + result.stdout), result
