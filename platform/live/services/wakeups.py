"""The server acting by itself: waking a match whose flag fell, whose stall bound passed or whose
AI move is overdue (:func:`match_wake`), in batches (:func:`clock_wake_due`), from the clock job
of a time slot (:func:`clock_tick`) and from the sweeper behind those jobs (:func:`clock_sweep`).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from django.db import connection, transaction

from .. import selectors, timebase
from ..clock import SLOT_MS, stall_bound
from ..models import Match, MatchStatus
from .ai import _resend_ai
from .commands import _stall_continue
from .endings import _check_time, _end_on_time, _end_stall, _end_unreliable, _wait_for_liveness
from .enqueue import _queue_wake, _schedule_on_commit, _stall_bound_ms
from .store import (
    _CLAIM_SQL,
    _MOVE_ON_SQL,
    _batched_writes,
    _load,
    _lock,
    _matches,
    _seats_of,
)


@transaction.atomic
def match_wake(
    *,
    match_id: int,
    seq: int | None = None,
    now: timebase.Stamp | None = None,
) -> str:
    """The server acting by itself: a flag fell or a stall bound passed.  A due flag may also
    have to wait ("wait"): the platform's beat is late, so an outage cannot be ruled out yet.

    Idempotent and safe when early, late, duplicated or stale: it re-reads the locked row and does
    only what the clock says now.  ``now`` lets a caller judge many matches by one fresh reading
    (a reading taken before the row was claimed is never later than the truth, so it cannot end a
    match early).  Returns what it did (for logs and tests).
    """
    match = _lock(match_id)
    if match.status != MatchStatus.RUNNING:
        return "over"
    if seq is not None and seq != match.seq:
        return "stale"
    return _wake_locked(match, now or timebase.stamp(fresh=True))


def _wake_locked(match: Match, now: timebase.Stamp) -> str:
    game, state = _load(match)
    seats = _seats_of(match)
    verdict = _check_time(match, now)
    if verdict is not None:
        if verdict.kind == "wait":
            assert verdict.retry_ms is not None
            _schedule_on_commit(_wait_for_liveness(match, verdict.retry_ms))
            return "wait"
        if verdict.kind in ("unreliable", "outage"):
            outage = verdict.kind == "outage"
            _end_unreliable(match, game, state, seats, now, detail=verdict.why, outage=outage)
            return verdict.kind
        assert verdict.seat is not None
        _end_on_time(match, game, state, seats, verdict.seat, now.ms)
        return "time_loss"
    stall = match.clock.get("stall_since_ms")
    if stall is not None and now.ms >= stall + stall_bound(match.clock, _stall_bound_ms()):
        ended = _end_stall(match, game, state, seats, now.ms)
        return ended or _stall_continue(match, game, state, seats, now.ms)
    ai_due = match.clock.get("ai_due_ms")
    if ai_due is not None and now.ms >= ai_due:
        return _resend_ai(match, state, seats, now.ms)
    return "early"


def clock_wake_due(*, batch: int = 100, now: timebase.Stamp | None = None) -> int:
    """Wake every overdue match; returns how many were woken.

    Matches are claimed a batch at a time (``FOR UPDATE SKIP LOCKED``, so clock workers and sweeper
    threads share a burst without waking a match twice), judged by one fresh reading of the time,
    and written back together: a thousand deadlines falling within seconds cost a few dozen
    transactions, not a thousand.
    """
    now = now or timebase.stamp(fresh=True)
    woken = 0
    while True:
        with transaction.atomic(), _batched_writes():
            matches = _matches(_CLAIM_SQL, ["", "", now.ms, batch])
            selectors.match_seats_prefetch(matches)
            for match in matches:
                match.retried_seq = match.retried_seat = None  # type: ignore[attr-defined]
                _wake_locked(match, now)
        woken += len(matches)
        if len(matches) < batch:
            return woken


_covered_until_ms = 0
"""This process's last clock tick woke everything due and moved every passed slot on up to here."""


def clock_tick(*, slot_ms: int) -> int:
    """The clock job of one time slot: wake whatever is due, then move every match whose pending
    slot has passed (its deadline moved later meanwhile) on to the slot of its deadline.

    A burst of deadlines has one job per slot (see ``tasks.schedule_wake``) and a match one
    pending slot (``wake_job_ms``), so most moves schedule nothing.  A job whose slot an
    earlier-finishing job of this process already covered returns at once: in a burst of deadlines
    the jobs of the slots a batch caught up with cost no query.  Returns how many matches it woke.
    """
    global _covered_until_ms
    if slot_ms <= _covered_until_ms:
        return 0
    now = timebase.stamp(fresh=True)
    woken = clock_wake_due(now=now)
    with connection.cursor() as cursor:
        cursor.execute(_MOVE_ON_SQL, [SLOT_MS, SLOT_MS, SLOT_MS, now.ms])
        slots = {slot for (slot,) in cursor.fetchall()}
    for slot in sorted(slots):
        _queue_wake(slot)
    if not now.problem:
        _covered_until_ms = max(_covered_until_ms, now.ms)
    return woken


def clock_sweep(*, threads: int = 1) -> int:
    """Wake every overdue match (the last line behind the clock jobs); returns how many it woke.

    Several threads keep a burst of simultaneous deadlines within the sweep period; they share the
    work through the claims of :func:`clock_wake_due`.
    """

    now = timebase.stamp(fresh=True)

    def drain() -> int:
        try:
            return clock_wake_due(batch=25, now=now)
        finally:
            if threads > 1:
                connection.close()

    if threads <= 1:
        return drain()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return sum(pool.map(lambda _: drain(), range(threads)))
