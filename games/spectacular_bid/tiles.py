"""Double-six domino tiles as ``(high, low)`` tuples, and the opening rank.

A tuple with the higher half first gives every tile one canonical spelling, so hands compare,
hash and serialise without orientation questions; the line of play keeps its own orientation.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

type Tile = tuple[int, int]

ALL_TILES: tuple[Tile, ...] = tuple((h, lo) for h in range(7) for lo in range(h + 1))
"""The 28 tiles of a double-six set, [0|0] included."""


def tile(a: int, b: int) -> Tile:
    """The canonical (high, low) spelling of the tile with halves ``a`` and ``b``."""
    return (a, b) if a >= b else (b, a)


def is_double(t: Tile) -> bool:
    return t[0] == t[1]


def pips(t: Tile) -> int:
    return t[0] + t[1]


def hand_pips(hand: Iterable[Tile]) -> int:
    """The pip total a blocked round compares."""
    return sum(t[0] + t[1] for t in hand)


def opening_rank(t: Tile) -> tuple[bool, int, int]:
    """Sort key of the rank opening: any double beats every non-double, then the pip total, then
    the higher half ([6|3] beats [5|4])."""
    return (t[0] == t[1], t[0] + t[1], t[0])


class _RankTable(dict[Tile, tuple[bool, int, int]]):
    """:func:`opening_rank` of the 28 tiles, looked up instead of rebuilt (the rank opening is
    resolved at the deal, listed as the legal action and checked on apply); any other pair is
    ranked on demand, so the table never changes an answer."""

    def __missing__(self, t: Tile) -> tuple[bool, int, int]:
        return opening_rank(t)


_RANKS: Final = _RankTable({t: opening_rank(t) for t in ALL_TILES})


def rank_opener(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile]:
    """Which seat must open a rank round, and with which tile.

    The best tile of each hand first, then the best of those: ``opening_rank`` tells every pair
    of numbers apart, so only a tile held twice can tie, and then the later seat wins (as the
    ``(rank, seat, tile)`` maximum over all tiles would have it).
    """
    rank = _RANKS.__getitem__
    best = max(
        (rank(top), seat, top)
        for seat, hand in enumerate(hands)
        if hand
        for top in (max(hand, key=rank),)
    )
    return best[1], best[2]


def round_to_five(points: int) -> int:
    """The nearest multiple of five (remainders 1–2 round down, 3–4 round up)."""
    return (points + 2) // 5 * 5
