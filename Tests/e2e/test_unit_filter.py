"""The hardened unit's system-call filter, applied to the real binary: every command the unit runs
(`check` as ExecStartPre, `run`, a SIGHUP reload) and the ones an operator runs as the service's
user (`status`, `--version`) must live under deploy/satwatch.service's `SystemCallFilter=` lines.
`systemd-analyze verify` accepts a unit whose filter kills the process, so this builds the same
seccomp filter systemd would (sets expanded by `systemd-analyze syscall-filter`, the default action
SIGSYS-kill) with libseccomp, and loads it in the child before exec after dropping to an
unprivileged user, as the unit's `User=` does (SQLite, run as root, makes calls it never makes
as the service's user: fchown of its journal files).

No skip: without root (to drop to that user), libseccomp or the right to load a filter the test
fails and says why."""
import ctypes
import errno
import functools
import os
import re
import shutil
import signal
import subprocess
import tempfile

from conftest import BINARY, ROOT, Worker, wait_for

UNIT = ROOT / "deploy" / "satwatch.service"
SCMP_ACT_KILL_PROCESS = 0x80000000
SCMP_ACT_ALLOW = 0x7FFF0000
NOBODY = 65534  # the unprivileged user and group the commands run as, like the unit's User=satwatch


def scmp_act_errno(number):
    return 0x00050000 | (number & 0xFFFF)


def unit_settings(key):
    return [m.group(1).strip() for m in re.finditer(rf"^{key}=(.*)$", UNIT.read_text(), re.MULTILINE)]


@functools.cache
def expand(name):
    """A syscall name as itself; a `@set` as every syscall in it, nested sets expanded."""
    if not name.startswith("@"):
        return frozenset({name})
    try:
        listed = subprocess.run(["systemd-analyze", "syscall-filter", name], capture_output=True, text=True, check=True)
    except FileNotFoundError:
        raise AssertionError("systemd-analyze (apt install systemd) is needed to expand the unit's system-call sets")
    entries = [line.strip() for line in listed.stdout.splitlines()[1:]]
    names = [e for e in entries if e and not e.startswith("#")]
    assert names, f"systemd-analyze lists nothing for {name}"
    return frozenset().union(*(expand(n) for n in names))


def syscall_filter(lines):
    """(allow-list?, names) as systemd builds them from the unit's SystemCallFilter= lines: the first
    line picks the mode (a plain one starts an allow-list holding @default); after that a line of
    the same polarity as the mode adds its names and a `~` line of the other removes them. An
    empty line starts over."""
    if "" in lines:
        return syscall_filter(lines[len(lines) - lines[::-1].index(""):])
    assert lines, f"{UNIT} has no SystemCallFilter="
    allow_list = not lines[0].startswith("~")
    names = set(expand("@default")) if allow_list else set()
    for line in lines:
        inverted = line.startswith("~")
        listed = set().union(*(expand(n) for n in line.lstrip("~").split()))
        if inverted == allow_list:
            names -= listed
        else:
            names |= listed
    return allow_list, names


def test_filter_semantics_follow_systemd():
    allow_list, names = syscall_filter(["@system-service", "~@privileged @resources", "setpriority"])
    assert allow_list
    assert {"read", "execve", "setpriority"} <= names
    assert not names & {"setrlimit", "sched_setaffinity", "setuid", "chown"}
    assert syscall_filter(["~@resources", "setpriority"]) == (False, expand("@resources") - {"setpriority"})
    assert syscall_filter(["@system-service", "", "~@resources"]) == (False, expand("@resources"))


def confinement():
    """A function for `preexec_fn` that drops the child to NOBODY and loads the unit's filter."""
    assert os.geteuid() == 0, "this test runs the commands as an unprivileged user, like the unit: run it as root"
    try:
        seccomp = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError as error:
        raise AssertionError(f"libseccomp.so.2 is needed to apply the unit's filter (apt install libseccomp2): {error}")
    seccomp.seccomp_init.restype = ctypes.c_void_p
    seccomp.seccomp_init.argtypes = [ctypes.c_uint32]
    seccomp.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    seccomp.seccomp_rule_add.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int, ctypes.c_uint]
    seccomp.seccomp_load.argtypes = [ctypes.c_void_p]

    allow_list, names = syscall_filter(unit_settings("SystemCallFilter"))
    error_number = unit_settings("SystemCallErrorNumber")
    denied = scmp_act_errno(getattr(errno, error_number[-1])) if error_number else SCMP_ACT_KILL_PROCESS
    default, listed = (denied, SCMP_ACT_ALLOW) if allow_list else (SCMP_ACT_ALLOW, denied)
    context = seccomp.seccomp_init(default)
    assert context, "seccomp_init failed"
    for name in sorted(names):
        number = seccomp.seccomp_syscall_resolve_name(name.encode())
        if number < 0:
            continue  # not a syscall on this architecture (systemd skips those too)
        result = seccomp.seccomp_rule_add(context, listed, number, 0)
        assert result == 0, f"seccomp_rule_add({name}) = {result}"

    def load():
        os.setgroups([])
        os.setgid(NOBODY)
        os.setuid(NOBODY)
        result = seccomp.seccomp_load(context)
        if result != 0:
            raise OSError(-result, "seccomp_load failed: loading the unit's filter needs root or no_new_privs")
    return load


def assert_survived(done, command):
    assert done.returncode != -signal.SIGSYS, f"`satwatch {command}` was killed by the unit's system-call filter (SIGSYS)"
    assert done.returncode == 0, (command, done.returncode, getattr(done, "stdout", ""), getattr(done, "stderr", ""))


def confined(binary, arguments, load):
    done = subprocess.run([str(binary), *arguments], capture_output=True, text=True, timeout=60, preexec_fn=load)
    assert_survived(done, " ".join(arguments))
    return done


def test_the_units_commands_run_under_its_system_call_filter(feed, receiver):
    load = confinement()
    # The unprivileged user needs a way to the binary and the files: not under pytest's (or a
    # clone's in /root) root-only folders.
    folder = tempfile.mkdtemp(prefix="satwatch-unit-filter-")
    binary = shutil.copy(BINARY, os.path.join(folder, "satwatch"))
    worker = Worker(folder, {
        "feeds": {"mempool": {"url": feed.url}},
        "channels": {"hook": {"type": "webhook", "url": receiver.url("/alerts")}},
        "defaults": {"channels": ["hook"]},
    }, {"fees.json": [{"name": "fees-high", "metric": "fee.fastest", "above": 10}]})
    worker.binary = binary
    for path in [folder, *(os.path.join(top, name) for top, dirs, files in os.walk(folder) for name in dirs + files)]:
        os.chown(path, NOBODY, NOBODY)
    config = ["--config", str(worker.config_path)]
    try:
        confined(binary, ["--version"], load)
        assert confined(binary, ["check", *config], load).stdout.strip().endswith(": ok (1 feed, 1 channel, 1 rule file, 1 rule)")
        worker.start(confine=load)
        wait_for(lambda: feed.clients() > 0, what="the confined worker to connect to the feed")
        feed.fees(12)
        wait_for(lambda: receiver.requests("/alerts"), what="an alert delivered by the confined worker")
        worker.signal(signal.SIGHUP)
        worker.wait_log(r"msg=reloaded")
        assert worker.get("/healthz")[0] == 200
        worker.stop()
        assert_survived(worker.process, "run")
        assert "fees-high" in confined(binary, ["status", *config], load).stdout
    finally:
        if worker.process and worker.process.poll() is None:
            worker.kill()
        shutil.rmtree(folder)
