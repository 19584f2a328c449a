"""The embedded runner's supervisor: a process that dies is started again, with a back-off."""

from __future__ import annotations

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


def test_the_procfile_is_read_in_order_with_its_commands() -> None:
    procs = read_procfile(REPO / "Procfile")
    assert list(procs) == ["web", "worker-clock", "worker-ai", "worker-analysis", "beat", "sweeper"]
    assert procs["web"].startswith("daphne ")
