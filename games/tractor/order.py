"""Tractor's card order: which effective suit a card belongs to and how strong it is there.

A deal's order depends on two things only: the trump suit (``None`` for no-trump) and the level
rank.  :func:`order` builds one table per pair (65 at most) and keeps it.

* The **effective suit** of a card is its own suit (0..3, clubs to spades) unless it is a trump:
  the jokers, every level card, and in a suit deal every card of the trump suit belong to
  :data:`TRUMP` (4).
* The **index** is the card's strength inside its effective suit, 0 the weakest.  Plain suits run
  2…A without the level rank (12 ranks: 0..11).  With a trump suit the trumps run: the trump suit's
  12 other ranks (0..11), the three off-suit level cards (all 12: equal strength), the trump suit's
  level card (13), the Black Joker (14), the Red Joker (15).  Without a trump suit: the four level
  cards (0, equal), the Black Joker (1), the Red Joker (2).

Two cards form a *pair* when they are the same face (both packs' copy of one card); pairs form a
*tractor* when their indices in one effective suit follow each other.  Dropping the level rank
from the index is what closes the gap (at level 5, 4-4-6-6 is a tractor), and the shared index of
the off-suit level cards is what keeps them from ever forming a tractor with each other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from games.cards import PACK_SIZE, RANK_NAMES, SUIT_LETTERS

TRUMP: Final = 4
"""The effective suit of every trump."""
SUITS: Final = (0, 1, 2, 3)
ACE: Final = 14
BLACK_JOKER_FACE: Final = 52
RED_JOKER_FACE: Final = 53
POINTS_BY_RANK: Final = {5: 5, 10: 10, 13: 10}
"""Fives count 5, tens and kings 10: 100 a pack, 200 in a deal."""


def face_rank(face: int) -> int:
    """Natural rank 2..14 of a suited face, 15/16 for the jokers."""
    if face >= BLACK_JOKER_FACE:
        return 15 if face == BLACK_JOKER_FACE else 16
    return face % 13 + 2


def face_suit(face: int) -> int | None:
    return None if face >= BLACK_JOKER_FACE else face // 13


FACE_POINTS: Final = tuple(
    0 if f >= BLACK_JOKER_FACE else POINTS_BY_RANK.get(f % 13 + 2, 0) for f in range(PACK_SIZE)
)
CARD_POINTS: Final = tuple(FACE_POINTS[c % PACK_SIZE] for c in range(2 * PACK_SIZE))
"""Points of every card int of the two packs."""


def points(cards: Iterable[int]) -> int:
    return sum(CARD_POINTS[c] for c in cards)


@dataclass(frozen=True, slots=True)
class Order:
    """The order of one deal (see the module docstring).  Tables are indexed by card int (0..107)
    so that the hot loops never reduce a card to its face."""

    trump: int | None
    level: int
    eff: tuple[int, ...]
    """Effective suit of each card int (0..3, or :data:`TRUMP`)."""
    idx: tuple[int, ...]
    """Strength of each card int inside its effective suit."""
    key: tuple[int, ...]
    """Sort key of each card int: effective suit, then strength, then face, then pack — plain
    suits clubs to spades and the trumps last, weakest first inside each."""

    def is_trump(self, card: int) -> bool:
        return self.eff[card] == TRUMP

    def sort(self, cards: Iterable[int]) -> list[int]:
        return sorted(cards, key=self.key.__getitem__)

    def is_level_card(self, card: int) -> bool:
        return face_rank(card % PACK_SIZE) == self.level


_ORDERS: dict[tuple[int | None, int], Order] = {}


def order(trump: int | None, level: int) -> Order:
    """The order of a deal at ``level`` (2..14) with trump suit ``trump`` (None: no-trump)."""
    found = _ORDERS.get((trump, level))
    if found is None:
        found = _ORDERS[(trump, level)] = _build(trump, level)
    return found


def _build(trump: int | None, level: int) -> Order:
    if not 2 <= level <= ACE or trump not in (None, *SUITS):
        raise ValueError(f"no order for trump {trump!r} at level {level!r}")
    plain_ranks = [r for r in range(2, ACE + 1) if r != level]
    plain_index = {r: i for i, r in enumerate(plain_ranks)}
    eff_face, idx_face = [], []
    for face in range(PACK_SIZE):
        rank = face_rank(face)
        suit = face_suit(face)
        if suit is None:  # a joker
            eff, idx = TRUMP, (15 if rank == 16 else 14) if trump is not None else rank - 14
        elif rank == level:
            eff = TRUMP
            if trump is None:
                idx = 0
            else:
                idx = 13 if suit == trump else 12
        elif suit == trump:
            eff, idx = TRUMP, plain_index[rank]
        else:
            eff, idx = suit, plain_index[rank]
        eff_face.append(eff)
        idx_face.append(idx)
    cards = range(2 * PACK_SIZE)
    eff_card = tuple(eff_face[c % PACK_SIZE] for c in cards)
    idx_card = tuple(idx_face[c % PACK_SIZE] for c in cards)
    key = tuple(
        ((eff_card[c] * 16 + idx_card[c]) * PACK_SIZE + c % PACK_SIZE) * 2 + c // PACK_SIZE
        for c in cards
    )
    return Order(trump, level, eff_card, idx_card, key)


def suit_name(suit: int | None) -> str:
    """``"C"``, ``"D"``, ``"H"``, ``"S"``, or ``"NT"`` for no-trump."""
    return "NT" if suit is None else SUIT_LETTERS[suit]


def rank_name(rank: int) -> str:
    return RANK_NAMES[rank]
