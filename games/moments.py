"""The "moments" analysis after a match (issue #32) for every game that is not judged double-dummy:
at each decision of a person, what the strongest AI level would have played and the seat's
expected score before its play, after it and after the suggestion — the computer's own view.

How a decision is judged (pure, deterministic: the same match gives the same result):

* The match is replayed from its seed and move log (:class:`games.core.AnalysisInput`).
* At a decision of a seat held by a person that was a real choice (not a forced Continue or reveal,
  more than one legal action), the strongest level (``game.bots``' last) chooses from that seat's
  own view, with its default budget and an ``rng`` fixed by the seed and the step.
* Each estimate is the mean of ``playouts`` play-outs from the true position (after the action
  judged; "before" lets the fast level choose the seat's action too), every seat played by the
  fast level (``game.bots``' second, each bot seeing only its own view; a share
  :attr:`Settings.explore` of the actions is random legal ones instead, so that play-outs differ),
  to the end of the current deal — not the match — and scored by the game's
  :class:`DealScoring` in ``[0, 1]``.  The three estimates of one decision share their
  play-outs' random streams (common random numbers), so their differences are not swamped by the
  luck of the play-outs.
* Cards or tiles that no seat had seen at the decision and that the deal draws later (a Hold'em
  board still face down, a boneyard's undrawn tiles) are re-drawn in each play-out by the game's
  ``conceal``: the estimates are expectations, not hindsight, and do not depend on cards the
  finished replay never shows (a board never turned because the hand ended early).
* Moments: the decisions whose play the computer rates lowest against its suggestion (the largest
  drop ``best - after``), the biggest few.

The cost is bounded by :class:`Settings` (decisions judged per match, play-outs per estimate,
actions per play-out); docs/architecture.md gives the measured figures.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.core import JSON, AnalysisInput, Bot, Game, State

VERSION: Final = 1
"""Bumped when the result's shape changes (stored results carry it)."""
KIND: Final = "moments"
"""The result's ``kind``: the replay page shows a moments list for it."""

type AnyState = State[Any]


@dataclass(frozen=True, slots=True)
class DealScoring:
    """What a game tells the moments analysis; each game's ``analysis.py`` gives one.

    ``deal_over(start, now)``: the deal that was being played in ``start`` (the position judged) is
    over in ``now`` (a play-out stops there; a match that is over stops it too).
    ``score(start, end, seat)``: ``seat``'s result of that deal in ``[0, 1]`` (1 best), read off
    ``end``, the play-out's state where ``deal_over`` first held (or the match ended).
    ``conceal(state, rng)``: optional; re-draws in a play-out's copy the cards or tiles no seat
    has seen yet that the deal draws later, so the estimates are expectations and cannot depend on
    cards the finished replay never shows.
    """

    deal_over: Callable[[AnyState, AnyState], bool]
    score: Callable[[AnyState, AnyState, int], float]
    conceal: Callable[[AnyState, random.Random], None] | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    """The bounds on one match's analysis (the job's CPU time grows with their product)."""

    playouts: int = 12
    """Play-outs per estimate (three estimates per decision, two when the suggestion was played)."""
    max_decisions: int = 48
    """Decisions judged per match at most: a match with more real choices of people has this many
    of them judged, spread evenly over it (the result says how many of how many)."""
    max_steps: int = 600
    """Actions per play-out before it is given up (a play-out given up is not counted)."""
    moments: int = 5
    """How many moments are listed."""
    explore: float = 0.15
    """The chance that a play-out's action is a random legal one instead of the fast level's: the
    fast levels are mostly deterministic, and a deal with every card dealt would otherwise give
    the same play-out every time — one line of play, not an estimate."""
    min_drop: float = 0.1
    """A drop smaller than this is noise of the play-outs, never a moment."""


def _copy(game: Game[Any], snapshot: Mapping[str, JSON]) -> AnyState:
    return game.state_from_json(snapshot)


def _playout(
    game: Game[Any],
    scoring: DealScoring,
    start: AnyState,
    snapshot: Mapping[str, JSON],
    first: tuple[int, Any] | None,
    seat: int,
    rng: random.Random,
    fast: Callable[[], Bot[Any]],
    max_steps: int,
    explore: float,
) -> float | None:
    """One play-out from ``snapshot`` (``first`` applied first when given) to the deal's end;
    ``seat``'s score, or None when it ran past ``max_steps``."""
    state = _copy(game, snapshot)
    if scoring.conceal is not None:
        scoring.conceal(state, rng)
    bots: dict[int, Bot[Any]] = {}
    if first is not None:
        state.apply(*first)
    for _ in range(max_steps):
        if state.is_over() or scoring.deal_over(start, state):
            return min(1.0, max(0.0, float(scoring.score(start, state, seat))))
        decision = state.pending()[0]
        acting = decision.seat
        if decision.forced is not None:
            action = decision.forced
        else:
            legal = state.legal_actions(acting)
            if rng.random() < explore:
                action = rng.choice(list(legal))
            else:
                bot = bots.get(acting)
                if bot is None:
                    bot = bots[acting] = fast()
                action = bot.choose(state.view(acting), legal, rng, 0)
        state.apply(acting, action)
    return None


def _estimate(
    game: Game[Any],
    scoring: DealScoring,
    settings: Settings,
    snapshot: Mapping[str, JSON],
    first: tuple[int, Any] | None,
    seat: int,
    salt: str,
) -> float | None:
    """The mean score of ``settings.playouts`` play-outs (None when none reached the deal's end).
    Play-out *k* draws from ``Random(f"{salt}:{k}")`` whatever ``first`` is: common random
    numbers for the estimates of one decision."""
    fast = list(game.bots.values())[min(1, len(game.bots) - 1)]
    start = _copy(game, snapshot)
    scores = [
        s
        for k in range(settings.playouts)
        if (
            s := _playout(
                game,
                scoring,
                start,
                snapshot,
                first,
                seat,
                random.Random(f"{salt}:{k}"),
                fast,
                settings.max_steps,
                settings.explore,
            )
        )
        is not None
    ]
    return round(sum(scores) / len(scores), 3) if scores else None


