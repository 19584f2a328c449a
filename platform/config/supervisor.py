"""Runs the Procfile's processes on one machine and starts again whichever one dies.

The embedded default (``make run``) used to hand the Procfile to honcho, which stops *everything*
when any one process exits: a daphne killed by the OOM killer, or a Celery worker that trips over a
Redis restart, took the whole platform down.  In production Kubernetes restarts a failed container
on its own; this module is that job for the single machine: each process is started again after a
back-off that doubles while it keeps failing quickly (1 s, 2 s, 4 s … 30 s) and resets once it has
stayed up for a minute.  Every exit and restart is logged with the process name.

Each child runs in a session of its own (its own process group), so a Ctrl-C in the terminal
reaches only the supervisor, which then stops the children in order (:meth:`Supervisor.stop_all`):
SIGTERM to each child's own process, up to ``STOP_GRACE_S`` for them to finish, SIGKILL for what
is left; the embedded Redis last.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 30.0
STABLE_AFTER_S = 60.0
"""A process that stayed up this long is healthy again: its next crash restarts after 1 s."""
STOP_GRACE_S = 10.0

_PROCFILE_LINE = re.compile(r"^([A-Za-z0-9_-]+):\s*(.+)$")


def read_procfile(path: Path) -> dict[str, str]:
    """The process types of a Procfile, by name, in file order (``name: command`` lines)."""
    found: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            match = _PROCFILE_LINE.match(line.strip())
            if not match:
                raise ValueError(f"{path}: not a 'name: command' line: {line!r}")
            found[match.group(1)] = match.group(2)
    return found


@dataclass
class Child:
    """One supervised process type and the state of its restarts."""

    name: str
    argv: list[str]
    proc: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    backoff_s: float = BACKOFF_FIRST_S
    restart_at: float | None = None
    restarts: int = 0
    pump: threading.Thread | None = field(default=None, repr=False)


class Supervisor:
    """Starts every child, restarts the ones that exit, stops them all on request."""

    def __init__(
        self,
        commands: Mapping[str, list[str]],
        *,
        env: Mapping[str, str],
        cwd: Path,
        say: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        ready: Mapping[str, Callable[[], bool]] | None = None,
    ) -> None:
        """``ready`` names children to wait for (up to 10 s) before the next one starts, e.g. the
        embedded Redis before the processes that connect to it."""
        self.children = [Child(name, list(argv)) for name, argv in commands.items()]
        self.ready = dict(ready or {})
        self.env = dict(env)
        self.cwd = cwd
        self.clock = clock
        self.stopping = False
        self._width = max((len(c.name) for c in self.children), default=4)
        self._lock = threading.Lock()
        self._say = say or self._print

    def _print(self, line: str) -> None:
        with self._lock:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()

    def say(self, name: str, text: str) -> None:
        self._say(f"{time.strftime('%H:%M:%S')} {name:<{self._width}} | {text}")

    def start(self, child: Child) -> None:
        child.proc = subprocess.Popen(
            child.argv,
            env=self.env,
            cwd=self.cwd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        child.started_at = self.clock()
        child.restart_at = None
        child.pump = threading.Thread(target=self._pump, args=(child, child.proc), daemon=True)
        child.pump.start()
        self.say(child.name, f"started (pid {child.proc.pid})")

    def _pump(self, child: Child, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            self.say(child.name, raw.decode(errors="replace").rstrip())

    def start_all(self) -> None:
        for child in self.children:
            self.start(child)
            if child.name in self.ready:
                self.wait_ready(child)

    def wait_ready(self, child: Child, timeout_s: float = 10.0) -> None:
        deadline = time.monotonic() + timeout_s
        while not self.ready[child.name]():
            if time.monotonic() > deadline:
                self.say(child.name, f"not ready after {timeout_s:g} s; starting the rest anyway")
                return
            time.sleep(0.02)

    def poll(self) -> None:
        """Notice exits and start again whatever is due (call it a few times a second)."""
        now = self.clock()
        for child in self.children:
            if self.stopping:
                return
            if child.proc is not None and child.proc.poll() is not None:
                self._exited(child, now)
            if child.proc is None and child.restart_at is not None and now >= child.restart_at:
                child.restarts += 1
                self.start(child)

    def _exited(self, child: Child, now: float) -> None:
        assert child.proc is not None
        code = child.proc.returncode
        if now - child.started_at >= STABLE_AFTER_S:
            child.backoff_s = BACKOFF_FIRST_S
        how = f"killed by signal {-code}" if code < 0 else f"exited with code {code}"
        self.say(child.name, f"{how}; starting it again in {child.backoff_s:g} s")
        child.proc = None
        child.restart_at = now + child.backoff_s
        child.backoff_s = min(child.backoff_s * 2, BACKOFF_MAX_S)

    def stop_all(self) -> None:
        """Stop every child: first those nothing waits for, then the ones the others were started
        after (``ready``: the embedded Redis), so that a worker's warm shutdown still reaches its
        broker.  SIGTERM goes to each child's own process, which stops its own children (a Celery
        worker lets its pool finish or hand back its jobs; signalled directly, the pool's
        processes died mid-job and the worker logged them as lost); whatever is left of a child's
        process group after it exited, or after ``STOP_GRACE_S``, is killed."""
        self.stopping = True
        running = [c for c in self.children if c.proc is not None and c.proc.poll() is None]
        self._stop([c for c in running if c.name not in self.ready])
        self._stop([c for c in running if c.name in self.ready])
        for child in self.children:
            if child.pump is not None:
                child.pump.join(timeout=1)
        self.say("all", "stopped")

    def _stop(self, children: list[Child]) -> None:
        for child in children:
            assert child.proc is not None
            try:
                child.proc.send_signal(signal.SIGTERM)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + STOP_GRACE_S
        for child in children:
            assert child.proc is not None
            try:
                child.proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.say(child.name, "did not stop in time; killing it")
                _signal_group(child, signal.SIGKILL)
                child.proc.wait()
            else:
                _signal_group(child, signal.SIGKILL)  # anything it left behind
            self.say(child.name, "stopped")

    def run(self, *, first: Callable[[], None] | None = None) -> int:
        """Start everything, call ``first`` (a greeting), supervise until SIGINT or SIGTERM."""
        stop = threading.Event()

        def request_stop(*_: object) -> None:
            stop.set()

        signal.signal(signal.SIGINT, request_stop)
        signal.signal(signal.SIGTERM, request_stop)
        try:
            self.start_all()
            if first is not None:
                first()
            while not stop.wait(0.2):
                self.poll()
        finally:
            self.stop_all()
        return 0


def _signal_group(child: Child, sig: signal.Signals) -> None:
    assert child.proc is not None
    try:
        os.killpg(child.proc.pid, sig)
    except ProcessLookupError:
        pass


def shell(command: str) -> list[str]:
    """A Procfile command as the shell runs it (``${WEB_PORT:-8000}`` and ``nice`` work as in
    honcho and in a container's ``sh -c``); ``exec`` so the signal reaches the process itself."""
    return ["/bin/sh", "-c", f"exec {command}"]
