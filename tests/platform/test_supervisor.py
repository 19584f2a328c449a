"""The embedded runner's supervisor: a process that dies is started again, with a back-off."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from config.supervisor import Supervisor, read_procfile, shell

REPO = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _exited(supervisor: Supervisor) -> None:
    for child in supervisor.children:
        if child.proc is not None:
            child.proc.wait(timeout=10)


def test_a_crashing_process_is_restarted_after_a_doubling_backoff_that_resets_once_stable() -> None:
    lines: list[str] = []
    clock = Clock()
    supervisor = Supervisor(
        {"crasher": shell("sh -c 'exit 3'")}, env={}, cwd=REPO, say=lines.append, clock=clock
    )
    supervisor.start_all()
    (child,) = supervisor.children
    waits = []
    for _ in range(7):
        _exited(supervisor)
        supervisor.poll()  # notices the exit
        assert child.proc is None and child.restart_at is not None
        waits.append(child.restart_at - clock.now)
        clock.now = child.restart_at - 0.01
        supervisor.poll()
        assert child.proc is None  # not before its time
        clock.now = child.restart_at
        supervisor.poll()
        assert child.proc is not None
    assert waits == [1, 2, 4, 8, 16, 30, 30]
    assert child.restarts == 7
    _exited(supervisor)
    clock.now += 61  # it ran for a minute: healthy again
    supervisor.poll()
    assert child.restart_at == clock.now + 1
    assert any("crasher" in line and "exited with code 3" in line for line in lines)
    supervisor.stop_all()


def test_stop_all_ends_every_child_and_restarts_nothing() -> None:
    supervisor = Supervisor(
        {"sleeper": shell("sleep 60"), "stubborn": shell("trap '' TERM; sleep 60")},
        env={},
        cwd=REPO,
        say=lambda line: None,
    )
    supervisor.start_all()
    time.sleep(0.3)
    supervisor.stop_all()
    assert all(c.proc is not None and c.proc.poll() is not None for c in supervisor.children)
    supervisor.poll()
    assert all(c.restart_at is None for c in supervisor.children)


def test_stop_all_stops_the_store_the_others_waited_for_last() -> None:
    said: list[str] = []
    supervisor = Supervisor(
        {
            "redis": shell("sleep 60"),
            "worker": ["/bin/sh", "-c", "trap 'sleep 0.3; exit 0' TERM; sleep 60 & wait"],
        },
        env={},
        cwd=REPO,
        say=said.append,
        ready={"redis": lambda: True},
    )
    supervisor.start_all()
    time.sleep(0.3)
    supervisor.stop_all()
    stopped = [line.split()[1] for line in said if line.endswith("| stopped")]
    assert stopped == ["worker", "redis", "all"]


GRANDCHILD = (
    "import signal, sys, time\n"
    "def term(*_):\n"
    "    open(sys.argv[1], 'w').write('term')\n"
    "    sys.exit(0)\n"
    "signal.signal(signal.SIGTERM, term)\n"
    "open(sys.argv[2], 'w').write('ready')\n"
    "time.sleep(60)\n"
)
PARENT = (
    "import signal, subprocess, sys, time\n"
    "child = subprocess.Popen([sys.executable, '-c', sys.argv[1], sys.argv[2], sys.argv[3]])\n"
    "def term(*_):\n"
    "    child.kill()\n"
    "    child.wait()\n"
    "    sys.exit(0)\n"
    "signal.signal(signal.SIGTERM, term)\n"
    "time.sleep(60)\n"
)


def test_stop_all_signals_each_child_itself_and_lets_it_stop_its_own_children(
    tmp_path: Path,
) -> None:
    """A Celery worker stops its pool itself; a SIGTERM to the whole group killed the pool's
    processes mid-job (``WorkerLostError`` on every Ctrl-C)."""
    signalled, ready = tmp_path / "signalled", tmp_path / "ready"
    supervisor = Supervisor(
        {"parent": [sys.executable, "-c", PARENT, GRANDCHILD, str(signalled), str(ready)]},
        env=dict(os.environ),
        cwd=REPO,
        say=lambda line: None,
    )
    supervisor.start_all()
    deadline = time.monotonic() + 30
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists()
    supervisor.stop_all()
    assert not signalled.exists()
    (child,) = supervisor.children
    assert child.proc is not None and child.proc.returncode == 0


def test_the_procfile_is_read_in_order_with_its_commands() -> None:
    procs = read_procfile(REPO / "Procfile")
    assert list(procs) == ["web", "worker-clock", "worker-ai", "worker-analysis", "beat", "sweeper"]
    assert procs["web"].startswith("daphne ")
