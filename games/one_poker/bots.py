"""One Poker AI levels, each deciding from its own seat's view only.

* ``RandomBot`` — any legal action.
* ``GreedyBot`` — locks its stronger card, bets it when high, calls middling, folds low.
* ``ExpertBot`` — samples the opponent's two cards from the unseen cards consistent with the public
  UP/DOWN signals and with what the last deal revealed (the card the opponent kept is in the group
  its old signal minus its revealed lock leaves, and usually no stronger than the card it chose to
  lock), models which card the opponent locks, and picks the lock that wins most often while keeping
  a useful card for the next deal.  It bets for value by win chance, calls by pot odds after reading
  the opponent's bet as strength, and bluffs weak locks at a fixed, measured frequency.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from games.cards import parse, rank
from games.core import JSON
from games.one_poker.actions import Lock, OnePokerAction
from games.one_poker.state import UP_FROM, beats
from games.poker.betting import BetAction

RANKS = tuple(range(2, 15))
BLUFF_RATE = 0.3
"""Share of weak locks bet as a bluff when checked to (about one bluff per two value bets)."""


VALUES = {r: sum(1 for o in RANKS if beats(r, o)) / 13 for r in RANKS}
"""Share of ranks each rank beats: Ace and King are best (11/13), 2 and 3 worst (1/13)."""


def value(r: int) -> float:
    return VALUES[r]


def _up(r: int) -> bool:
    return r >= UP_FROM


def _split(legal: Sequence[OnePokerAction]) -> tuple[list[Lock], list[BetAction]]:
    """The offered locks and the offered bets (one of the two lists is empty: a seat either locks
    or bets)."""
    locks = [a for a in legal if isinstance(a, Lock)]
    bets = [a for a in legal if isinstance(a, BetAction)]
    return locks, bets


class RandomBot:
    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[OnePokerAction],
        rng: random.Random,
        budget: int,
    ) -> OnePokerAction:
        return rng.choice(list(legal))


def _bet_near(legal: Sequence[BetAction], target: int) -> BetAction | None:
    sized = [a for a in legal if a.kind in ("bet", "raise")]
    return min(sized, key=lambda a: abs(a.to - target)) if sized else None


def _first(legal: Sequence[BetAction], *kinds: str) -> BetAction:
    for kind in kinds:
        for a in legal:
            if a.kind == kind:
                return a
    return legal[0]


class GreedyBot:
    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[OnePokerAction],
        rng: random.Random,
        budget: int,
    ) -> OnePokerAction:
        locks, bets = _split(legal)
        if locks:
            return max(locks, key=lambda a: value(rank(a.card)))
        return self._bet(view, bets)

    @staticmethod
    def _bet(view: Mapping[str, JSON], legal: Sequence[BetAction]) -> BetAction:
        mine = rank(parse(view["my_lock"]))
        if value(mine) >= 9 / 13:
            bet = _bet_near(legal, int(view["level"]) + int(view["pot"]))
            if bet is not None:
                return bet
            return _first(legal, "call", "check")
        if value(mine) >= 6 / 13:
            return _first(legal, "check", "call")
        return _first(legal, "check", "fold")


class ExpertBot:
    DEFAULT_BUDGET = 300
    """Opponent hands sampled per decision when the caller passes no positive budget."""

    def __init__(self, default_budget: int = DEFAULT_BUDGET) -> None:
        self.default_budget = default_budget

    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[OnePokerAction],
        rng: random.Random,
        budget: int,
    ) -> OnePokerAction:
        samples = self._sample_opponent(view, rng, budget if budget > 0 else self.default_budget)
        locks, bets = _split(legal)
        if locks:
            return self._lock(view, locks, samples)
        return self._bet(view, bets, samples, rng)

    @staticmethod
    def _unseen(view: Mapping[str, JSON]) -> dict[int, int]:
        """Copies of each rank the viewer has not seen (two packs: 8 per rank)."""
        left = dict.fromkeys(RANKS, 8)
        for card in list(view["hand"]) + list(view["discards"]):
            left[rank(parse(card))] -= 1
        return left

    def _sample_opponent(
        self, view: Mapping[str, JSON], rng: random.Random, count: int
    ) -> list[tuple[int, int]]:
        """Opponent hands (kept-card candidate first) consistent with the signals and history."""
        opp = 1 - int(view["seat"])
        left = self._unseen(view)
        ups = int(view["signals"][opp]["up"])
        groups = [True] * ups + [False] * (2 - ups)
        kept_cap: int | None = None
        last = view["last_deal"]
        if last is not None:
            old_up = int(last["signals"][opp]["up"])
            revealed = rank(parse(last["locked"][opp]))
            old = [True] * old_up + [False] * (2 - old_up)
            old.remove(_up(revealed))
            kept_group = old[0]
            if kept_group in groups:
                groups.remove(kept_group)
                groups.insert(0, kept_group)
                if old_up in (0, 2):
                    kept_cap = revealed  # same group: usually it locked the stronger of the two
        out: list[tuple[int, int]] = []
        pools = {
            g: [r for r in RANKS if _up(r) == g for _ in range(max(0, left[r]))]
            for g in (True, False)
        }
        for _ in range(count):
            first = rng.choice(pools[groups[0]])
            if kept_cap is not None and value(first) > value(kept_cap) and rng.random() < 0.6:
                first = rng.choice(pools[groups[0]])
            second = rng.choice(pools[groups[1]])
            out.append((first, second))
        return out

    @staticmethod
    def _opp_lock(hand: tuple[int, int]) -> list[tuple[int, float]]:
        """The opponent usually locks its stronger card."""
        a, b = hand
        if value(a) == value(b):
            return [(a, 0.5), (b, 0.5)]
        strong, weak = (a, b) if value(a) > value(b) else (b, a)
        return [(strong, 0.75), (weak, 0.25)]

    def _win_chance(self, mine: int, samples: list[tuple[int, int]], opp_bet: bool) -> float:
        won = total = 0.0
        for hand, count in Counter(samples).items():
            for card, p in self._opp_lock(hand):
                w = count * p * ((0.25 + value(card)) if opp_bet else 1.0)
                total += w
                won += w if beats(mine, card) else w / 2 if mine == card else 0.0
        return won / total if total else 0.5

    def _lock(
        self, view: Mapping[str, JSON], legal: Sequence[Lock], samples: list[tuple[int, int]]
    ) -> Lock:
        hand = [rank(parse(c)) for c in view["hand"]]

        def score(a: Lock) -> float:
            mine = rank(a.card)
            kept = hand[1] if hand[0] == mine else hand[0]
            return self._win_chance(mine, samples, False) + 0.2 * value(kept)

        return max(legal, key=score)

    def _bet(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[BetAction],
        samples: list[tuple[int, int]],
        rng: random.Random,
    ) -> BetAction:
        me = int(view["seat"])
        opp_bet = int(view["bets"][1 - me]) > int(view["bets"][me])
        p = self._win_chance(rank(parse(view["my_lock"])), samples, opp_bet)
        pot = int(view["pot"])
        to_call = int(view["to_call"] or 0)
        level = int(view["level"])
        if p > 0.72:
            bet = _bet_near(legal, level + to_call + (pot if p > 0.85 else pot // 2 + 1))
            if bet is not None:
                return bet
        if to_call == 0:
            if p < 0.4 and rng.random() < BLUFF_RATE:
                bet = _bet_near(legal, level + pot // 2 + 1)
                if bet is not None:
                    return bet
            return _first(legal, "check")
        if p >= to_call / (pot + to_call) + 0.04:
            return _first(legal, "call")
        return _first(legal, "fold")
