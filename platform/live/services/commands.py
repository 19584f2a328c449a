"""The commands that change a live match: start it, submit an action (a player's or an AI's),
resign, an operator's abort; and the one step every applied action goes through
(:func:`_commit_step`), whether a seat submitted it or the server applied a forced step after the
stall bound (:func:`_stall_continue`).

The shape of each write: lock the match row (one writer per match) → check seat, turn, seq, command
id and the clock against the command's arrival time → apply the engine → append to the move log →
save snapshot and clock → on commit, publish each audience's view and schedule the follow-up jobs
(the clock's wake-up, AI moves).  A rejected command raises :class:`LiveError` and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction

from games.core import Event, Game, IllegalAction, State, TimeControl

from .. import timebase
from ..clock import clock_advance, first_flag
from ..errors import LiveError
from ..models import EndReason, Match, MatchStatus, Move, MoveKind, Seat
from .ai import _watch_ai
from .endings import _abort, _check_time, _end_on_time, _end_unreliable, _finish
from .enqueue import _after_change, _plan_wake, _schedule_on_commit
from .starting import NewMatch, SeatSpec, matches_start
from .store import _append, _batched_writes, _load, _lock, _save_match, _seats_of

log = logging.getLogger("live.services")  # one logger for the package, as before it was split


@dataclass(frozen=True)
class Applied:
    """What became of a command: applied at ``seq``, or (``ended``) not applied because the match
    ended instead — a clock had run out, or time was unreliable."""

    seq: int
    duplicate: bool = False
    ended: str | None = None


# --- starting ---------------------------------------------------------------------------------


def match_start(
    *,
    game_slug: str,
    seats: Sequence[SeatSpec],
    options: Mapping[str, Any] | None = None,
    rated: bool = False,
    created_by_id: int | None = None,
    seed: int | None = None,
    time_control: TimeControl | None = None,
    from_queue: bool = False,
    auto_start: bool = False,
    first_move_ms: int | None = None,
) -> Match:
    """Create a running match; the first decisions' clocks start now.  ``time_control`` defaults
    to the game's own (tables may choose another).

    Two options for whoever schedules the match rather than a player (a tournament's table):
    ``auto_start`` applies the engine's forced opening steps (every seat's Start) at once instead
    of waiting for them up to the stall bound; ``first_move_ms`` bounds each person's first move
    (:func:`live.clock.clock_first_move`): a seat that has not acted that long after its first
    decision opened loses on time, as when its bank runs out.

    One match is a batch of one: :func:`live.services.starting.matches_start` builds it."""
    (match,) = matches_start(
        new=[
            NewMatch(
                game_slug=game_slug,
                seats=seats,
                options=options,
                rated=rated,
                created_by_id=created_by_id,
                seed=seed,
                time_control=time_control,
                from_queue=from_queue,
                auto_start=auto_start,
                first_move_ms=first_move_ms,
            )
        ]
    )
    log.info("match started", extra={"match": match.pk, "game": match.game, "rated": rated})
    return match


# --- commands ---------------------------------------------------------------------------------


def _acting_seat(
    seats: Sequence[Seat], state: State, *, user_id: int | None, seat: int | None, ai: bool
) -> int:
    if ai:
        if seat is None or not any(s.seat == seat and s.ai_level for s in seats):
            raise LiveError("not_your_seat", "that seat is not played by the AI")
        return seat
    if user_id is None:
        raise LiveError("not_a_player", "spectators cannot act; log in and take a seat")
    mine = [s.seat for s in seats if s.user_id == user_id]
    if not mine:
        raise LiveError("not_a_player", "you do not play in this match")
    if seat is None:
        pending = [d.seat for d in state.pending() if d.seat in mine]
        if len(mine) == 1:
            return mine[0]
        if len(pending) == 1:
            return pending[0]
        raise LiveError("not_your_seat", "you hold several seats: say which seat acts")
    if seat not in mine:
        raise LiveError("not_your_seat", f"seat {seat} is not yours")
    return seat


def _already_applied(match: Match, seat: int, command_id: str) -> Applied | None:
    """A retried command (same seat, same command id) is acknowledged again, not applied again.

    :func:`_lock` already looked the id up in the same query as the lock; only an id that another
    seat of the match used too needs a query of its own.
    """
    if not command_id or match.retried_seq is None:  # type: ignore[attr-defined]
        return None
    if match.retried_seat == seat:  # type: ignore[attr-defined]
        return Applied(seq=match.retried_seq, duplicate=True)  # type: ignore[attr-defined]
    done = Move.objects.filter(match=match, seat=seat, command_id=command_id).values_list(
        "seq", flat=True
    )
    return Applied(seq=done[0], duplicate=True) if done else None


@transaction.atomic
def action_submit(
    *,
    match_id: int,
    action: Any,
    command_id: str,
    user_id: int | None = None,
    seat: int | None = None,
    seen_seq: int | None = None,
    arrived_local_ms: float | None = None,
    ai: bool = False,
) -> Applied:
    """Apply one player's (or AI's) action.  Raises :class:`LiveError`; then nothing changed."""
    arrival = timebase.stamp(arrived_local_ms)
    match = _lock(match_id, command_id=command_id)
    game, state = _load(match)
    seats = _seats_of(match)
    acting = _acting_seat(seats, state, user_id=user_id, seat=seat, ai=ai)
    if (done := _already_applied(match, acting, command_id)) is not None:
        return done
    if match.status != MatchStatus.RUNNING:
        raise LiveError("match_over", "the match is over")
    if seen_seq is not None and seen_seq != match.seq:
        raise LiveError("stale_seq", f"the match has moved on to seq {match.seq}; resync")
    verdict = _check_time(match, arrival)
    if verdict is not None:
        if verdict.kind == "wait":
            # Too late to apply, too early to rule: the wake-up decides (live.flagfall).
            raise LiveError(
                "match_over",
                "not applied: the clock ran out; the server is confirming it could receive "
                "moves all along before it rules on time",
            )
        if verdict.kind in ("unreliable", "outage"):
            outage = verdict.kind == "outage"
            _end_unreliable(match, game, state, seats, arrival, detail=verdict.why, outage=outage)
        else:
            assert verdict.seat is not None
            _end_on_time(match, game, state, seats, verdict.seat, arrival.ms)
        return Applied(seq=match.seq, ended=match.end_reason)
    if acting not in {d.seat for d in state.pending()}:
        raise LiveError("not_your_turn", "it is not your turn")
    try:
        decoded = game.decode_action(action)
        events = state.apply(acting, decoded)
    except IllegalAction as exc:
        raise LiveError("illegal_action", exc.message, rule=exc.code) from None
    committed = timebase.stamp()
    if first_flag(match.clock) and committed.ms - arrival.ms > settings.TIME_COMMIT_BOUND_MS:
        # Reload: the in-memory state already holds the action we are not going to keep.
        game, state = _load(match)
        _end_unreliable(
            match,
            game,
            state,
            seats,
            committed,
            detail=f"arrival to commit took {committed.ms - arrival.ms} ms "
            f"(bound {settings.TIME_COMMIT_BOUND_MS} ms)",
        )
        return Applied(seq=match.seq, ended=match.end_reason)
    with _batched_writes():  # the move row and the match row go out as one statement
        _append(
            match,
            MoveKind.ACTION,
            seat=acting,
            ms=arrival.ms,
            command_id=command_id,
            action=game.encode_action(decoded),
            committed_ms=committed.ms,
        )
        job = _commit_step(match, game, state, seats, acted=acting, now_ms=arrival.ms)
    _after_change(match, game, state, seats=seats, events=events, wake_job_ms=job)
    return Applied(seq=match.seq)


@transaction.atomic
def match_resign(
    *,
    match_id: int,
    command_id: str,
    user_id: int | None,
    seat: int | None = None,
    arrived_local_ms: float | None = None,
) -> Applied:
    """End the match as a loss for the resigning seat's side (any game)."""
    arrival = timebase.stamp(arrived_local_ms)
    match = _lock(match_id, command_id=command_id)
    game, state = _load(match)
    seats = _seats_of(match)
    acting = _acting_seat(seats, state, user_id=user_id, seat=seat, ai=False)
    if (done := _already_applied(match, acting, command_id)) is not None:
        return done
    if match.status != MatchStatus.RUNNING:
        raise LiveError("match_over", "the match is over")
    _append(match, MoveKind.RESIGN, seat=acting, ms=arrival.ms, command_id=command_id)
    _finish(
        match,
        game,
        seats,
        state.forfeit(acting),
        EndReason.RESIGN,
        arrival.ms,
    )
    _after_change(match, game, state, seats=seats, events=(Event("resigned", {"seat": acting}),))
    return Applied(seq=match.seq)


