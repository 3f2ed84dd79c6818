"""Every example in README.md and docs/*.md still runs (issue 39), through the real binary.

Each ```json block is recognised by what it holds: a config has `feeds`, `channels` or `state`
(`satwatch check` runs on it as written); a rule file has `rules` as a list of rules (`check` runs
on it beside a config that enables every feed and defines the channels it names); a rule test has
`tests` (`satwatch test` runs it next to the repository's `rules/`). A block that is only part of
a file (a feed's entry, one rule, one channel) is marked by `<!-- fragment -->` on the line before
it; every other block must be one of the three whole files, so a broken whole example cannot pass
for a fragment. `${NAME}` secrets get placeholder values. Every relative link and `#anchor` of
those pages must resolve too.
"""
import json
import os
import re
import subprocess
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest

from conftest import BINARY, ROOT, wait_for

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FRAGMENT = "<!-- fragment -->"
CONFIG_KEYS = {"feeds", "channels", "state"}

# What a rule file is checked beside: every feed, with the pairs, coins, instruments, news
# sources and watched names the docs' rules read, and the portfolio and derived metric they name.
RULE_FILE_CONFIG = {
    "state": "state.db",
    "rules": ["rules"],
    "feeds": {
        "mempool": {"watch": {"addresses": {"shop": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
                                            "cold": "1FsSia9rv4NeEwvJ2GvXrX7LyxYspbN2mo"},
                              "transactions": {"rent": "e9b1c3a5f7d90b2d4f6a8c0e1b3d5f7a9c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d"}}},
        "coinbase": {"products": ["BTC-USD", "ETH-USD", "BTC-EUR"]},
        "kraken": {"symbols": ["BTC/USD", "ETH/EUR"]},
        "coinmetrics": {},
        "coingecko": {"coins": {"eth": "ethereum", "sol": "solana"}, "vs": ["usd", "eur"]},
        "binance": {"symbols": ["BTCUSDT", "ETHUSDT", "ETHBTC"]},
        "deribit": {"volatility": ["btc", "eth"], "instruments": ["BTC-PERPETUAL", "BTC-27DEC26-100000-C"]},
        "binance_futures": {"symbols": ["BTCUSDT", "ETHUSDT"]},
        "news": {"sources": {"coindesk": "https://www.coindesk.com/arc/outboundfeeds/rss/"}},
    },
    "portfolios": {"main": {"currency": "usd", "holdings": {"btc": 0.5, "eth": 2}}},
    "derived": {"fee.usd": "fee.fastest * 140 * btc.usd / 1e8"},
    "defaults": {"channels": ["console"]},
}


@dataclass(frozen=True)
class Example:
    """One ```json block: where it is, what it says, and whether it is marked as a fragment."""
    page: Path
    line: int
    text: str
    fragment: bool

    @property
    def place(self):
        return f"{self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page}:{self.line}"


def json_examples(page):
    """Every ```json block of `page` (the line of its opening fence)."""
    lines, examples, k = page.read_text().splitlines(), [], 0
    while k < len(lines):
        if lines[k].strip() == "```json":
            end = next(j for j in range(k + 1, len(lines)) if lines[j].strip() == "```")
            before = next((lines[j].strip() for j in range(k - 1, -1, -1) if lines[j].strip()), "")
            examples.append(Example(page, k + 1, "\n".join(lines[k + 1:end]), before == FRAGMENT))
            k = end
        k += 1
    return examples


def kind_of(example):
    """`fragment`, `config`, `rules` or `tests`; anything else is a mistake named at its place."""
    if example.fragment:
        return "fragment"
    try:
        value = json.loads(example.text)
    except json.JSONDecodeError as error:
        raise AssertionError(f"{example.place}: not a whole JSON file ({error}); "
                             f"if it is a part of one, put {FRAGMENT} on the line before it") from None
    if isinstance(value, dict) and "tests" in value:
        return "tests"
    if isinstance(value, dict) and CONFIG_KEYS & value.keys():
        return "config"
    if isinstance(value, dict) and isinstance(value.get("rules"), list) and all(isinstance(r, dict) for r in value["rules"]):
        return "rules"
    raise AssertionError(f"{example.place}: neither a config, a rule file nor a rule test; "
                         f"if it is a part of one, put {FRAGMENT} on the line before it")


