"""The chaos suite: each test breaks the world for the real `satwatch` binary (a full disk, a
damaged file, a second copy, hostile peers and clients, failing services) and checks one promise
of the contract's "Operating for months".

Each test reports one row through the `chaos` fixture: the fault, what was promised, what was
measured, pass or fail. `make chaos` runs the long form (CHAOS_LONG=1: more load, longer runs)
and prints the table; `make test` runs the short form of every row.
"""
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

import pytest

_E2E = Path(__file__).resolve().parents[1] / "e2e" / "conftest.py"
_spec = importlib.util.spec_from_file_location("e2e_support", _E2E)
e2e_support = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(e2e_support)

# The e2e peers and helpers, for the chaos tests to import from here.
Feed, Receiver, Mailbox, Worker = e2e_support.Feed, e2e_support.Receiver, e2e_support.Mailbox, e2e_support.Worker
Alertmanager, alertmanagers = e2e_support.Alertmanager, e2e_support.alertmanagers
wait_for, metrics, free_port, BINARY = e2e_support.wait_for, e2e_support.metrics, e2e_support.free_port, e2e_support.BINARY
all_sent, timed_request = e2e_support.all_sent, e2e_support.timed_request
feed, receiver, mailbox, workers = e2e_support.feed, e2e_support.receiver, e2e_support.mailbox, e2e_support.workers

LONG = os.environ.get("CHAOS_LONG") == "1"
_ROWS = []


@dataclass
class Row:
    fault: str
    promised: str
    measured: str
    passed: bool


class Chaos:
    """What a chaos test gets: `long` (True under `make chaos`) and `row(...)` to report."""

    def __init__(self, name):
        self.name = name
        self.long = LONG
        self.reported = False

    def row(self, fault, promised, measured, passed):
        _ROWS.append(Row(fault, promised, measured, bool(passed)))
        self.reported = True
        assert passed, f"{fault}: promised {promised}; measured {measured}"


@pytest.fixture
def chaos(request):
    state = Chaos(request.node.name)
    yield state
    if not state.reported:
        _ROWS.append(Row(request.node.name, "(test ended before measuring)", "error", False))


def pytest_terminal_summary(terminalreporter):
    if not _ROWS:
        return
    lines = ["| fault | promised | measured | result |", "|---|---|---|---|"]
    lines += [f"| {r.fault} | {r.promised} | {r.measured} | {'pass' if r.passed else 'FAIL'} |" for r in _ROWS]
    table = "\n".join(lines)
    terminalreporter.write_sep("=", f"chaos table ({'long' if LONG else 'short'} form)")
    terminalreporter.write_line(table)
    out = Path(__file__).resolve().parents[2] / ".build" / ("chaos-table-long.md" if LONG else "chaos-table.md")
    out.parent.mkdir(exist_ok=True)
    out.write_text(table + "\n")
