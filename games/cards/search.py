"""Sampled-world search shared by the shedding-game experts.

An expert cannot see the other hands, so it samples *worlds*: full states consistent with its own
view.  Each candidate play is tried in the same worlds and the deal is finished by a fast policy
(the game's planner) for every seat; the candidate with the best total outcome wins.  The games
differ in how a world is sampled and what a final score is worth to the searching seat, not in
this loop, so they pass those two in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from games.core import JSON, Bot, State

type Policy[A] = Callable[[Mapping[str, JSON], Sequence[A], random.Random], A]
"""A play-out policy: ``policy(view, legal, rng)`` returns one of ``legal``."""


def planner_policy[A](planner: Bot[A]) -> Policy[A]:
    """``planner`` as a play-out policy: its own choice, with no search budget of its own."""

    def policy(view: Mapping[str, JSON], legal: Sequence[A], rng: random.Random) -> A:
        return planner.choose(view, legal, rng, 0)

    return policy


def worth_searching[A](
    view: Mapping[str, JSON], legal: Sequence[A], budget: int, candidates: int, endgame: int
) -> bool:
    """Whether an expert should search: a real choice, budget for two play-outs per candidate,
    and some hand down to ``endgame`` cards, where play-outs are short and decisive."""
    return len(legal) >= 2 and budget >= 2 * candidates and min(view["hand_counts"]) <= endgame


def playout_search[A](
    view: Mapping[str, JSON],
    candidates: Sequence[A],
    policy: Policy[A],
    rng: random.Random,
    worlds: int,
    *,
    sample: Callable[[Mapping[str, JSON], random.Random], State[A]],
    restore: Callable[[Mapping[str, JSON]], State[A]],
    outcome: Callable[[int], float],
    keep_first_by: float = 0.0,
) -> A:
    """The candidate with the best total ``outcome(final score)`` for ``view``'s seat.

    ``sample(view, rng)`` draws one world; ``restore(snapshot)`` rebuilds it from ``to_json()`` so
    that every candidate after the first starts from the same world.  Ties go to the earlier
    candidate.  The first candidate (the caller's default, say the planner's choice) stays unless
    another's total beats it by more than ``keep_first_by``: with a handful of worlds a candidate
    often leads by one lucky world, and moving away from a sound default on that is a loss.
    """
    me = view["seat"]
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        world = sample(view, rng)
        snapshot = world.to_json()
        for i, action in enumerate(candidates):
            state = restore(snapshot) if i else world
            state.apply(me, action)
            while not state.is_over():
                seat = state.pending()[0].seat
                state.apply(seat, policy(state.view(seat), state.legal_actions(seat), rng))
            totals[i] += outcome(state.view(None)["result"]["scores"][me])
    handicap = [0.0] + [keep_first_by] * (len(candidates) - 1)
    best = max(range(len(candidates)), key=lambda i: (totals[i] - handicap[i], -i))
    return candidates[best]
