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

from .models import NodeClock, TimeIncident

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
_reported_at = 0.0
REPORT_EVERY_S = 5.0


def wall_ms() -> float:
    """The machine's wall clock in epoch ms (unit tests replace this function)."""
    return time.time() * 1000


def monotonic_s() -> float:
    """A clock that never steps (unit tests replace it together with :func:`wall_ms`)."""
    return time.monotonic()


def _local_ms() -> float:
    """This node's clock (plus an injected skew in tests)."""
    return wall_ms() + float(settings.TIME_INJECT_SKEW_MS)


_measuring = threading.Lock()


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
    """Measure the offset to the reference now and judge it; remembers the result.

    Measurements of one process are taken one at a time: two threads reading the reference side by
    side could store their readings out of order, and the later store would look like the
    reference going backwards.
    """
    with _measuring:
        return _measure()


def _measure() -> _Measurement:
    global _last
    t0 = _local_ms()
    mono = monotonic_s()
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
        stepped = None
        if previous is not None:
            seen_ms = (mono - previous.monotonic_s) * 1000
            step = (reference - previous.reference_ms) - seen_ms
            if reference < previous.reference_ms:
                stepped = (
                    f"reference clock went backwards by {previous.reference_ms - reference:.0f} ms"
                )
            elif abs(step) > settings.TIME_STEP_TOLERANCE_MS:
                stepped = f"reference clock jumped by {step:+.0f} ms"
        problem = stepped or problem
        _last = _Measurement(offset, t1 - t0, reference, mono, problem)
        result = _last
    if problem:
        log.warning("unreliable time", extra={"node": NODE, "problem": problem})
    if stepped and previous is not None:
        _record_step(stepped, int(previous.reference_ms))
    _report(result)
    return result


def _record_step(problem: str, at_ms: int) -> None:
    """Record a step at the last good reading before it (``at_ms``).

    A step of the reference concerns every node: every running decision that spans it is in
    doubt, whichever node later has to judge it (see ``services._check_time``)."""
    TimeIncident.objects.create(node=NODE, kind="reference_step", detail=problem, at_ms=at_ms)


def _report(m: _Measurement) -> None:
    """Show this node's offset to operators (the admin's node clocks), at most every few seconds."""
    global _reported_at
    if m.monotonic_s - _reported_at < REPORT_EVERY_S and m.problem is None:
        return
    _reported_at = m.monotonic_s
    NodeClock.objects.update_or_create(
        node=NODE,
        defaults={
            "offset_ms": m.offset_ms,
            "round_trip_ms": m.round_trip_ms,
            "reliable": m.problem is None,
            "problem": m.problem or "",
        },
    )


def local_ms() -> float:
    """This node's clock reading, free of I/O: take it the moment a command arrives."""
    return _local_ms()


def stamp(at_local_ms: float | None = None, *, fresh: bool = False) -> Stamp:
    """Reference time of ``at_local_ms`` (default: now), measuring first if the last measurement is
    missing or old, or always with ``fresh`` — a flag about to fall is worth one more reading (may
    query the database: call it from synchronous code).

    A step of the reference is recorded as a :class:`~live.models.TimeIncident`, so every decision
    that was running across it is judged doubtful by whichever node decides it.
    """
    last = _last
    stale = last is None or monotonic_s() - last.monotonic_s > settings.TIME_OFFSET_MAX_AGE_S
    if fresh or stale:
        try:
            last = measure()
        except Exception as exc:  # the reference cannot be read: nothing can be trusted
            return Stamp(int(_local_ms()), f"time reference unreachable: {exc}")
    local = _local_ms() if at_local_ms is None else at_local_ms
    ms = int(local + last.offset_ms)
    return Stamp(ms, last.problem)


def forget() -> None:
    """Drop all measurements (tests; a process that restarts starts this way)."""
    global _last, _reported_at
    with _lock:
        _last = None
        _reported_at = 0.0
