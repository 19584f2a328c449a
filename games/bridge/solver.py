"""Card play with every hand known (a "double-dummy" position): an exact alpha-beta solver, which
judges claims (:mod:`games.bridge.state`), and the card helpers the robots share.  The expert's
sampled deals are solved by endplay's DDS instead (:mod:`games.bridge.dds`, same notation).

A position is four hands as bit masks (bit ``card`` set for each card held, :mod:`games.cards`
numbering: suit ``card // 13``, rank ``card % 13``), the cards already on the current trick (in
playing order), who led it and the trump strain (0..3, or 4 for no trump).  Seats go clockwise
(``(seat + 1) % 4``) and sides are ``seat % 2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

SUIT_MASK: Final = (1 << 13) - 1
NOTRUMP: Final = 4


def mask_of(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def suit_bits(mask: int, suit: int) -> int:
    return (mask >> (13 * suit)) & SUIT_MASK


def playable_mask(hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may go on ``trick``."""
    if not trick:
        return hand
    led = trick[0] // 13
    follow = hand & (SUIT_MASK << (13 * led))
    return follow if follow else hand


def winner_index(trick: Sequence[int], trump: int) -> int:
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card // 13 == best_card // 13:
            if card > best_card:
                best, best_card = i, card
        elif card // 13 == trump:
            best, best_card = i, card
    return best


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` played now would win over the trick's current winner ``best``."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def distinct(cands: int, remaining: int) -> list[int]:
    """One card of each run of equivalent cards in ``cands``: cards of a suit with no other
    remaining card (in any hand or on the trick) between them are worth the same."""
    out: list[int] = []
    for suit in range(4):
        mine = (cands >> (13 * suit)) & SUIT_MASK
        if mine:
            base = 13 * suit
            live = (remaining >> (13 * suit)) & SUIT_MASK
            out.extend(base + r for r in _run_heads(mine, live))
    return out


@lru_cache(maxsize=1 << 16)
def _run_heads(mine: int, live: int) -> tuple[int, ...]:
    """The highest rank of each run of ``mine`` among the ``live`` ranks of a suit."""
    heads = []
    previous_mine = False
    for rank in range(12, -1, -1):
        bit = 1 << rank
        if not live & bit:
            continue
        if mine & bit:
            if not previous_mine:
                heads.append(rank)
            previous_mine = True
        else:
            previous_mine = False
    return tuple(heads)


# ---- the exact solver ----------------------------------------------------------------------------


class SearchLimit(Exception):
    """The solver searched more positions than its ``limit`` allowed."""


class Solver:
    """Exact double-dummy values by alpha-beta with a transposition table at trick boundaries.

    ``nodes`` counts the positions searched; past ``limit`` (if given) :class:`SearchLimit` is
    raised, so a caller can bound the work without reading a clock."""

    def __init__(self, trump: int, limit: int | None = None) -> None:
        self.trump = trump
        self.limit = limit
        self.table: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        self.nodes = 0

    def tricks(self, hands: Sequence[int], leader: int, trick: Sequence[int], side: int) -> int:
        """Tricks ``side`` takes from here on, the current trick included, with best play."""
        remaining = bin(hands[leader]).count("1") + (1 if trick else 0)
        value = self._search(list(hands), leader, list(trick), 0, remaining + 1)
        return value if side == 0 else remaining - value

    def at_least(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], side: int, wanted: int
    ) -> bool:
        """Whether ``side`` takes at least ``wanted`` tricks from here on (the current trick
        included) with best play by both sides: one null-window search, cheaper than
        :meth:`tricks` because it only has to decide the question."""
        remaining = bin(hands[leader]).count("1") + (1 if trick else 0)
        if wanted <= 0:
            return True
        if wanted > remaining:
            return False
        # North–South's threshold: side 0 needs ns >= wanted; side 1 needs ns <= remaining - wanted.
        need = wanted if side == 0 else remaining - wanted + 1
        value = self._search(list(hands), leader, list(trick), need - 1, need)
        return value >= need if side == 0 else value < need

    def _search(
        self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int
    ) -> int:
        """Tricks North–South take from here (current trick included), within alpha..beta."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchLimit
        n = len(trick)
        if n == 0:
            left = bin(hands[leader]).count("1")
            if left == 0:
                return 0
            # North–South take between 0 and ``left`` tricks: a window beyond that is settled.
            if left <= alpha:
                return left
            if beta <= 0:
                return 0
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            found = self.table.get(key)
            if found is not None:
                lo, hi = found
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha, beta = max(alpha, lo), min(beta, hi)
            else:
                lo, hi = 0, left
            value = self._moves(hands, leader, trick, alpha, beta)
            if value <= alpha:
                hi = min(hi, value)
            elif value >= beta:
                lo = max(lo, value)
            else:
                lo = hi = value
            self.table[key] = (lo, hi)
            return value
        return self._moves(hands, leader, trick, alpha, beta)

    def _moves(self, hands: list[int], leader: int, trick: list[int], alpha: int, beta: int) -> int:
        n = len(trick)
        seat = (leader + n) % 4
        maximizing = seat % 2 == 0
        hand = hands[seat]
        remaining = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            remaining |= 1 << c
        moves = distinct(playable_mask(hand, trick), remaining)
        moves = self._order(moves, trick, seat)
        best = -1 if maximizing else 99
        for card in moves:
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if n == 3:
                w = (leader + winner_index(trick, self.trump)) % 4
                won = 1 if w % 2 == 0 else 0
                rest = self._search(hands, w, [], alpha - won, beta - won)
                value = won + rest
            else:
                value = self._search(hands, leader, trick, alpha, beta)
            trick.pop()
            hands[seat] = hand
            if maximizing:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _order(self, moves: list[int], trick: Sequence[int], seat: int) -> list[int]:
        if not trick:
            return sorted(moves, key=lambda c: -(c % 13))
        best = trick[winner_index(trick, self.trump)]
        return sorted(moves, key=lambda c: (0 if beats(c, best, self.trump) else 1, c % 13))
