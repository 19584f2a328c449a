"""Card play with every hand known (a "double-dummy" position), for the robots' sampled worlds: an
exact alpha-beta solver for endings and a fast full-information playing policy for the rest.

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


# ---- the full-information policy ---------------------------------------------------------------


def _top_of(remaining: int, suit: int) -> int | None:
    bits = suit_bits(remaining, suit)
    return 13 * suit + bits.bit_length() - 1 if bits else None


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _can_beat(hand: int, best: int, led: int, trump: int) -> bool:
    """Whether a player holding ``hand`` can beat ``best`` on a trick led in ``led``."""
    follow = suit_bits(hand, led)
    if follow:
        if best // 13 == led:
            return follow.bit_length() - 1 > best % 13
        return False
    if trump == NOTRUMP:
        return False
    trumps = suit_bits(hand, trump)
    if not trumps:
        return False
    if best // 13 == trump:
        return trumps.bit_length() - 1 > best % 13
    return True


def policy(hands: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> int:
    """A quick sensible card for the player to move, every hand known: win cheaply when the
    opponents are winning and nobody after can beat it, let partner's sure winner stand, ruff
    when void, cash sure winners, draw trumps as the declaring side, else lead low."""
    n = len(trick)
    seat = (leader + n) % 4
    hand = hands[seat]
    legal = playable_mask(hand, trick)
    if legal & (legal - 1) == 0:
        return _lowest(legal)
    after = [hands[(seat + k) % 4] for k in range(1, 4 - n)]
    after_seats = [(seat + k) % 4 for k in range(1, 4 - n)]
    if n == 0:
        return _lead(hands, seat, trump)
    led = trick[0] // 13
    wi = winner_index(trick, trump)
    best = trick[wi]
    partner_winning = (leader + wi) % 2 == seat % 2
    opponents_after = [h for h, s in zip(after, after_seats, strict=True) if s % 2 != seat % 2]
    if partner_winning and not any(_can_beat(h, best, led, trump) for h in opponents_after):
        return _discard(legal, hands, trump) if not suit_bits(hand, led) else _lowest(legal)
    winners = [c for c in cards_of(legal) if beats(c, best, trump)]
    safe = [c for c in winners if not any(_can_beat(h, c, led, trump) for h in opponents_after)]
    if safe:
        return safe[0]
    if winners and n == 3:
        return winners[0]
    if not suit_bits(hand, led):
        return _discard(legal, hands, trump)
    return _lowest(legal)


def _discard(legal: int, hands: Sequence[int], trump: int) -> int:
    """The lowest card of the suit worth least to keep (not trumps, not a sure winner)."""
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    best_card, best_key = -1, (99, 99)
    for suit in range(4):
        bits = suit_bits(legal, suit)
        if not bits:
            continue
        low = 13 * suit + _lowest(bits)
        top = _top_of(remaining, suit)
        key = (1 if suit == trump else 0, 1 if top is not None and low == top else 0)
        key = (key[0] * 2 + key[1], low % 13)
        if key < best_key:
            best_card, best_key = low, key
    return best_card


def _lead(hands: Sequence[int], seat: int, trump: int) -> int:
    hand = hands[seat]
    partner = hands[(seat + 2) % 4]
    opponents = hands[(seat + 1) % 4] | hands[(seat + 3) % 4]
    remaining = hands[0] | hands[1] | hands[2] | hands[3]
    if trump != NOTRUMP and suit_bits(opponents, trump):
        top = _top_of(remaining, trump)
        if top is not None and hand >> top & 1 and suit_bits(hand | partner, trump):
            return top
    for suit in range(4):
        top = _top_of(remaining, suit)
        if top is None or not hand >> top & 1:
            continue
        if trump != NOTRUMP and suit != trump and suit_bits(opponents, trump):
            ruffer = any(
                not suit_bits(hands[s], suit) and suit_bits(hands[s], trump)
                for s in ((seat + 1) % 4, (seat + 3) % 4)
            )
            if ruffer:
                continue
        return top
    for suit in range(4):
        top = _top_of(remaining, suit)
        if top is not None and partner >> top & 1 and suit_bits(hand, suit):
            return 13 * suit + _lowest(suit_bits(hand, suit))
    lengths = [bin(suit_bits(hand, s)).count("1") for s in range(4)]
    choices = [s for s in range(4) if lengths[s] and s != trump] or [
        s for s in range(4) if lengths[s]
    ]
    suit = max(choices, key=lambda s: lengths[s])
    return 13 * suit + _lowest(suit_bits(hand, suit))


def rollout(hands: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> int:
    """Tricks North–South take from here when every hand follows :func:`policy`."""
    hs = list(hands)
    t = list(trick)
    won = 0
    while True:
        if len(t) == 4:
            w = (leader + winner_index(t, trump)) % 4
            won += 1 if w % 2 == 0 else 0
            leader, t = w, []
            if not hs[leader]:
                return won
        seat = (leader + len(t)) % 4
        card = policy(hs, leader, t, trump)
        hs[seat] &= ~(1 << card)
        t.append(card)
