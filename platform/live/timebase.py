"""One time reference for every node, and the judgement whether this node's time can be trusted.

Arrivals are stamped with ``local clock + offset``, where the offset to the reference (PostgreSQL's
``clock_timestamp()`` in production, this machine's clock on the single-machine default) is measured
by :func:`measure` — at start, whenever the last measurement is older than
``TIME_OFFSET_MAX_AGE_S``, and every few seconds by a periodic job.  Time becomes *unreliable* when:

* the offset is beyond ``TIME_OFFSET_TOLERANCE_MS`` (a node clock that is far off),
* the reference went backwards, or jumped by more than ``TIME_STEP_TOLERANCE_MS`` beyond what the
  local monotonic clock saw pass between two readings,
* no measurement could be made since this process started (a restart in the middle of a decision
  therefore never stamps with a guess).

Tests inject a node skew (``TIME_INJECT_SKEW_MS``) or a reference of their own (``TIME_REFERENCE=
file:<path>``: the machine's clock plus the milliseconds written in that file), never sleep.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection

log = logging.getLogger(__name__)
NODE = f"{socket.gethostname()}:{os.getpid()}"


@dataclass(frozen=True)
class Stamp:
    """A reference-time reading; ``problem`` says why it cannot be trusted (None: it can)."""

    ms: int
    problem: str | None = None


@dataclass
class _Measurement:
    offset_ms: float
    round_trip_ms: float
    reference_ms: float
    monotonic_s: float
    problem: str | None


_lock = threading.Lock()
_last: _Measurement | None = None
_sticky_problem: str | None = None


def wall_ms() -> float:
    """The machine's wall clock in epoch ms (unit tests replace this function)."""
    return time.time() * 1000


def _local_ms() -> float:
    """This node's clock (plus an injected skew in tests)."""
    return wall_ms() + float(os.environ.get("TIME_INJECT_SKEW_MS", "0"))


def _reference_ms() -> float:
    source = settings.TIME_REFERENCE
    if source == "postgres":
        with connection.cursor() as cursor:
            cursor.execute("SELECT EXTRACT(EPOCH FROM clock_timestamp()) * 1000")
            return float(cursor.fetchone()[0])
    if source.startswith("file:"):
        path = Path(source.removeprefix("file:"))
        shift = float(path.read_text().strip() or 0) if path.exists() else 0.0
        return wall_ms() + shift
    return wall_ms()


def measure() -> _Measurement:
    """Measure the offset to the reference now and judge it; remembers the result."""
    global _last, _sticky_problem
    t0 = _local_ms()
    mono = time.monotonic()
    reference = _reference_ms()
    t1 = _local_ms()
    offset = reference - (t0 + t1) / 2
    problem = None
    if abs(offset) > settings.TIME_OFFSET_TOLERANCE_MS:
        problem = (
            f"node clock offset {offset:+.0f} ms beyond the tolerance of "
            f"{settings.TIME_OFFSET_TOLERANCE_MS} ms"
        )
    with _lock:
        previous = _last
        if previous is not None:
            seen_ms = (mono - previous.monotonic_s) * 1000
            step = (reference - previous.reference_ms) - seen_ms
            if reference < previous.reference_ms:
                problem = (
                    f"reference clock went backwards by {previous.reference_ms - reference:.0f} ms"
                )
                _sticky_problem = problem
            elif abs(step) > settings.TIME_STEP_TOLERANCE_MS:
                problem = f"reference clock jumped by {step:+.0f} ms"
                _sticky_problem = problem
        _last = _Measurement(offset, t1 - t0, reference, mono, problem)
        result = _last
    if problem:
        log.warning("unreliable time", extra={"node": NODE, "problem": problem})
    return result


def local_ms() -> float:
    """This node's clock reading, free of I/O: take it the moment a command arrives."""
    return _local_ms()


def stamp(at_local_ms: float | None = None) -> Stamp:
    """Reference time of ``at_local_ms`` (default: now), measuring first if the last measurement is
    missing or old (may query the database: call it from synchronous code).

    A backwards step or jump is sticky until :func:`clear_problem` — the decision that was running
    across it cannot be trusted, and neither can this process's reading until an operator (or the
    periodic check after a clean interval) clears it.
    """
    last = _last
    if last is None or time.monotonic() - last.monotonic_s > settings.TIME_OFFSET_MAX_AGE_S:
        try:
            last = measure()
        except Exception as exc:  # the reference cannot be read: nothing can be trusted
            return Stamp(int(_local_ms()), f"time reference unreachable: {exc}")
    local = _local_ms() if at_local_ms is None else at_local_ms
    ms = int(local + last.offset_ms)
    return Stamp(ms, last.problem or _sticky_problem)


def clear_problem() -> None:
    global _sticky_problem
    _sticky_problem = None


def forget() -> None:
    """Drop all measurements (tests; a process that restarts starts this way)."""
    global _last, _sticky_problem
    with _lock:
        _last = None
        _sticky_problem = None
