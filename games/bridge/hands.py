"""Hand evaluation for the robots: high-card points, suit lengths, shape.

Cards are :mod:`games.cards` ints 0..51 (suit ``card // 13``: 0 ♣, 1 ♦, 2 ♥, 3 ♠; rank
``card % 13``: 0 = two … 12 = ace).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8
HCP: Final = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}


def hcp(cards: Iterable[int]) -> int:
    """Milton Work points: A 4, K 3, Q 2, J 1."""
    return sum(HCP.get(c % 13, 0) for c in cards)


def lengths(cards: Iterable[int]) -> list[int]:
    """Cards held per suit (♣, ♦, ♥, ♠)."""
    out = [0, 0, 0, 0]
    for c in cards:
        out[c // 13] += 1
    return out


@dataclass(frozen=True, slots=True)
class Hand:
    """What the bidding looks at in a hand."""

    cards: tuple[int, ...]
    hcp: int
    lengths: tuple[int, int, int, int]
    balanced: bool
    """4-3-3-3, 4-4-3-2 or 5-3-3-2 (no singleton or void, at most one doubleton)."""

    @classmethod
    def of(cls, cards: Sequence[int]) -> Hand:
        n = lengths(cards)
        shape = sorted(n, reverse=True)
        balanced = shape in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2])
        return cls(tuple(cards), hcp(cards), (n[0], n[1], n[2], n[3]), balanced)

    def suit_hcp(self, suit: int) -> int:
        return hcp(c for c in self.cards if c // 13 == suit)

    def has(self, suit: int, rank: int) -> bool:
        return suit * 13 + rank in self.cards

    def stopper(self, suit: int) -> bool:
        """A stopper for no trump: A, Kx, Qxx or Jxxx."""
        n = self.lengths[suit]
        return (
            self.has(suit, ACE)
            or (self.has(suit, KING) and n >= 2)
            or (self.has(suit, QUEEN) and n >= 3)
            or (self.has(suit, JACK) and n >= 4)
        )

    def points_with_fit(self) -> int:
        """High-card points plus shortness points once a trump fit is found (void 3, singleton 2,
        doubleton 1)."""
        return self.hcp + sum({0: 3, 1: 2, 2: 1}.get(n, 0) for n in self.lengths)

    def length_points(self) -> int:
        """High-card points plus one for each card beyond four in a suit (an opener's count)."""
        return self.hcp + sum(max(0, n - 4) for n in self.lengths)

    def longest(self, suits: Iterable[int] = (3, 2, 1, 0)) -> int:
        """The longest of ``suits`` (ties: the first listed, spades first by default)."""
        order = list(suits)
        return max(order, key=lambda s: (self.lengths[s], -order.index(s)))

    def quality(self, suit: int) -> int:
        """Honours among the top five cards of ``suit`` (A K Q J 10)."""
        return sum(1 for r in (ACE, KING, QUEEN, JACK, TEN) if self.has(suit, r))
