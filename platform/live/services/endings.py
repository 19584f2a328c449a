"""How a match ends: finished with a result, aborted, a no-show, a time loss, unreliable time or an
outage, a stall.  Each ending writes its move-log row and the match row in the caller's transaction
and runs the hooks other apps registered (:data:`MATCH_ENDED_HOOKS`, :data:`MATCH_NO_SHOW_HOOKS`);
live imports none of those apps.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import NamedTuple

from django.utils import timezone

from games.core import Event, Game, SeatResult, State

from .. import liveness, timebase
from ..clock import clock_slot, clock_stop_all, first_flag, first_move_missed, flagged_together
from ..flagfall import Ruling, flag_verdict
from ..models import EndReason, Match, MatchStatus, MoveKind, Seat, TimeIncident
from .enqueue import _after_change
from .store import _append, _load, _save_match, _seats_of

log = logging.getLogger("live.services")  # one logger for the package, as before it was split

MATCH_ENDED_HOOKS: list[Callable[[Match], None]] = []
"""Functions apps register in their ``AppConfig.ready`` to react to a match ending (ratings,
tournaments, chat): each is called as ``hook(match)`` once per match, inside the transaction that
ends it, with the row locked and ``status``/``end_reason``/``result`` already set (the row's write
may still be batched, so a hook reads the match object, not the database).  A hook must not lock
other match rows.  They run in the order they were registered; ratings registers first (its
``ready`` inserts at the front), so a rated result is applied before any other hook runs."""

MATCH_NO_SHOW_HOOKS: list[Callable[..., None]] = []
"""Functions apps register in their ``AppConfig.ready`` to react to a queue-made match aborted
because a seat never made its first decision (matchmaking): each is called as
``hook(match_id=…, no_show_user_ids=[…], other_user_ids=[…])`` inside the aborting transaction,
after the abort and its :data:`MATCH_ENDED_HOOKS`, once per match."""


def _result_json(result: Sequence[SeatResult]) -> list[dict[str, int]]:
    return [
        {"seat": r.seat, "placing": r.placing, "team": r.team, "score": r.score, "weight": r.weight}
        for r in result
    ]


class TimeVerdict(NamedTuple):
    """What the clock says about a command or a wake-up (:func:`_check_time`).

    ``kind``: ``"flag"`` (``seat`` ran out of time), ``"unreliable"`` or ``"outage"`` (abort
    unrated, ``why`` says why), or ``"wait"``: a flag is due but the server cannot yet tell whether
    the platform could receive moves all along (:mod:`live.flagfall`); look again at ``retry_ms``.
    """

    kind: str
    seat: int | None = None
    why: str = ""
    retry_ms: int | None = None


def _check_time(match: Match, stamp: timebase.Stamp) -> TimeVerdict | None:
    """What the clock says about a command (or a wake-up) at ``stamp``, under the row lock.

    None while no clock runs or time is fine; unreliable when this node's time cannot be trusted
    or the reference stepped while a running decision was open; and for a flag that is due, the
    ruling of :func:`live.flagfall.flag_verdict` on the platform's beat and recorded outages:
    a flag never falls across an outage, nor while one cannot be ruled out.
    """
    flag = first_flag(match.clock)
    if flag is None:
        return None
    started = min(sc["since_ms"] for sc in match.clock["seats"] if sc["running"])
    latest_step = match.latest_step_ms  # type: ignore[attr-defined]  # read with the lock
    if latest_step is not None and latest_step >= started:
        step = (
            TimeIncident.objects.filter(kind="reference_step", at_ms__gte=started)
            .values_list("detail", flat=True)
            .first()
        )
        if step:
            return TimeVerdict("unreliable", why=step)
    if stamp.problem:
        return TimeVerdict("unreliable", why=stamp.problem)
    deadline, seat = flag
    if stamp.ms < deadline:
        return None
    beat = liveness.beat_seen(stamp.ms)
    verdict = flag_verdict(
        deadline_ms=deadline,
        opened_ms=started,
        now_ms=stamp.ms,
        last_beat_ms=beat.last_ms,
        latest_outage_ms=beat.latest_outage_ms,
        late_ms=liveness.late_ms(),
        tolerance_ms=liveness.tolerance_ms(),
        retry_ms=liveness.retry_ms(),
    )
    if verdict.ruling is Ruling.FLAG:
        return TimeVerdict("flag", seat=seat)
    if verdict.ruling is Ruling.WAIT:
        return TimeVerdict("wait", retry_ms=verdict.retry_ms)
    if verdict.outage_ms is not None:
        return TimeVerdict("outage", why=liveness.outage_detail(*verdict.outage_ms))
    recorded = (
        TimeIncident.objects.filter(kind="outage")
        .order_by("-at_ms")
        .values_list("detail", flat=True)
        .first()
    )
    return TimeVerdict("outage", why=recorded or "the server recorded an outage (outage)")


def _wait_for_liveness(match: Match, retry_ms: int) -> int:
    """A due flag waits (:func:`_check_time` said ``"wait"``): wake the match again at
    ``retry_ms`` instead of at its passed deadline.  Returns the clock slot to schedule."""
    flag = first_flag(match.clock)
    if flag is not None and match.wake_ms == flag[0]:  # the first wait, not every look again
        log.warning("flag waits for the heartbeat", extra={"match": match.pk})
    match.wake_ms = retry_ms
    match.wake_job_ms = clock_slot(retry_ms)
    _save_match(match)
    return match.wake_job_ms


def _finish(
    match: Match,
    game: Game,
    seats: Sequence[Seat],
    result: Sequence[SeatResult],
    reason: str,
    now_ms: int,
) -> None:
    match.status = MatchStatus.FINISHED
    match.end_reason = reason
    match.result = _result_json(result)
    match.clock = clock_stop_all(match.clock, now_ms=now_ms)
    match.wake_ms = None
    match.ended_at = timezone.now()
    _save_match(match)
    for hook in MATCH_ENDED_HOOKS:  # ratings first, when the match is rated (ratings.apps)
        hook(match)
    log.info("match finished", extra={"match": match.pk, "reason": reason})


def _abort(match: Match, reason: str, detail: str, now_ms: int) -> None:
    match.status = MatchStatus.ABORTED
    match.end_reason = reason
    match.abort_reason = detail
    match.clock = clock_stop_all(match.clock, now_ms=now_ms)
    match.wake_ms = None
    match.ended_at = timezone.now()
    _save_match(match)
    for hook in MATCH_ENDED_HOOKS:
        hook(match)
    log.warning("match aborted", extra={"match": match.pk, "reason": reason, "detail": detail})


def _no_show(match: Match, seats: Sequence[Seat], seat: int, now_ms: int) -> bool:
    """A queue-made match whose ``seat`` never acted is aborted (unrated), not lost: the matchmaker
    cools the no-show down and puts the others back at the front of the queue."""
    if not match.from_queue or match.moves.filter(seat=seat, kind=MoveKind.ACTION).exists():
        return False
    no_show = [s.user_id for s in seats if s.seat == seat and s.user_id]
    others = [s.user_id for s in seats if s.seat != seat and s.user_id]
    _append(match, MoveKind.ABORT, seat=seat, ms=now_ms, detail="first decision not made")
    _abort(match, EndReason.NO_START, f"seat {seat} did not make its first decision", now_ms)
    for hook in MATCH_NO_SHOW_HOOKS:
        hook(match_id=match.pk, no_show_user_ids=no_show, other_user_ids=others)
    return True


def _end_on_time(
    match: Match, game: Game, state: State, seats: Sequence[Seat], flagged: int, now_ms: int
) -> None:
    if _no_show(match, seats, flagged, now_ms):
        _after_change(
            match, game, state, seats=seats, events=(Event("aborted", {"reason": "no_start"}),)
        )
        return
    together = flagged_together(match.clock)
    if len(together) > 1:
        # Two clocks ran out in the same millisecond (a simultaneous decision: One Poker's locks).
        # Neither ran out first, so neither loses: the match is a draw (docs/architecture.md).
        detail = f"the clocks of seats {together} ran out in the same millisecond: a draw"
        _append(match, MoveKind.TIME_LOSS, seat=None, ms=now_ms, detail=detail)
        result = [dataclasses.replace(r, placing=1) for r in state.forfeit(flagged)]
        _finish(match, game, seats, result, EndReason.TIME, now_ms)
        event = Event("time_draw", {"seats": together})
    elif first_move_missed(match.clock, flagged):
        # The match's first-move bound (clock_first_move): the seat never moved; it loses on
        # time, and the move log says why.
        bound_s = match.clock["first_move_ms"] // 1000
        detail = f"first move not made within {bound_s} s"
        _append(match, MoveKind.TIME_LOSS, seat=flagged, ms=now_ms, detail=detail)
        _finish(match, game, seats, state.forfeit(flagged), EndReason.TIME, now_ms)
        event = Event("time_loss", {"seat": flagged, "first_move": True})
    else:
        _append(match, MoveKind.TIME_LOSS, seat=flagged, ms=now_ms, detail="the clock ran out")
        _finish(match, game, seats, state.forfeit(flagged), EndReason.TIME, now_ms)
        event = Event("time_loss", {"seat": flagged})
    _after_change(match, game, state, seats=seats, events=(event,))


def _end_unreliable(
    match: Match,
    game: Game,
    state: State,
    seats: Sequence[Seat],
    stamp: timebase.Stamp,
    *,
    detail: str,
    outage: bool = False,
) -> None:
    """Abort unrated: this node's time cannot be trusted, or (``outage``) the clock ran while the
    platform could not receive moves."""
    TimeIncident.objects.create(match=match, node=timebase.NODE, kind="abort", detail=detail)
    _append(match, MoveKind.ABORT, seat=None, ms=stamp.ms, detail=f"unreliable time: {detail}")
    _abort(match, EndReason.OUTAGE if outage else EndReason.UNRELIABLE_TIME, detail, stamp.ms)
    _after_change(match, game, state, seats=seats, events=(Event("aborted", {"reason": detail}),))


def matches_abort_for_outage(*, start_ms: int, end_ms: int, detail: str) -> int:
    """Abort, unrated, every running match whose clock (or stall bound) ran through the outage
    from ``start_ms`` to ``end_ms``; returns how many (an untimed match only waits: its day-long
    idle bound is not worth ending a game over).  Called by :func:`live.liveness.service_beat`
    inside its transaction; rows are locked in id order like every batch here."""
    stamp = timebase.Stamp(ms=end_ms)
    aborted = 0
    running = Match.objects.select_for_update().filter(
        status=MatchStatus.RUNNING, wake_ms__isnull=False
    )
    for match in running.order_by("pk"):
        clock = match.clock
        stall = clock.get("stall_since_ms")
        ran = any(sc["running"] and sc["since_ms"] < end_ms for sc in clock["seats"])
        if ran or (stall is not None and stall < end_ms and not clock.get("untimed")):
            game, state = _load(match)
            _end_unreliable(match, game, state, _seats_of(match), stamp, detail=detail, outage=True)
            aborted += 1
    return aborted


def _end_stall(
    match: Match, game: Game, state: State, seats: Sequence[Seat], now_ms: int
) -> str | None:
    """After the stall bound the match goes on by itself where the engine declared the step forced
    (Start, Continue, a reveal: :attr:`games.core.Decision.forced`); otherwise the stalling seat
    forfeits.  On an untimed clock (``live.clock.ChosenControl``) the bound is a day without a move
    and the idle seat always forfeits: the match was abandoned.

    This is the ending's half: it returns what ended the match (a no-show or a stall forfeit), or
    None when every stalled step is forced and the server applies them instead
    (:func:`live.services.commands._stall_continue`)."""
    for decision in state.pending():
        if _no_show(match, seats, decision.seat, now_ms):
            _after_change(
                match, game, state, seats=seats, events=(Event("aborted", {"reason": "no_start"}),)
            )
            return "no_start"
        if decision.forced is None or match.clock.get("untimed"):
            _append(match, MoveKind.STALL, seat=decision.seat, ms=now_ms, detail="forfeit")
            _finish(match, game, seats, state.forfeit(decision.seat), EndReason.STALL, now_ms)
            _after_change(
                match, game, state, seats=seats, events=(Event("stalled", {"seat": decision.seat}),)
            )
            return "stall_forfeit"
    return None