def placeholder_environment(text):
    """The environment with a plausible value for every `${NAME}` the example reads."""
    environment = dict(os.environ)
    for name in set(re.findall(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", text)):
        if "URL" in name:
            environment[name] = "https://hooks.example.com/services/T000/B000/XXXXXXXX"
        elif "TOPIC" in name:
            environment[name] = "satwatch-topic"
        else:
            environment[name] = "placeholder-secret-0123456789"
    return environment


def run_example(example, folder):
    """Runs `check` or `test` on the example in `folder`; returns (kind, completed process or None)."""
    kind = kind_of(example)
    if kind == "fragment":
        return kind, None
    environment = placeholder_environment(example.text)
    (folder / "rules").mkdir(exist_ok=True)
    if kind == "config":
        (folder / "satwatch.json").write_text(example.text)
        command = ["check", "--config", str(folder / "satwatch.json")]
    elif kind == "rules":
        (folder / "rules" / "example.json").write_text(example.text)
        names = {name for rule in json.loads(example.text)["rules"] for name in rule.get("channels", [])}
        channels = {name: {"type": "log"} for name in names | {"console"}}
        (folder / "satwatch.json").write_text(json.dumps({**RULE_FILE_CONFIG, "channels": channels}))
        command = ["check", "--config", str(folder / "satwatch.json")]
    else:
        # A rule test names rule files relative to itself, as the shipped ones in rule-tests/ do.
        (folder / "rules").rmdir()
        (folder / "rules").symlink_to(ROOT / "rules")
        (folder / "rule-tests").mkdir()
        (folder / "rule-tests" / "example.test.json").write_text(example.text)
        command = ["test", str(folder / "rule-tests" / "example.test.json")]
    result = subprocess.run([str(BINARY), *command], capture_output=True, text=True, timeout=60, cwd=folder,
                            env=environment)
    return kind, result


def github_slug(heading):
    """The anchor GitHub gives a heading: its text lowercased, punctuation dropped, spaces as `-`."""
    text = re.sub(r"`|\*\*|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip())
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def without_fences(text):
    """The page with its fenced blocks blanked, lines kept (a `#` line there is no heading)."""
    return re.sub(r"^```.*?^```", lambda block: "\n" * block.group(0).count("\n"), text, flags=re.S | re.M)


def without_code(text):
    """The page without fenced blocks and inline code spans (a link written there is no link)."""
    return re.sub(r"(`+).+?\1", "", without_fences(text))


def anchors(page):
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6} (.+)$", without_fences(page.read_text()), re.M):
        slug = github_slug(heading)
        found.add(slug if slug not in seen else f"{slug}-{seen[slug]}")
        seen[slug] = seen.get(slug, 0) + 1
    return found


def broken_links(page):
    """Each relative link or `#anchor` of `page` that leads nowhere, as `page:line: target: why`."""
    problems, text = [], without_code(page.read_text())
    for match in re.finditer(r"\]\(([^)\s]+)\)", text):
        target = match.group(1)
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto:, file: are not files of the repository
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        line = text.count("\n", 0, match.start()) + 1
        if not resolved.exists():
            problems.append(f"{page.name}:{line}: {target}: no such file")
        elif anchor and (resolved.suffix != ".md" or anchor not in anchors(resolved)):
            problems.append(f"{page.name}:{line}: {target}: no heading with that anchor")
    return problems


def first_config_section():
    """The README's walk-through: its config, its rule file, and the rule that fires at once."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## A first config", 1)[1].split("\n## ", 1)[0]
    config, rules = (json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)[:2])
    hello = json.loads(re.search(r'`(\{"name": "hello".*?\})`', section).group(1))
    return config, rules, hello


EXAMPLES = [example for page in PAGES for example in json_examples(page)]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda example: example.place)
def test_example_runs(example, tmp_path):
    kind, result = run_example(example, tmp_path)
    if result is not None:
        assert result.returncode == 0, f"{example.place}: satwatch {kind} example fails:\n{result.stdout}{result.stderr}"


def test_the_pages_hold_whole_examples_of_each_kind():
    kinds = [kind_of(example) for example in EXAMPLES]
    assert {"config", "rules", "tests"} <= set(kinds), kinds


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_and_anchor_resolves(page):
    assert broken_links(page) == []


def test_every_docs_page_links_back_to_the_readme_and_the_readme_to_it():
    readme = (ROOT / "README.md").read_text()
    for page in PAGES[1:]:
        assert "](../README.md)" in page.read_text(), page.name
        assert f"](docs/{page.name}" in readme, page.name


def test_a_broken_example_or_link_is_found(tmp_path):
    # The same checks on a page with one mistake of each kind: they must fail.
    page = tmp_path / "broken.md"
    page.write_text("\n".join([
        "# Broken", "", "[gone](missing.md) [nowhere](#no-such-heading) [fine](#broken)", "",
        "```json", '{"state": "s.db", "chanels": {}}', "```", "",
        "```json", '{"rules": [{"name": "r", "metric": "btc.usdd", "above": 1}]}', "```", "",
        "```json", '{"rules": [], "tests": [{"name": "t", "samples": [], "expect": [{"at": "1s", "rule": "r", "status": "firing"}]}]}',
        "```", "",
        "```json", '"feeds": {"mempool": {}}', "```", "",
        FRAGMENT, "```json", '"feeds": {"mempool": {}}', "```", ""]))
    examples = json_examples(page)
    outcomes = []
    for number, example in enumerate(examples):
        folder = tmp_path / str(number)
        folder.mkdir()
        try:
            kind, result = run_example(example, folder)
            outcomes.append((kind, None if result is None else result.returncode))
        except AssertionError as error:
            outcomes.append(("refused", str(error).split(":")[1]))
    assert outcomes == [("config", 1), ("rules", 1), ("tests", 1), ("refused", "17"), ("fragment", None)]
    assert broken_links(page) == ["broken.md:3: missing.md: no such file",
                                  "broken.md:3: #no-such-heading: no heading with that anchor"]


def test_the_readmes_first_config_delivers_a_first_mail_and_chat_message(feed, receiver, mailbox, workers, monkeypatch):
    # The walk-through as written, its servers swapped for local peers (the mail peer speaks
    # plain SMTP without AUTH): notify sends the first mail, and the worker delivers the rule
    # that holds at once to the mail and the chat channel.
    config, rules, hello = first_config_section()
    config["feeds"]["coinbase"]["url"] = feed.url
    mail = config["channels"]["mail"]
    mail.update(url=f"smtp://127.0.0.1:{mailbox.port}", tls="none")
    del mail["username"], mail["password"]
    monkeypatch.setenv("SLACK_WEBHOOK_URL", receiver.url("/slack"))
    worker = workers(config, {"btc.json": rules["rules"] + [hello]})

    notified = subprocess.run([str(BINARY), "notify", "mail", "--config", str(worker.config_path)],
                              capture_output=True, text=True, timeout=60)
    assert notified.returncode == 0, notified.stderr
    assert len(mailbox.messages()) == 1

    worker.start()
    wait_for(lambda: feed.clients() == 1, what="the worker to connect to the feed")
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    feed.push({"type": "subscriptions", "channels": [{"name": "ticker", "product_ids": ["BTC-USD"]}]})
    feed.push({"type": "ticker", "sequence": int(time.time()), "product_id": "BTC-USD", "price": "92284.61", "time": now})
    wait_for(lambda: len(mailbox.messages()) == 2 and receiver.requests("/slack"), what="the hello alert by mail and in Slack")
    assert "hello" in json.dumps(mailbox.messages()[1]) and "hello" in json.dumps(receiver.bodies("/slack")[0])
