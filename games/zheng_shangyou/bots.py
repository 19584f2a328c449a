"""Zheng Shangyou AI players, weakest first: random, greedy (smallest play), planner, expert.

The duty to beat decides whether a player plays; the bots only choose *which* play.  The planner
plans its hand (fewest plays to go out), answers with the play that breaks its plan least and is
lowest, spends a bomb as an answer when it should stand (20 points, and an unplayed bomb costs 10
at the end), releases the 2♠ before it can cost 10, and watches opponents about to go out.  On
lead, when a play that no unseen card can beat leaves one group of its plan, it plays that control
play first (it keeps the lead and goes out with the last group).  The planner's choice itself
is :func:`games.zheng_shangyou.planning.planner_pick`, on per-strength counts.  The expert adds,
at every real choice, a search over sampled worlds that agree with what the recent events show,
played out on counts by the planner (:mod:`games.zheng_shangyou.search`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards.bots import RandomBot as RandomBot
from games.cards.bots import smallest_key, without
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.shedding import Pass, Play
from games.core import JSON
from games.zheng_shangyou.combos import Combo, classify
from games.zheng_shangyou.planning import IN_DECK, planner_pick, play_cost
from games.zheng_shangyou.search import search_pick
from games.zheng_shangyou.state import Action


def _combo(action: Action, first_play: bool) -> Combo | None:
    if not isinstance(action, Play):
        return None
    return classify([SHEDDING_ORDER.strength(c) for c in action.cards], first_play)


class GreedyBot:
    """Always plays the smallest legal play, a bomb only when nothing else is legal."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        plays = [(a, c) for a in legal if (c := _combo(a, view["first_play"])) is not None]
        if not plays:
            return Pass()
        return min(plays, key=lambda ac: smallest_key(ac[1]))[0]


class PlannerBot:
    """Plans its hand, times its bombs for the bonus, and guards against opponents going out."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        plays = [(a, c) for a in legal if (c := _combo(a, view["first_play"])) is not None]
        if not plays:
            return Pass()
        counts = hand_counts(view)
        unseen = _unseen(view, counts) if view["table"] is None else None
        hand_sizes = [int(n) for n in view["hand_counts"]]
        pick = planner_pick(counts, [c for _, c in plays], hand_sizes, view["seat"], unseen)
        return plays[pick][0]


def hand_counts(view: Mapping[str, JSON]) -> list[int]:
    """Our hand as per-strength counts (13 strengths)."""
    counts = [0] * 13
    for t in view["hand"]:
        counts[SHEDDING_ORDER.strength(card(t))] += 1
    return counts


def _unseen(view: Mapping[str, JSON], counts: Sequence[int]) -> list[int]:
    """Per strength, the cards neither in our hand nor played yet (held by the opponents)."""
    out = list(IN_DECK)
    for cards in view["played"]:
        for t in cards:
            out[SHEDDING_ORDER.strength(card(t))] -= 1
    return [out[s] - counts[s] for s in range(13)]


class ExpertBot(PlannerBot):
    """The planner, plus a search over sampled worlds at every real choice.

    ``budget`` is the number of play-outs per decision at the start of the deal (split over the
    candidates; up to twice as many as the hands shrink, where play-outs are short); 0 or less
    means ``DEFAULT_BUDGET``, what the live platform plays and the bench measures.  The
    candidates are the planner's choice and the next plays in the planner's own order; each is
    played out in the same worlds (:mod:`games.zheng_shangyou.search`).
    """

    DEFAULT_BUDGET = 96
    CANDIDATES = 4

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        budget = budget if budget > 0 else self.DEFAULT_BUDGET
        plays = [(a, c) for a in legal if (c := _combo(a, view["first_play"])) is not None]
        if not plays:
            return Pass()
        counts = hand_counts(view)
        combos = [c for _, c in plays]
        unseen = _unseen(view, counts) if view["table"] is None else None
        hand_sizes = [int(n) for n in view["hand_counts"]]
        me = view["seat"]
        pick = planner_pick(counts, combos, hand_sizes, me, unseen)
        if len(plays) < 2 or view["first_play"] or len(combos[pick].strengths) == sum(counts):
            return plays[pick][0]
        candidates = [pick, *self._others(counts, combos, hand_sizes, me, pick, unseen)]
        # Play-outs shorten as the hands do: the same time buys more worlds later in the deal.
        left = sum(hand_sizes)
        worlds = budget * sum(IN_DECK) // max(left, 24) // len(candidates)
        if worlds < 2:
            return plays[pick][0]
        return plays[search_pick(view, counts, combos, candidates, rng, worlds)][0]

    def _others(
        self,
        counts: list[int],
        combos: list[Combo],
        hand_sizes: list[int],
        me: int,
        pick: int,
        unseen: list[int] | None,
    ) -> list[int]:
        """Up to ``CANDIDATES - 1`` plays besides ``pick``, in the planner's order."""
        danger = min(hand_sizes[s] for s in range(3) if s != me)
        leading = unseen is not None

        def key(i: int) -> tuple[float, int, int]:
            combo = combos[i]
            cost = play_cost(combo, without(counts, combo.strengths), leading, danger, counts)
            return (cost, combo.rank, -len(combo.strengths))

        rest = sorted((i for i in range(len(combos)) if i != pick), key=key)
        return rest[: self.CANDIDATES - 1]