def _judged(state: AnyState, seat: int) -> bool:
    """Whether ``seat``'s decision now is a real choice (not forced, more than one action)."""
    for decision in state.pending():
        if decision.seat == seat:
            return decision.forced is None and len(state.legal_actions(seat)) > 1
    return False


def analyse_moments(
    game: Game[Any],
    scoring: DealScoring,
    record: AnalysisInput,
    settings: Settings | None = None,
) -> dict[str, JSON]:
    """The moments analysis of a match that is over (or was stopped: resigned, lost on time,
    aborted — its moves are judged as far as they went).  Raises as ``apply`` does on a move log
    the engine does not accept."""
    settings = settings or Settings()
    strongest = list(game.bots)[-1]
    candidates = _choices(game, record)
    chosen = set(_spread(candidates, settings.max_decisions))
    state = game.new_state(record.seats, record.options, record.seed)
    decisions: list[dict[str, JSON]] = []
    for index, (seat, action_json) in enumerate(record.moves):
        played = game.decode_action(action_json)
        if index in chosen:
            decisions.append(_decision(game, scoring, settings, record, state, index, seat, played))
        state.apply(seat, played)
    ranked = sorted(
        (d for d in decisions if _drop(d) >= settings.min_drop),
        key=lambda d: (-_drop(d), d["index"]),
    )
    return {
        "version": VERSION,
        "kind": KIND,
        "level": strongest,
        "playouts": settings.playouts,
        "decisions": decisions,
        "judged": len(decisions),
        "of": len(candidates),
        "moments": [d["index"] for d in ranked[: settings.moments]],
    }


def _choices(game: Game[Any], record: AnalysisInput) -> list[int]:
    """The move log's places of every decision a person made that was a real choice."""
    state = game.new_state(record.seats, record.options, record.seed)
    found = []
    for index, (seat, action_json) in enumerate(record.moves):
        if seat in record.people and _judged(state, seat):
            found.append(index)
        state.apply(seat, game.decode_action(action_json))
    return found


def _spread(candidates: list[int], most: int) -> list[int]:
    """All of ``candidates``, or ``most`` of them spread evenly over the match (first included),
    so that a long match is judged in every part, not only in its first deal."""
    if len(candidates) <= most:
        return candidates
    return [candidates[i * len(candidates) // most] for i in range(most)]


def _drop(decision: Mapping[str, JSON]) -> float:
    after, best = decision["after"], decision["best"]
    if after is None or best is None:
        return 0.0
    return round(float(best) - float(after), 3)


def _decision(
    game: Game[Any],
    scoring: DealScoring,
    settings: Settings,
    record: AnalysisInput,
    state: AnyState,
    index: int,
    seat: int,
    played: Any,
) -> dict[str, JSON]:
    """One judged decision: ``index`` is the action's place in the move log (0 first)."""
    strongest = list(game.bots.values())[-1]()
    salt = f"{record.seed}:moments:{index}"
    suggested = strongest.choose(
        state.view(seat), state.legal_actions(seat), random.Random(f"{salt}:choice"), 0
    )
    snapshot = state.to_json()
    before = _estimate(game, scoring, settings, snapshot, None, seat, salt)
    after = _estimate(game, scoring, settings, snapshot, (seat, played), seat, salt)
    played_json = game.encode_action(played)
    suggested_json = game.encode_action(suggested)
    same = suggested_json == played_json
    best = (
        after
        if same
        else _estimate(game, scoring, settings, snapshot, (seat, suggested), seat, salt)
    )
    decision: dict[str, JSON] = {
        "index": index,
        "seat": seat,
        "played": played_json,
        "suggested": suggested_json,
        "same": same,
        "before": before,
        "after": after,
        "best": best,
    }
    decision["drop"] = _drop(decision)
    return decision


def score_by_placing(start: AnyState, end: AnyState, seat: int) -> float:
    """A one-deal match's score: the seat's placing in ``end.result()`` from 1 (first) down to 0
    (last), partners sharing their side's placing."""
    result = end.result()
    if result is None:
        return 0.5
    worst = max(r.placing for r in result)
    placing = next(r.placing for r in result if r.seat == seat)
    return 0.5 if worst <= 1 else (worst - placing) / (worst - 1)


def score_by_chips(delta: int, stake: int) -> float:
    """Chips won (positive) or lost in a deal as a score: 0.5 for even, 0 for losing the whole
    ``stake`` (what the seat had when the deal began), 1 for winning as much or more."""
    return min(1.0, max(0.0, 0.5 + delta / (2 * max(1, stake))))


def score_by_promotion(winners: int, promotion: int, seat: int) -> float:
    """A level game's deal for a team game (team = seat % 2): the winning team's score grows with
    its promotion (none — Tractor's take-over — to three levels: 0.625 to 1), the losers' is its
    mirror."""
    gain = 0.5 * (min(max(promotion, 0), 3) + 1) / 4
    return 0.5 + gain if seat % 2 == winners else 0.5 - gain


def analyser(game: Game[Any], scoring: DealScoring) -> Callable[[AnalysisInput], dict[str, JSON]]:
    """A game's ``analyse`` hook (``games/<slug>/analysis.py``) built on this module."""

    def analyse(record: AnalysisInput) -> dict[str, JSON]:
        return analyse_moments(game, scoring, record)

    return analyse
