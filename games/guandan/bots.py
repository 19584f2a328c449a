"""Guandan AI players, weakest first: random and greedy.  Both read only their own seat's view and
the legal list they are handed (each play there names its reading, so no bot re-classifies cards).

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
from games.guandan.combos import BOMB_KINDS, card_rank, card_strength, is_wild, value_of

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
