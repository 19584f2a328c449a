"""Deals: the seed's shuffle of every round, and the ``deals`` option that fixes rounds instead.

A deal is the whole double-six set in dealing order: seat 0's seven tiles, seat 1's seven, then the
fourteen of the boneyard in drawing order.  Round *r* of a match seeded with ``seed`` is the set as
``random.Random(f"{seed}:{r}").shuffle`` leaves it, so a snapshot never carries a generator's state.
``options["deals"][i]`` replaces round *i + 1*'s shuffle with a list of 28 ``[high, low]`` pairs in
that same order, and :func:`deal_for` writes exactly the entry the seed would have dealt, so a test
can fix any deal the server would make.  Nothing else about a round is left to chance (the opener
follows from the hands and the last round's result), so the tile order is the whole deal.
"""

from __future__ import annotations

import random
from typing import Final

from games.core import DEALS_OPTION, JSON, GameError
from games.spectacular_bid.tiles import ALL_TILES, Tile

_SWAPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(ALL_TILES) - 1, 0, -1))
"""The Fisher–Yates steps of shuffling the 28-tile set: position ``i``, the ``n = i + 1``
candidates and the bit length ``k`` of ``n`` that :meth:`random.Random.shuffle` draws with."""


def _inline_shuffled_set(key: str) -> list[Tile]:
    """The full set in the order ``random.Random(key).shuffle`` leaves it.

    ``Random.shuffle`` calls a Python helper per swap and recomputes its bit length, which made
    the shuffle the largest cost of starting a round; this is the same loop (top position down,
    the partner index drawn by rejection on ``getrandbits``) with the steps precomputed, so it
    makes the same calls on the same generator.  :data:`_INLINE_SHUFFLE` checks the equivalence
    once at import and otherwise leaves the deal to ``Random.shuffle`` itself.
    """
    order = list(ALL_TILES)
    getrandbits = random.Random(key).getrandbits
    for i, n, k in _SWAPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


def _library_shuffled_set(key: str) -> list[Tile]:
    order = list(ALL_TILES)
    random.Random(key).shuffle(order)
    return order


_INLINE_SHUFFLE: Final = all(
    _inline_shuffled_set(key) == _library_shuffled_set(key)
    for key in ("0:1", "7:2", "2147483647:31")
)
"""Whether :func:`_inline_shuffled_set` reproduces this Python's ``Random.shuffle`` (it has since
3.11)."""


def seeded_deal(seed: int, round_no: int) -> list[Tile]:
    """The order in which round ``round_no`` (1-based) of a match seeded ``seed`` is dealt."""
    key = f"{seed}:{round_no}"
    return _inline_shuffled_set(key) if _INLINE_SHUFFLE else _library_shuffled_set(key)


def deal_for(seats: int, seed: int, index: int) -> list[list[int]]:
    """The entry of ``options["deals"]`` that reproduces deal ``index`` (0-based, i.e. round
    ``index + 1``) of a match seeded ``seed``."""
    if seats != 2:
        raise GameError("Spectacular Bid is a duel for exactly two seats")
    if type(index) is not int or index < 0:
        raise GameError("a deal index counts from 0")
    return [[t[0], t[1]] for t in seeded_deal(seed, index + 1)]


def parse_deals(raw: JSON) -> list[list[Tile]]:
    """The ``deals`` option as canonical tiles, or :class:`GameError` saying what is wrong."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise GameError(f"option {DEALS_OPTION!r} must be a list of deals")
    return [_parse_deal(n, deal) for n, deal in enumerate(raw)]


def _parse_deal(n: int, deal: JSON) -> list[Tile]:
    where = f"deal {n} of option {DEALS_OPTION!r}"
    if not isinstance(deal, list) or len(deal) != len(ALL_TILES):
        raise GameError(f"{where} must list all 28 tiles of the double-six set")
    tiles = [_parse_tile(f"{where}, entry {i},", raw) for i, raw in enumerate(deal)]
    if len(set(tiles)) != len(ALL_TILES):
        raise GameError(f"{where} must hold every double-six tile exactly once")
    return tiles


def _parse_tile(where: str, raw: JSON) -> Tile:
    """A ``[a, b]`` pair of numbers 0–6 (either order) as the canonical ``(high, low)`` tile."""
    if isinstance(raw, (list, tuple)) and len(raw) == 2:
        a, b = raw
        if type(a) is int and type(b) is int and 0 <= a <= 6 and 0 <= b <= 6:
            return (a, b) if a >= b else (b, a)
    raise GameError(f"{where} is no tile: a tile is a pair [high, low] of numbers 0 to 6")
