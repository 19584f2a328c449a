"""Reads for the replay of a finished match: the move log replayed from the seed, step by step,
with every seat's view (all hands revealed, one seat at a time), the public view, the clock as it
stood at each move and where each deal began.

Only for a match that is over: while it runs the log would reveal hidden choices (the API withholds
it too).  The clocks are recomputed from the log's arrival times with the live clock's own rules
(``live.clock``), so they show what the players saw within the rounding of the start time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Event, TimeControl, event_for
from games.registry import get_game

from .clock import clock_advance, clock_new, clock_stop_all
from .messages import state_message
from .models import Match, MatchStatus, MoveKind
from .selectors import match_seats

DEAL_EVENTS = frozenset({"deal", "dealt", "hand_start", "redeal"})
"""Event kinds with which the games announce a new deal (a new hand): the next step begins it."""
STEPS_PER_PAGE = 100


@dataclass
class _Step:
    index: int
    move: dict[str, Any] | None
    deal: int
    clock: dict[str, Any]
    now_ms: int
    events: list[Event]


def replayable(match: Match) -> bool:
    return match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED)


def _moves(match: Match) -> list[dict[str, Any]]:
    return list(
        match.moves.order_by("seq").values("seq", "seat", "kind", "action", "arrived_ms", "detail")
    )


def _start_ms(match: Match, moves: list[dict[str, Any]]) -> int:
    start = int(match.created_at.timestamp() * 1000)
    return min([start, *(m["arrived_ms"] for m in moves)])


def _walk(match: Match, stop: int | None = None) -> tuple[Any, list[_Step], Any]:
    """Replay ``match`` up to step ``stop`` (all steps: None); returns the game, the steps and the
    engine state at the last step walked."""
    game = get_game(match.game)
    state = game.new_state(match.seat_count, match.options or {}, match.seed)
    moves = _moves(match)
    clock_cfg = match.clock or {}
    control = TimeControl(
        bank_ms=int(clock_cfg.get("bank_ms", game.time_control.bank_ms)),
        delay_ms=int(clock_cfg.get("delay_ms", game.time_control.delay_ms)),
    )
    now = _start_ms(match, moves)
    clock = clock_advance(
        clock_new(seats=match.seat_count, control=control),
        acted=None,
        decisions=state.pending(),
        now_ms=now,
    )
    deal = 1
    steps = [_Step(0, None, deal, clock, now, [])]
    for i, move in enumerate(moves, start=1):
        if stop is not None and i > stop:
            break
        now = move["arrived_ms"]
        events: list[Event] = []
        if move["action"] is not None and move["kind"] in (MoveKind.ACTION, MoveKind.STALL):
            events = list(state.apply(move["seat"], game.decode_action(move["action"])))
            if state.is_over():
                clock = clock_stop_all(clock, now_ms=now)
            else:
                clock = clock_advance(
                    clock, acted=move["seat"], decisions=state.pending(), now_ms=now
                )
        else:
            clock = clock_stop_all(clock, now_ms=now)
        steps.append(_Step(i, move, deal, clock, now, events))
        if any(e.kind in DEAL_EVENTS for e in events):
            deal += 1
    return game, steps, state


def replay_index(*, match: Match) -> dict[str, Any]:
    """The whole match at a glance: every move (for the move list) with the public events it
    caused, where each deal begins."""
    _game, steps, _state = _walk(match)
    seats = match_seats(match)
    names = {s.seat: s.display_name for s in seats}
    deals: dict[int, int] = {}
    for step in steps:
        deals.setdefault(step.deal, step.index)
    return {
        "match": match.pk,
        "steps": len(steps),
        "seats": [{"seat": s.seat, "name": names[s.seat]} for s in seats],
        "deals": [{"deal": d, "step": i} for d, i in sorted(deals.items())],
        "moves": [
            {
                "step": s.index,
                "seq": s.move["seq"],
                "seat": s.move["seat"],
                "name": names.get(s.move["seat"]) if s.move["seat"] is not None else None,
                "kind": s.move["kind"],
                "action": s.move["action"],
                "arrived_ms": s.move["arrived_ms"],
                "deal": s.deal,
                # What the engine said the move did, as spectators see it: the board's words for
                # the move (its describeAction) read what the action alone does not say, e.g.
                # that the declarer's card came from the dummy, or who won the trick.
                "events": [event_for(e, None) for e in s.events],
            }
            for s in steps
            if s.move is not None
        ],
        "page": STEPS_PER_PAGE,
    }


def replay_steps(*, match: Match, start: int, stop: int) -> list[dict[str, Any]]:
    """Steps ``start`` to ``stop - 1``: for each, the state frame of every seat and of the
    spectators as it stood after that step (read-only: nothing is legal) and the clock."""
    game = get_game(match.game)
    seats = match_seats(match)
    state = game.new_state(match.seat_count, match.options or {}, match.seed)
    _g, steps, _s = _walk(match, stop=max(stop - 1, 0))
    out = []
    moves = _moves(match)
    for step in steps:
        if (
            step.move is not None
            and step.move["action"] is not None
            and step.move["kind"]
            in (
                MoveKind.ACTION,
                MoveKind.STALL,
            )
        ):
            state.apply(step.move["seat"], game.decode_action(step.move["action"]))
        if step.index < start:
            continue
        last = step.index == len(moves)
        shown = Match(
            pk=match.pk,
            game=match.game,
            seat_count=match.seat_count,
            seq=step.move["seq"] if step.move else 0,
            status=match.status if last else MatchStatus.RUNNING,
            rated=match.rated,
            clock=step.clock,
            result=match.result if last else None,
            end_reason=match.end_reason if last else "",
            abort_reason=match.abort_reason if last else "",
            seed=match.seed,
            state={},
        )
        frames = {}
        for seat in [*range(match.seat_count), None]:
            frame = state_message(
                match=shown,
                game=game,
                state=state,
                seats=seats,
                seat=seat,
                reason="update",
                now_ms=step.now_ms,
                events=step.events,
            )
            frame["legal"] = []
            frames["spectator" if seat is None else str(seat)] = frame
        out.append({"step": step.index, "deal": step.deal, "frames": frames})
    return out
