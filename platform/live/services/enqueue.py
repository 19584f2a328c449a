"""What a transaction hands on once it has committed: the views to publish, the clock job of the
match's next wake-up (planned here, :func:`_plan_wake`) and the AI seats' move jobs.

Nothing leaves inside the transaction: every send is an ``on_commit`` callback.  The jobs live in
:mod:`live.tasks`, which calls these services; so the services do not import it.  Its senders are
handed in once instead (:func:`jobs_use`, by ``LiveConfig.ready``): the import graph stays one-way
(tasks → services) and the jobs queued are still that module's task objects (Celery runs them
eagerly in the in-process tests, and tests replace their ``apply_async``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings
from django.db import transaction

from games.core import Event, Game, State

from .. import publish
from ..clock import clock_slot, wake_at
from ..models import Match, MatchStatus, Seat
from .store import _seats_of


def _not_wired(*args: object, **kwargs: object) -> None:
    raise RuntimeError("live's job senders are not set: LiveConfig.ready calls jobs_use")


_schedule_wake: Callable[..., None] = _not_wired
_queue_ai_move: Callable[..., None] = _not_wired


def jobs_use(*, schedule_wake: Callable[..., None], queue_ai_move: Callable[..., None]) -> None:
    """Set the senders of the clock job (``schedule_wake(slot_ms=…)``) and of an AI move job
    (``queue_ai_move(match_id, seq, seat)``): :mod:`live.tasks`'s, once per process."""
    global _schedule_wake, _queue_ai_move
    _schedule_wake, _queue_ai_move = schedule_wake, queue_ai_move


def _queue_wake(slot_ms: int) -> None:
    """Queue the clock job of the slot ending at ``slot_ms`` (``tasks.schedule_wake``)."""
    _schedule_wake(slot_ms=slot_ms)


def _queue_ai_moves(match_id: int, seq: int, seats: Sequence[int]) -> None:
    """Queue an AI move job for each of ``seats``, made for ``seq`` (queue ``ai``)."""
    for seat in seats:
        _queue_ai_move(match_id, seq, seat)


def _stall_bound_ms() -> int:
    return int(settings.STALL_BOUND_S * 1000)


def _plan_wake(match: Match, *, now_ms: int) -> int | None:
    """Set ``wake_ms`` from the clock; return the time of a clock job to schedule, if one is needed.

    One clock job per match is pending at a time, due at or before ``wake_ms`` (it moves itself on
    when it finds nothing due), so most moves, which push the deadline later, schedule nothing.  A
    job is needed when there is none, when the new deadline comes before it, or when its time has
    passed without it running (lost with its worker; the sweeper covers the gap meanwhile).
    """
    match.wake_ms = wake_at(match.clock, stall_bound_ms=_stall_bound_ms())
    pending = match.wake_job_ms
    if match.wake_ms is None:
        return None
    slot = clock_slot(match.wake_ms)
    if pending is None or pending > slot or pending <= now_ms:
        match.wake_job_ms = slot
        return slot
    return None


def _schedule_on_commit(slot_ms: int) -> None:
    transaction.on_commit(lambda: _queue_wake(slot_ms), robust=True)


# --- after commit -----------------------------------------------------------------------------


def _after_change(
    match: Match,
    game: Game,
    state: State,
    *,
    events: Sequence[Event],
    seats: Sequence[Seat] | None = None,
    wake_job_ms: int | None = None,
) -> None:
    """Publish and schedule once the transaction has committed (never inside it): the views, the
    clock job ``wake_job_ms`` if one is due to be scheduled, the AI seats' move jobs."""
    seats = _seats_of(match) if seats is None else seats
    match_id, seq = match.pk, match.seq
    ai_seats: list[int] = []
    if match.status == MatchStatus.RUNNING:
        ai = {s.seat for s in seats if s.ai_level}
        ai_seats = [d.seat for d in state.pending() if d.seat in ai]

    def send() -> None:
        publish.match_changed(match=match, game=game, state=state, seats=seats, events=events)
        if wake_job_ms is not None:
            _queue_wake(wake_job_ms)
        _queue_ai_moves(match_id, seq, ai_seats)

    # Robust: what fails after the commit (Redis away) is logged and changes nothing of what was
    # committed — the command is still acknowledged, and the other commands of a group commit
    # (live/group_commit.py) still publish.  A lost clock or AI job is picked up by the sweeper
    # (``wake_ms``, ``ai_due_ms``); a lost frame by the client's resync.
    transaction.on_commit(send, robust=True)
