"""Rank orders, rank grouping and run finding: the arithmetic every shedding and trick game repeats.

Shedding games (Dou Dizhu, Zheng Shangyou, Guandan) never look at suits when they compare plays;
they look at how many cards a hand holds of each rank and which ranks follow each other in the
game's own order (3 lowest, 2 above the Ace, jokers on top).  Working on a short list of counts
indexed by *strength* instead of on card sets keeps legal-move generation cheap: a hand becomes a
15-entry list once, and every combination is found by scanning it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from games.cards import PACK_SIZE, RANK_NAMES, rank


@dataclass(frozen=True, slots=True)
class RankOrder:
    """A game's ranks, weakest first, as natural ranks (2..14, 15 black joker, 16 red joker).

    ``strength(card)`` is the card's index in that order; cards whose rank is not in the order
    (not used by the game) have strength -1.  ``by_face`` holds the strength of each of the 54
    faces so that the hot loops of move generation avoid recomputing ranks.
    """

    ranks: tuple[int, ...]
    index: tuple[int, ...]
    by_face: tuple[int, ...]
    sort_key: tuple[int, ...]
    """For each card int of two packs: strength first, then the int (pack, suit)."""

    @classmethod
    def of(cls, ranks: Iterable[int]) -> RankOrder:
        """The order with ``ranks`` listed weakest first."""
        listed = tuple(ranks)
        index = [-1] * 17
        for i, r in enumerate(listed):
            index[r] = i
        by_face = tuple(index[rank(f)] for f in range(PACK_SIZE))
        keys = tuple(by_face[c % PACK_SIZE] * 4 * PACK_SIZE + c for c in range(2 * PACK_SIZE))
        return cls(listed, tuple(index), by_face, keys)

    def __len__(self) -> int:
        return len(self.ranks)

    def strength(self, card: int) -> int:
        return self.by_face[card % PACK_SIZE]

    def counts(self, cards: Iterable[int]) -> list[int]:
        """How many of ``cards`` the hand holds at each strength."""
        out = [0] * len(self.ranks)
        by_face = self.by_face
        for c in cards:
            out[by_face[c % PACK_SIZE]] += 1
        return out

    def groups(self, cards: Iterable[int]) -> list[list[int]]:
        """The cards at each strength, each group in suit order (first pack before second)."""
        out: list[list[int]] = [[] for _ in self.ranks]
        by_face = self.by_face
        for c in sorted(cards):  # a card's int grows with pack, then suit, within a rank
            out[by_face[c % PACK_SIZE]].append(c)
        return out

    def sort(self, cards: Iterable[int]) -> list[int]:
        """Cards weakest first; within a rank clubs, diamonds, hearts, spades, first pack first."""
        return sorted(cards, key=self.sort_key.__getitem__)

    def name(self, strength: int) -> str:
        """The rank's short name for messages (``"10"``, ``"A"``, ``"BJ"``)."""
        r = self.ranks[strength]
        return {15: "BJ", 16: "RJ"}.get(r) or RANK_NAMES[r]


SHEDDING_ORDER = RankOrder.of([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 15, 16])
"""3 lowest, up to the Ace, then the 2 and the jokers on top (Dou Dizhu, Zheng Shangyou)."""


def runs(counts: Sequence[int], width: int, min_length: int, limit: int) -> list[tuple[int, int]]:
    """Every run of consecutive strengths below ``limit`` holding at least ``width`` cards each.

    Returns ``(start, length)`` for every run of at least ``min_length`` ranks, sub-runs included
    (a 3-4-5-6-7-8 straight also yields 3..7 and 4..8): these are exactly the straights
    (``width`` 1), pair runs (2) or plane cores (3) a hand can form.
    """
    out: list[tuple[int, int]] = []
    start = 0
    while start < limit:
        if counts[start] < width:
            start += 1
            continue
        end = start
        while end < limit and counts[end] >= width:
            end += 1
        for s in range(start, end - min_length + 1):
            for e in range(s + min_length, end + 1):
                out.append((s, e - s))
        start = end
    return out


def take(groups: Sequence[Sequence[int]], strengths: Sequence[int]) -> tuple[int, ...]:
    """Concrete cards for a sorted multiset of strengths: the first cards of each group."""
    out: list[int] = []
    prev, used = -1, 0
    for s in strengths:
        if s != prev:
            prev, used = s, 0
        out.append(groups[s][used])
        used += 1
    return tuple(out)


def chains_from(
    counts: Sequence[int], start: int, shapes: Sequence[tuple[int, int]], limit: int
) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every chain a hand planner may cut starting at strength ``start`` (below ``limit``).

    ``shapes`` lists ``(width, least)``: cards per rank and fewest ranks of each chain kind
    (straights, pair runs, plane cores).  Yields ``(width, ranks, counts left)`` for every length
    the hand allows, shortest first, so planners search the same splits in the same order.
    """
    for width, least in shapes:
        if counts[start] < width:
            continue
        end = start
        while end < limit and counts[end] >= width:
            end += 1
        for stop in range(start + least, end + 1):
            rest = list(counts)
            for r in range(start, stop):
                rest[r] -= width
            yield width, stop - start, tuple(rest)
