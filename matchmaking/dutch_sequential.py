"""D.1's generation order for brackets too large to walk candidate by candidate.

The walk (:mod:`matchmaking.dutch_order`) enumerates candidates; past some 16 players there are too
many.  Here the order is followed one decision at a time instead: the best value any candidate can
reach is known from one weighted matching, and each S1 player in turn (the moved-down players
first, then the remainder's S1) takes the earliest partner in S2 with which that best can still be
reached, which is one weighted matching per partner tried.  So the result is the first candidate
in D.1's order among the best, as long as the best is reachable by transpositions alone: when the
remainder's best pairs S1 with S2 only fall short (the best needs an exchange, D.2), or a
moved-down player finds no partner, ``None`` is returned and the caller keeps its own choice.

Used for the last bracket of an odd field, where whoever is left over gets the bye: a virtual
player joins the matching, paired with whoever may take the bye (C2).  Pure Python, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable

from matchmaking.matching import UNMATCHED, max_weight_matching


def first_best_with_bye(
    size: int,
    moved_down: int,
    value: Callable[[int, int], int | None],
    may_have_bye: Callable[[int], bool],
    leftover_value: Callable[[int], int] | None = None,
) -> tuple[list[tuple[int, int]], int] | None:
    """(pairs, the player left over for the bye) of the odd bracket 0 .. size-1 (rank order, the
    first ``moved_down`` players moved down), or None.

    ``value(a, b)`` is the criteria weight of a pair (higher is better), None when the two may
    not meet.  The pairing returned pairs everyone but one player allowed the bye, has the
    highest total value, and among those comes first in D.1's order.  ``leftover_value(a)``,
    when given, adds to the total for ``a`` being the one left over (an odd bracket's floater:
    what its floating does to the next bracket, C7).
    """
    values: dict[tuple[int, int], int] = {}
    for a in range(size):
        for b in range(a + 1, size):
            v = value(a, b)
            if v is not None:
                values[a, b] = v
    bye = size  # the virtual player
    extra = [leftover_value(a) if leftover_value else 0 for a in range(size)]
    spread = max((abs(v) for v in [*values.values(), *extra]), default=0)
    big = 2 * size * (spread + 1) + 1  # any pair outweighs every difference in value

    side: dict[int, int] = {}  # once the remainder is split: 1 for S1, 2 for S2

    def best(players: list[int]) -> int | None:
        """The highest total value pairing ``players`` and the bye among themselves (once the
        remainder is split, S1 players only with S2 players: transpositions)."""
        index = {p: k for k, p in enumerate(players)}
        edges = []
        for (a, b), v in values.items():
            if a in index and b in index and (not side or side[a] != side[b]):
                edges.append((index[a], index[b], big + v))
        if bye in index:
            edges += [
                (index[p], index[bye], big + extra[p])
                for p in players
                if p != bye and may_have_bye(p) and side.get(p) != 1
            ]
        mate = max_weight_matching(len(players), edges)
        if any(m == UNMATCHED for m in mate):
            return None
        weights = {(i, j): w for i, j, w in edges}
        return sum(
            weights[k, m] if (k, m) in weights else weights[m, k]
            for k, m in enumerate(mate)
            if k < m
        ) - big * (len(players) // 2)

    free = list(range(size)) + [bye]
    target = best(free)
    if target is None:
        return None
    fixed: list[tuple[int, int]] = []
    gained = 0

    def take(a: int, partners: list[int]) -> bool:
        nonlocal gained
        for b in partners:
            if b not in free:
                continue
            pair = (a, b) if a < b else (b, a)
            if pair not in values:
                continue
            rest = [p for p in free if p not in (a, b)]
            found = best(rest)
            if found is not None and gained + values[pair] + found == target:
                fixed.append((a, b))
                gained += values[pair]
                free[:] = rest
                return True
        return False

    residents = list(range(moved_down, size))
    for m in range(moved_down):
        if not take(m, residents):
            return None
    remainder = [p for p in residents if p in free]
    half = (len(remainder) - 1) // 2
    s1, s2 = remainder[:half], remainder[half:]
    side.update(dict.fromkeys(s1, 1))
    side.update(dict.fromkeys(s2, 2))
    if best(free) != target - gained:
        return None  # the best needs an exchange between S1 and S2 (D.2)
    for a in s1:
        if not take(a, s2):
            return None
    left = [p for p in free if p != bye]
    if len(left) != 1 or not may_have_bye(left[0]):
        return None
    return fixed, left[0]
