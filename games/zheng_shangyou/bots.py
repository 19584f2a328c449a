"""Zheng Shangyou AI players, weakest first: random, greedy (smallest play), planner, expert.

The duty to beat decides whether a player plays; the bots only choose *which* play.  The planner
plans its hand (fewest plays to go out), answers with the play that breaks its plan least and is
lowest, spends a bomb as an answer when it should stand (20 points, and an unplayed bomb costs 10
at the end), releases the 2♠ before it can cost 10, and watches opponents about to go out.  On
lead, when a play that no unseen card can beat leaves one group of its plan, it plays that control
play first (it keeps the lead and goes out with the last group).  The
expert adds a search over sampled worlds near the end of the deal
(:mod:`games.zheng_shangyou.search`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards.bots import RandomBot as RandomBot
from games.cards.bots import smallest_key, without
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.search import planner_policy, worth_searching
from games.cards.shedding import Pass, Play
from games.core import JSON
from games.zheng_shangyou.combos import ACE, SEQ_LIMIT, TWO, Combo, classify
from games.zheng_shangyou.planning import turns
from games.zheng_shangyou.search import best_by_playouts
from games.zheng_shangyou.state import DECK, Action

_IN_DECK = [sum(1 for c in DECK if SHEDDING_ORDER.strength(c) == s) for s in range(13)]
"""Cards of each strength in the 48-card deck (four of most ranks, three Aces, one 2)."""


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
        hand = [SHEDDING_ORDER.strength(card(t)) for t in view["hand"]]
        counts = [0] * 15
        for s in hand:
            counts[s] += 1
        for action, combo in plays:
            if len(combo.strengths) == len(hand):
                return action
        me = view["seat"]
        danger = min(int(view["hand_counts"][s]) for s in range(3) if s != me)
        leading = view["table"] is None
        if leading:
            control = self._control_lead(view, counts, plays)
            if control is not None:
                return control
        best: Action | None = None
        best_key: tuple[float, ...] = ()
        for action, combo in plays:
            rest = without(counts, combo.strengths)
            key = (
                self._cost(combo, rest, leading, danger, counts),
                combo.rank,
                -len(combo.strengths),
            )
            if best is None or key < best_key:
                best, best_key = action, key
        assert best is not None  # ``plays`` is not empty
        return best

    @staticmethod
    def _control_lead(
        view: Mapping[str, JSON], counts: list[int], plays: list[tuple[Action, Combo]]
    ) -> Action | None:
        """A lead nobody can beat that leaves one group of the plan (longest first), or None:
        nobody can answer it, so the lead comes back and the last group goes out next."""
        unseen = _unseen(view, counts)
        me = view["seat"]
        most = max(int(view["hand_counts"][s]) for s in range(3) if s != me)
        for action, combo in sorted(plays, key=lambda ac: -len(ac[1].strengths)):
            if turns(tuple(without(counts, combo.strengths))) <= 1 and _unbeatable(
                combo, unseen, most
            ):
                return action
        return None

    @staticmethod
    def _cost(
        combo: Combo, rest: list[int], leading: bool, danger: int, counts: list[int]
    ) -> float:
        """Plays left after ``combo``, adjusted for bombs, the 2♠ and opponents near the end."""
        cost = float(turns(tuple(rest)))
        size = len(combo.strengths)
        if combo.is_bomb:
            # A bomb spent as an answer usually stands (+20) and can no longer cost 10 in hand;
            # leading one earns nothing, so keep it while other plays remain.
            cost += 1.5 if leading else -0.5
        elif combo.rank >= TWO and not leading:
            cost += 0.0 if sum(rest) <= 6 or danger <= 2 else 0.8
        elif combo.rank == ACE and combo.kind == "single":
            cost += 0.3
        if leading and danger <= 2 and size == danger and combo.kind in ("single", "pair"):
            highest = max(s for s in range(13) if counts[s] >= size)
            cost += 0.0 if combo.rank == highest else 3.0
        return cost


def _unseen(view: Mapping[str, JSON], counts: Sequence[int]) -> list[int]:
    """Per strength, the cards neither in our hand nor played yet (held by the opponents)."""
    out = list(_IN_DECK)
    for cards in view["played"]:
        for t in cards:
            out[SHEDDING_ORDER.strength(card(t))] -= 1
    return [out[s] - counts[s] for s in range(13)]


def _unbeatable(combo: Combo, unseen: Sequence[int], most: int) -> bool:
    """Whether no answer to ``combo`` can be made from the ``unseen`` cards by an opponent holding
    at most ``most`` cards (a bomb needs four, the three Aces three, a same-shape answer as many
    cards as ``combo``)."""
    if combo.kind in ("ace_bomb", "heavenly_bomb"):
        return True  # the heavenly bomb is only ever the first play of a deal
    if most >= 3 and unseen[ACE] == 3:
        return False  # the three Aces beat every ordinary play and every four-card bomb
    floor = combo.rank if combo.kind == "bomb" else -1
    if most >= 4 and any(unseen[s] == 4 for s in range(floor + 1, 13)):
        return False
    if combo.is_bomb or most < len(combo.strengths):
        return True
    width = {"single": 1, "pair": 2, "triple": 3}.get(combo.kind)
    if width is not None:
        return not any(unseen[s] >= width for s in range(combo.rank + 1, 13))
    per_rank = 1 if combo.kind == "straight" else 2
    span = len(combo.strengths) // per_rank
    return not any(
        all(unseen[s] >= per_rank for s in range(top - span + 1, top + 1))
        for top in range(combo.rank + 1, SEQ_LIMIT)
    )


class ExpertBot(PlannerBot):
    """The planner, plus a search over sampled worlds once the deal nears its end.

    ``budget`` is the number of play-outs per decision (split over the candidates, capped at
    ``MAX_PLAYOUTS``); 0 or less means ``DEFAULT_BUDGET``, what the live platform plays and the
    bench measures.  The search runs only when some hand is short, where play-outs are short and
    decisive.
    """

    DEFAULT_BUDGET = 32
    CANDIDATES = 4
    ENDGAME = 5
    MAX_PLAYOUTS = 32

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        budget = budget if budget > 0 else self.DEFAULT_BUDGET
        planner_choice = super().choose(view, legal, rng, budget)
        if not worth_searching(view, legal, budget, self.CANDIDATES, self.ENDGAME):
            return planner_choice
        first_play = view["first_play"]
        others = sorted(
            (a for a in legal if a != planner_choice), key=lambda a: _order(a, first_play)
        )
        candidates = [planner_choice, *others[: self.CANDIDATES - 1]]
        worlds = min(budget, self.MAX_PLAYOUTS) // len(candidates)
        return best_by_playouts(view, candidates, planner_policy(PlannerBot()), rng, worlds)


def _order(action: Action, first_play: bool) -> tuple[int, int, int]:
    combo = _combo(action, first_play)
    if combo is None:
        return (2, 0, 0)
    return smallest_key(combo)