@transaction.atomic
def match_abort(*, match_id: int, reason: str, by_user_id: int | None = None) -> bool:
    """An operator's abort: no result, no rating change.  False if the match had already ended."""
    match = _lock(match_id)
    if match.status != MatchStatus.RUNNING:
        return False
    game, state = _load(match)
    now = timebase.stamp().ms
    _append(match, MoveKind.ABORT, seat=None, ms=now, detail=f"by user {by_user_id}: {reason}")
    _abort(match, EndReason.ABORT, reason, now)
    _after_change(match, game, state, events=(Event("aborted", {"reason": reason}),))
    return True


# --- one step -----------------------------------------------------------------------------------


def _commit_step(
    match: Match,
    game: Game,
    state: State,
    seats: Sequence[Seat],
    *,
    acted: int | None,
    now_ms: int,
) -> int | None:
    """Write what an applied step left (its move-log rows are appended already): the snapshot, the
    clock advanced at ``now_ms`` past ``acted`` with the AI seats watched, and then either the
    match's normal end (the engine says it is over) or its next wake-up.  Returns the time of a
    clock job to schedule after commit, if one is needed (:func:`_plan_wake`)."""
    match.state = state.to_json()
    match.clock = _watch_ai(
        clock_advance(match.clock, acted=acted, decisions=state.pending(), now_ms=now_ms),
        state,
        {s.seat for s in seats if s.ai_level},
        now_ms,
    )
    if state.is_over():
        result = state.result()
        assert result is not None
        _finish(match, game, seats, result, EndReason.NORMAL, now_ms)
        return None
    job = _plan_wake(match, now_ms=now_ms)
    _save_match(match)
    return job


def _stall_continue(
    match: Match, game: Game, state: State, seats: Sequence[Seat], now_ms: int
) -> str:
    """The stall bound passed and every stalled step is forced (Start, Continue, a reveal: see
    :func:`live.services.endings._end_stall`, which ends the match otherwise): the server applies
    the forced actions itself, as commands of the seats that owed them."""
    events: list[Event] = []
    acted = None
    for decision in list(state.pending()):
        if decision.timed or decision.forced is None:
            continue
        events.extend(state.apply(decision.seat, decision.forced))
        _append(
            match,
            MoveKind.STALL,
            seat=decision.seat,
            ms=now_ms,
            detail="applied after the stall bound",
            action=game.encode_action(decision.forced),
            committed_ms=now_ms,
        )
        acted = decision.seat
    job = _commit_step(match, game, state, seats, acted=acted, now_ms=now_ms)
    if job is not None:
        _schedule_on_commit(job)
    _after_change(match, game, state, seats=seats, events=events)
    return "stall_continue"
