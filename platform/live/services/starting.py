"""Starting many live matches in one transaction (``matches_start``): whoever schedules a batch of
games at once — a tournament round's tables — creates them with a few bulk inserts instead of one
``match_start`` (and its five or six queries and its own after-commit send) per table.

Each match is built exactly as :func:`live.services.match_start` builds one (that function is this
one with a single match): the engine's state, the forced opening steps when it starts by itself,
the clock with its first-move bound, the AI watch, the seed's commitment.  Then the rows go in
together: every match, every seat, every opening step of the move log.  After the commit, and not
before, one callback publishes every match's views (the publisher sends what queued up in one
pipelined batch), queues each distinct clock slot's job once, and the AI seats' move jobs.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from games.core import Game, State, TimeControl
from games.registry import get_game

from .. import publish, selectors, timebase
from ..clock import clock_advance, clock_first_move, clock_new, clock_slot, wake_at
from ..errors import LiveError
from ..fairness import commitment_of, new_salt
from ..models import Match, MatchStatus, Move, MoveKind, Seat
from .ai import _watch_ai
from .enqueue import _queue_ai_moves, _queue_wake, _stall_bound_ms


@dataclass(frozen=True)
class SeatSpec:
    """Who takes a seat when a match starts: a user id or an AI level (``ai_name``: the AI's name
    when whoever makes the match has named it, as a tournament names its AI entrants)."""

    user_id: int | None = None
    ai_level: str = ""
    ai_name: str = ""


@dataclass(frozen=True)
class NewMatch:
    """One match to start: the arguments of :func:`live.services.match_start`, as a value."""

    game_slug: str
    seats: Sequence[SeatSpec]
    options: Mapping[str, Any] | None = None
    rated: bool = False
    created_by_id: int | None = None
    seed: int | None = None
    time_control: TimeControl | None = None
    from_queue: bool = False
    auto_start: bool = False
    first_move_ms: int | None = None


@dataclass
class _Built:
    match: Match
    game: Game
    state: State
    seats: list[Seat]
    opening: list[tuple[int, Any]] = field(default_factory=list)


@transaction.atomic
def matches_start(*, new: Sequence[NewMatch], publish_views: bool = True) -> list[Match]:
    """Create running matches, in the order given; the first decisions' clocks start now.

    ``publish_views=False`` leaves out the first views' publication: nobody can be in the groups
    of a match that did not exist before this commit, and whoever opens it later gets its
    snapshot on connect.  A caller that tells the players itself (a tournament round, whose
    notices would otherwise wait behind hundreds of views nobody receives) passes it.

    ``time_control`` defaults to the game's own.  ``auto_start`` applies the engine's forced
    opening steps (every seat's Start) at once; ``first_move_ms`` bounds each person's first move
    (:func:`live.clock.clock_first_move`).  A bad spec (seat count, AI level) raises
    :class:`LiveError` before anything is written.  Nothing is published or queued before the
    transaction commits."""
    now = timebase.stamp()
    built = [_build(spec, now.ms) for spec in new]
    if not built:
        return []
    Match.objects.bulk_create([b.match for b in built])
    for b in built:
        for seat in b.seats:
            seat.match = b.match
    Seat.objects.bulk_create([seat for b in built for seat in b.seats])
    # The seats with their users, read back in one query (every view names the players): one
    # lookup per seat and audience cost a round of 500 tables 3,000 queries.
    selectors.match_seats_prefetch([b.match for b in built])
    for b in built:
        b.seats = selectors.match_seats(b.match)
    detail = "applied at the start: the match starts by itself"
    moves = []
    for b in built:  # in the log like a stall's forced step, so replays hold
        for seq, (seat_no, action) in enumerate(b.opening, start=1):
            moves.append(
                Move(
                    match=b.match,
                    seq=seq,
                    seat=seat_no,
                    kind=MoveKind.STALL,
                    action=action,
                    arrived_ms=now.ms,
                    committed_ms=now.ms,
                    detail=detail,
                )
            )
    if moves:
        Move.objects.bulk_create(moves)
    _after_start(built, publish_views=publish_views)
    return [b.match for b in built]


def _build(spec: NewMatch, now_ms: int) -> _Built:
    game = get_game(spec.game_slug)
    seats = spec.seats
    if len(seats) not in game.seat_counts:
        raise LiveError("bad_seats", f"{game.title} is played by {game.seat_counts} players")
    for seat in seats:
        if seat.ai_level and seat.ai_level not in game.bots:
            raise LiveError("bad_level", f"unknown AI level {seat.ai_level!r}")
    seed = secrets.randbits(62) if spec.seed is None else spec.seed
    options = dict(spec.options or {})
    state = game.new_state(len(seats), options, seed)
    opening = _start_by_itself(game, state) if spec.auto_start else []
    clock = clock_advance(
        clock_new(seats=len(seats), control=spec.time_control or game.time_control),
        acted=None,
        decisions=state.pending(),
        now_ms=now_ms,
    )
    ai_seats = {i for i, s in enumerate(seats) if s.ai_level}
    if spec.first_move_ms is not None:
        people = [i for i in range(len(seats)) if i not in ai_seats]
        clock = clock_first_move(clock, bound_ms=spec.first_move_ms, seats=people)
    clock = _watch_ai(clock, state, ai_seats, now_ms)
    wake = wake_at(clock, stall_bound_ms=_stall_bound_ms())
    salt = new_salt()  # the commitment is fixed before anyone sees a card (live/fairness.py)
    match = Match(
        game=game.slug,
        seat_count=len(seats),
        options=options,
        seed=seed,
        seed_salt=salt,
        seed_commitment=commitment_of(seed=seed, salt=salt),
        rated=spec.rated,
        state=state.to_json(),
        clock=clock,
        wake_ms=wake,
        wake_job_ms=None if wake is None else clock_slot(wake),
        created_by_id=spec.created_by_id,
        status=MatchStatus.RUNNING,
        from_queue=spec.from_queue,
        seq=len(opening),
    )
    seat_rows = [
        Seat(
            seat=i,
            user_id=s.user_id,
            ai_level=s.ai_level,
            ai_name=s.ai_name if s.ai_level else "",
        )
        for i, s in enumerate(seats)
    ]
    return _Built(match=match, game=game, state=state, seats=seat_rows, opening=opening)


def _start_by_itself(game: Game, state: State) -> list[tuple[int, Any]]:
    """Apply the forced, clock-stopped steps a new match opens with (every seat's Start), as
    long as nothing else is pending; returns ``(seat, encoded action)`` of each, in order."""
    applied: list[tuple[int, Any]] = []
    for _ in range(8):  # an opening is a step or two; never loop on an engine's mistake
        pending = list(state.pending())
        if state.is_over() or not pending:
            break
        if any(d.timed or d.forced is None for d in pending):
            break
        for decision in pending:
            state.apply(decision.seat, decision.forced)
            applied.append((decision.seat, game.encode_action(decision.forced)))
    return applied


def _after_start(built: Sequence[_Built], *, publish_views: bool) -> None:
    """One after-commit callback for the whole batch: every match's views, each clock slot's job
    once (many tables of a round share a slot), the AI seats' first move jobs."""
    slots = sorted({b.match.wake_job_ms for b in built if b.match.wake_job_ms is not None})
    ai_jobs = []
    for b in built:
        ai = {s.seat for s in b.seats if s.ai_level}
        due = [d.seat for d in b.state.pending() if d.seat in ai]
        if due:
            ai_jobs.append((b.match.pk, b.match.seq, due))

    def send() -> None:
        for b in built if publish_views else ():
            publish.match_changed(
                match=b.match, game=b.game, state=b.state, seats=b.seats, events=()
            )
        for slot in slots:
            _queue_wake(slot)
        for match_id, seq, seats in ai_jobs:
            _queue_ai_moves(match_id, seq, seats)

    # Robust, as every after-commit send of live (enqueue._after_change): a lost frame is the
    # client's resync to make up, a lost clock or AI job the sweeper's (``wake_ms``, ``ai_due_ms``).
    transaction.on_commit(send, robust=True)
