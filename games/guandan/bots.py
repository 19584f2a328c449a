"""Guandan AI players, weakest first: random, greedy and expert.  Each reads only its own seat's
view and the legal list it is handed (each play there names its reading, so no bot re-classifies
cards).

The greedy player goes out when one play empties its hand, lets a partner's play stand, otherwise
plays the smallest combination that beats (fewest wildcards spent, no bomb broken up, lowest
value, most cards), and keeps its bombs for an opponent about to go out.  It returns the weakest
card it can spare after a tribute.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Final

from games.cards.notation import CARDS
from games.core import JSON
from games.guandan.actions import Action, Pass, Play, Return
from games.guandan.combos import (
    BOMB_KINDS,
    GROUP_KINDS,
    STRENGTH,
    card_rank,
    card_strength,
    is_wild,
    value_of,
)
from games.guandan.planning import Planner, counts_of

DANGER: Final = 5
"""An opponent holding this many cards or fewer may go out soon: worth a bomb."""


class RandomBot:
    """Picks uniformly among the legal actions."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        return rng.choice(list(legal))


class GreedyBot:
    """Smallest beating play, bombs kept, a winning partner left alone."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if len(legal) == 1:
            return legal[0]  # a forced pass, Continue, the only return
        hand = [CARDS[name] for name in view["hand"]]
        level = int(view["level"])
        returns = [a for a in legal if isinstance(a, Return)]
        if returns:
            return min(returns, key=lambda a: _return_key(a.card, hand, level))
        plays = [a for a in legal if isinstance(a, Play)]
        may_pass = any(isinstance(a, Pass) for a in legal)
        for play in plays:
            if len(play.cards) == len(hand):
                return play
        table = view["table"]
        me = int(view["seat"])
        if may_pass and table is not None and table["seat"] == (me + 2) % 4:
            return Pass()
        bombs = [p for p in plays if p.combo in BOMB_KINDS]
        ordinary = [p for p in plays if p.combo not in BOMB_KINDS]
        key = _play_key(hand, level)
        if ordinary:
            return min(ordinary, key=key)
        if bombs and (not may_pass or view["hand_counts"][table["seat"]] <= DANGER):
            return min(bombs, key=key)
        return Pass() if may_pass else min(plays, key=key)


def _return_key(card: int, hand: Sequence[int], level: int) -> tuple[int, int]:
    """Weakest first, sparing pairs and bigger groups: a card whose rank is held once goes first."""
    same = sum(1 for c in hand if card_rank(c) == card_rank(card) and not is_wild(c, level))
    return (same > 1, card_strength(card, level))


def _play_key(hand: Sequence[int], level: int) -> Callable[[Play], tuple[int, int, int, int]]:
    """The order of "smaller" plays: fewer wildcards, fewer bombs broken, lower, then longer."""
    naturals: dict[int, int] = {}
    for c in hand:
        if not is_wild(c, level):
            naturals[card_rank(c)] = naturals.get(card_rank(c), 0) + 1
    bomb_ranks = {r for r, n in naturals.items() if n >= 4}

    def key(play: Play) -> tuple[int, int, int, int]:
        wilds = sum(1 for c in play.cards if is_wild(c, level))
        broken = 0
        if play.combo != "bomb":
            broken = sum(
                1 for c in play.cards if card_rank(c) in bomb_ranks and not is_wild(c, level)
            )
        value = value_of(play.combo, play.rank, len(play.cards), level)
        return (wilds, broken, value, -len(play.cards))

    return key


# ---- the expert --------------------------------------------------------------------------------

BASE_SLACK: Final = 0.35
"""How much an answer to an opponent may worsen the plan (:meth:`Planner.cost`) and still be
played rather than passing: taking the lead is worth about that much."""
FINISH_SOON: Final = 1.0
"""A plan this cheap after a bomb goes out within a lead or two: worth the bomb."""
SEQUENCE_LOW: Final = {"straight": 5, "pair_run": 3, "triple_run": 2}
"""The lowest top rank of each ordinary sequence."""


class ExpertBot:
    """Plans its hand (:mod:`games.guandan.planning`) and plays for the partnership.

    Leading, it sheds the play that leaves the cheapest plan (its weakest combinations first,
    sequences and full houses before their parts, no wildcard on a lone single, pair or triple),
    avoids leading the size an opponent could go out with, and feeds a partner close to going
    out.  Following an opponent it answers with the play that costs its plan least, passes when
    every answer would cost more than the lead is worth — less willing to pass the fewer cards
    that opponent holds, more when its partner may still answer — and spends a bomb only on an
    opponent close to going out or when the lead then takes it out quickly.  It lets a partner's
    play stand unless it can go out.  After a tribute it gives back the card whose loss costs its
    plan least (the weakest among equals).  It does not search: ``budget`` is ignored.
    """

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        turn = _Turn(view)
        returns = [a for a in legal if isinstance(a, Return)]
        if returns:
            return min(returns, key=turn.return_key)
        plays = [a for a in legal if isinstance(a, Play)]
        for play in plays:
            if len(play.cards) == turn.size:
                return play
        table = view["table"]
        if table is None:
            return turn.lead(plays)
        return turn.follow(plays, int(table["seat"]), any(isinstance(a, Pass) for a in legal))


class _Turn:
    """One decision of the expert: its hand and plan, and the seats around it."""

    def __init__(self, view: Mapping[str, JSON]) -> None:
        self.level = level = int(view["level"])
        hand = [CARDS[name] for name in view["hand"]]
        self.size = len(hand)
        self.me = int(view["seat"])
        self.partner = (self.me + 2) % 4
        self.counts = [int(n) for n in view["hand_counts"]]
        self.out = {int(s) for s in view["places"]}
        self.planner = Planner(level)
        self.hand_counts, self.wilds = counts_of(hand, level)
        self.now = self.planner.cost(self.hand_counts, self.wilds)

    def cost_without(self, cards: Sequence[int]) -> float:
        """The plan cost of the hand once ``cards`` are gone."""
        counts = list(self.hand_counts)
        wilds = self.wilds
        for c in cards:
            if is_wild(c, self.level):
                wilds -= 1
            else:
                counts[card_rank(c)] -= 1
        return self.planner.cost(tuple(counts), wilds)

    def return_key(self, action: Return) -> tuple[float, int]:
        return (self.cost_without((action.card,)), card_strength(action.card, self.level))

    def height(self, play: Play) -> float:
        """Where a play stands among its kind, 0 (lowest) to 1 (highest; bombs)."""
        if play.combo in BOMB_KINDS:
            return 1.0
        low = SEQUENCE_LOW.get(play.combo)
        if low is not None:
            return (play.rank - low) / (14 - low)
        return STRENGTH[self.level][play.rank] / 14

    def lead(self, plays: Sequence[Play]) -> Play:
        opponents = [s for s in ((self.me + 1) % 4, (self.me + 3) % 4) if s not in self.out]
        partner_left = 0 if self.partner in self.out else self.counts[self.partner]
        danger = min((self.counts[s] for s in opponents), default=99)

        def score(play: Play) -> tuple[float, int, int]:
            cost = self.cost_without(play.cards)
            size = len(play.cards)
            if play.combo not in BOMB_KINDS:
                weak = 1.0 - self.height(play)
                # An opponent holding exactly this many cards may go out over it.
                cost += sum(1.5 * weak + 0.5 for s in opponents if self.counts[s] == size)
                # A partner close to going out may go out over a low one.
                if partner_left == size and danger > partner_left:
                    cost -= 0.8 * weak
            return (cost, -size, value_of(play.combo, play.rank, size, self.level))

        # A wildcard spent on a lone single, pair or triple is never the lead that plans best.
        plain = [
            p
            for p in plays
            if p.combo not in GROUP_KINDS or not any(is_wild(c, self.level) for c in p.cards)
        ]
        return min(plain or plays, key=score)

    def follow(self, plays: Sequence[Play], owner: int, may_pass: bool) -> Action:
        if owner == self.partner and may_pass:
            return Pass()
        left = self.counts[owner]
        urgency = 3.0 if left <= 2 else 1.5 if left <= 5 else 0.6 if left <= 8 else 0.0
        if self.partner not in self.out and owner == (self.me + 3) % 4:
            urgency *= 0.5  # the partner answers after the next opponent
        ordinary = [p for p in plays if p.combo not in BOMB_KINDS]
        if ordinary:
            best = min(ordinary, key=lambda p: (self.cost_without(p.cards), self.height(p)))
            if not may_pass or self.cost_without(best.cards) - self.now <= BASE_SLACK + urgency:
                return best
        bombs = [p for p in plays if p.combo in BOMB_KINDS]
        if bombs:
            bomb = min(bombs, key=self._bomb_key)
            if not may_pass or left <= DANGER or self.cost_without(bomb.cards) <= FINISH_SOON:
                return bomb
        return Pass()

    def _bomb_key(self, play: Play) -> tuple[float, int]:
        return (
            self.cost_without(play.cards),
            value_of(play.combo, play.rank, len(play.cards), self.level),
        )
