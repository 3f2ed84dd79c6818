"""scripts/quietly.sh, which runs each suite of `make test`: a passing suite prints one line with
the runner's closing line (what CI reads) and its time; a failing one prints its whole output and
keeps its exit status. Each suite's output stays in .build/logs/NAME.log."""
import subprocess

import pytest

from conftest import ROOT

QUIETLY = str(ROOT / "scripts" / "quietly.sh")
LOGS = ROOT / ".build" / "logs"


@pytest.fixture(autouse=True)
def remove_logs():
    yield
    for log in LOGS.glob("quietly-*.log"):
        log.unlink()


def run(name, *arguments):
    return subprocess.run([QUIETLY, name, *arguments], capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


def test_a_passing_suite_prints_one_line_ending_in_its_closing_line():
    done = run("quietly-pass", "--", "sh", "-c", "for i in $(seq 500); do echo line $i; done; echo '12 passed in 0.5s'; echo")
    assert done.returncode == 0, done
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("quietly-pass: ok (") and lines[0].endswith(" s): 12 passed in 0.5s"), lines
    assert (LOGS / "quietly-pass.log").read_text().count("\n") == 502


def test_the_summary_is_the_last_line_matching_the_pattern():
    script = "echo '✔ Test run with 3 tests in 1 suites passed after 0.1 seconds.'; echo 'Executed 0 tests'"
    done = run("quietly-summary", "--summary", "Test run with .* (passed|failed)", "--", "sh", "-c", script)
    assert done.returncode == 0, done
    assert done.stdout.rstrip("\n").endswith("s): ✔ Test run with 3 tests in 1 suites passed after 0.1 seconds."), done.stdout


def test_a_failing_suite_prints_its_whole_output_and_keeps_its_status():
    done = run("quietly-fail", "--", "sh", "-c", "echo first; echo second >&2; echo last; exit 3")
    assert done.returncode == 3, done
    lines = done.stdout.splitlines()
    assert lines[:3] == ["first", "second", "last"], lines
    assert lines[3].startswith("quietly-fail: FAILED (exit 3, "), lines
