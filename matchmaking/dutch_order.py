"""The order in which FIDE's Dutch system (C.04.3, section D) generates a bracket's candidates.

A homogeneous bracket (or a heterogeneous bracket's remainder) of ``n`` players, numbered 0 .. n-1
in rank order (their bracket sequence numbers, less one), is split into S1, its first ``n // 2``,
and S2, the rest.  Candidates come in this order:

1. *Transpositions* (D.1): S2 in lexicographic order of its sequence numbers; S1[i] meets the
   i-th player of the transposed S2, and whoever of S2 is left over floats.
2. *Exchanges* (D.2), each followed by the transpositions of its new S2: a group of S1 swapped with
   an equally large group of S2, ordered by fewest players exchanged, then the smallest difference
   between the sums of the numbers moved up and moved down, then the highest number moved from S1
   to S2 (compared from the highest down), then the lowest number moved from S2 to S1 (compared
   from the lowest up).  After an exchange S1 and S2 are sorted again.

Only candidates whose pairs are all allowed are produced (``fits``), so a transposition whose
prefix already breaks an absolute criterion is skipped with everything sharing that prefix.  The
pairing (``swiss.py``) takes the first candidate that is as good by the quality criteria as the
bracket allows; this module knows nothing of those criteria and stays free of any I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations

Candidate = list[tuple[int, int]]
"""Pairs of positions in the bracket, S1's player first, in S1 order."""


def exchanges(s1_size: int, s2_size: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(moved from S1 to S2, moved from S2 to S1), positions in the bracket, in D.2's order;
    the first is the empty exchange (the original S1 and S2)."""
    yield (), ()
    s1 = range(s1_size)
    s2 = range(s1_size, s1_size + s2_size)
    for size in range(1, min(s1_size, s2_size) + 1):
        ranked = []
        for down in combinations(s1, size):
            for up in combinations(s2, size):
                key = (
                    sum(up) - sum(down),
                    tuple(-v for v in sorted(down, reverse=True)),
                    up,  # combinations come sorted: the lowest first
                )
                ranked.append((key, down, up))
        ranked.sort()
        for _, down, up in ranked:
            yield down, up


def transpositions(
    s1: list[int], s2: list[int], fits: Callable[[int, int], bool]
) -> Iterator[Candidate]:
    """S1 against S2's transpositions in lexicographic order, only those whose pairs all fit.

    Transpositions that differ only beyond S1's length give the same pairs; each is produced once.
    """
    chosen: list[int] = []
    used = [False] * len(s2)

    def extend(k: int) -> Iterator[Candidate]:
        if k == len(s1):
            yield list(zip(s1, chosen, strict=True))
            return
        a = s1[k]
        for pos, b in enumerate(s2):
            if used[pos] or not fits(a, b):
                continue
            used[pos] = True
            chosen.append(b)
            yield from extend(k + 1)
            chosen.pop()
            used[pos] = False

    yield from extend(0)


def candidates(
    size: int,
    fits: Callable[[int, int], bool],
    moved_down: int = 0,
    pairs: int | None = None,
    hopeless: Callable[[Candidate, list[int]], bool] | None = None,
    paired_down: int | None = None,
) -> Iterator[Candidate]:
    """Every fitting candidate of a bracket of ``size`` players (positions 0 .. size-1) in the
    Dutch generation order, forming ``pairs`` pairs (default and at most ``size // 2``).

    Fewer pairs than that (the bracket cannot pair everyone) shrink S1 to the first ``pairs``
    players, so more of S2 float.  With ``moved_down`` players (the first positions) the bracket
    is heterogeneous (D.1): of them, S1 holds as many as are paired, the highest first, the others
    wait in the limbo and are swapped in by the subsets of the moved-down players in
    lexicographic order; S1 meets the residents in the lexicographic order of the residents'
    transpositions, and for each such choice the residents left over (the remainder) are a
    homogeneous bracket of their own, with their own S1, S2, transpositions and exchanges,
    forming the pairs still wanted.  ``paired_down`` pairs fewer moved-down players than that
    (when only such a candidate leaves the rest of the round pairable, or a moved-down player
    takes the bye).  ``hopeless(pairs, remainder)``, when given, skips a choice of the moved-down
    players' partners with all its remainder candidates (the caller knows that no pairing of that
    remainder can be good enough).
    """
    wanted = size // 2 if pairs is None else min(pairs, size // 2)
    if moved_down:
        residents = list(range(moved_down, size))
        most = min(moved_down, wanted, len(residents))
        paired_down = most if paired_down is None else min(paired_down, most)
        for front in combinations(range(moved_down), paired_down):
            for top in transpositions(list(front), residents, fits):
                taken = {b for _, b in top}
                rest = [v for v in residents if v not in taken]
                if hopeless is not None and hopeless(top, rest):
                    continue
                more = wanted - paired_down
                if more == 0 or len(rest) < 2:
                    if more == 0:
                        yield top
                    continue

                def inner(a: int, b: int, rest: list[int] = rest) -> bool:
                    return fits(rest[a], rest[b])

                for below in candidates(len(rest), inner, pairs=more):
                    yield top + [(rest[a], rest[b]) for a, b in below]
        return
    half = wanted
    if half == 0:
        return
    for down, up in exchanges(half, size - half):
        moved = set(down) | set(up)
        s1 = sorted([v for v in range(half) if v not in moved] + list(up))
        s2 = sorted([v for v in range(half, size) if v not in moved] + list(down))
        yield from transpositions(s1, s2, fits)
