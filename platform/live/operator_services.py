"""Operators' writes to a match that the players' path never makes: deciding a result by hand
(adjudication) and forfeiting a banned player's seat.

Kept apart from :mod:`live.services` (the players' hot path) but built from its steps, so every
write here has the same shape: lock the match row → check → append to the move log → save → on
commit publish.  The reason players read is stored in ``abort_reason`` (the match page shows it
with any ending); who did it and why is in the move's ``detail`` and in the operations audit log,
which the caller writes in the same transaction (``operations.services``).  What a replaced
result means to other apps (ratings taken back and applied again) they register in
:data:`RESULT_REPLACED_HOOKS`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from django.db import transaction

from games.core import Event, SeatResult

from . import services, timebase
from .errors import LiveError
from .models import EndReason, MatchStatus, MoveKind

ADJUDICATED = EndReason.ADJUDICATED
"""``end_reason`` of a match whose result an operator decided (docs/api.md)."""
ADJUDICATE_MOVE = "adjudicate"
"""The move-log kind of an operator's decision (seat: the loser, or none for a draw)."""

RESULT_REPLACED_HOOKS: list[Callable[..., None]] = []
"""Functions apps register in their ``AppConfig.ready`` to react to an operator's verdict replacing
a finished match's result (ratings: take back the old changes, rate the verdict): each is called
as ``hook(match=…, game=…, seats=…, result=…)`` inside the adjudicating transaction, with the row
locked and ``result``/``end_reason`` already replaced.  The match-ended hooks do not run again."""


def _verdict(state: object, loser_seat: int | None, seat_count: int) -> list[SeatResult]:
    """The game's own forfeit result for ``loser_seat`` (teams as they stand), or a draw: every
    seat placed first, teams as the game's forfeit gives them (as a simultaneous flag)."""
    if loser_seat is not None and not 0 <= loser_seat < seat_count:
        raise LiveError("bad_seat", f"the match has no seat {loser_seat}")
    result = list(state.forfeit(0 if loser_seat is None else loser_seat))  # type: ignore[attr-defined]
    if loser_seat is None:
        result = [dataclasses.replace(r, placing=1) for r in result]
    return result


@transaction.atomic
def match_adjudicate(
    *, match_id: int, loser_seat: int | None, reason: str, by_user_id: int | None
) -> str:
    """Decide the result of a running (stuck) or finished match.

    A running match ends now with the verdict, rated as it was started, like any other ending
    (ratings, and the hooks of apps that react to endings, e.g. tournaments).  A finished match's
    result is replaced: the rating changes it caused are taken back and the verdict is rated
    instead; the ending hooks are not run again.  Returns ``"ended"`` or ``"replaced"``; a waiting
    or aborted match raises :class:`LiveError` (``match_not_decidable``).
    """
    match = services._lock(match_id)
    if match.status not in (MatchStatus.RUNNING, MatchStatus.FINISHED):
        raise LiveError("match_not_decidable", "only a running or finished match can be decided")
    game, state = services._load(match)
    seats = services._seats_of(match)
    result = _verdict(state, loser_seat, match.seat_count)
    now = timebase.stamp().ms
    services._append(
        match, ADJUDICATE_MOVE, seat=loser_seat, ms=now, detail=f"by user {by_user_id}: {reason}"
    )
    match.abort_reason = reason
    event = Event("adjudicated", {"loser": loser_seat})
    if match.status == MatchStatus.RUNNING:
        services._finish(match, game, seats, result, ADJUDICATED, now)
        services._after_change(match, game, state, seats=seats, events=(event,))
        return "ended"
    match.result = services._result_json(result)
    match.end_reason = ADJUDICATED
    services._save_match(match)
    for hook in RESULT_REPLACED_HOOKS:
        hook(match=match, game=game, seats=seats, result=result)
    services._after_change(match, game, state, seats=seats, events=(event,))
    return "replaced"


@transaction.atomic
def match_forfeit(*, match_id: int, seat: int, reason: str, by_user_id: int | None) -> bool:
    """End a running match as a loss for ``seat``'s side (the game's forfeit), as if it resigned:
    what a ban does to the banned player's matches.  False if the match was not running."""
    match = services._lock(match_id)
    if match.status != MatchStatus.RUNNING:
        return False
    game, state = services._load(match)
    seats = services._seats_of(match)
    if seat not in {s.seat for s in seats}:
        raise LiveError("bad_seat", f"the match has no seat {seat}")
    now = timebase.stamp().ms
    services._append(
        match, MoveKind.RESIGN, seat=seat, ms=now, detail=f"forfeit by user {by_user_id}: {reason}"
    )
    match.abort_reason = reason
    services._finish(match, game, seats, state.forfeit(seat), EndReason.RESIGN, now)
    services._after_change(
        match, game, state, seats=seats, events=(Event("resigned", {"seat": seat}),)
    )
    return True
