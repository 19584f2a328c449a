"""Hand planning for the Dou Dizhu AI: how many plays a hand needs to go out.

A strong hand is one that empties in few plays.  :func:`turns` splits a hand's per-strength counts
into chains (straights, pair runs, planes: tried exhaustively from the lowest rank up, memoised)
and loose groups (bombs, the rocket, triples, pairs, singles), lets every triple and plane triple
carry one loose single or pair as its kicker, and counts what remains.  The AI compares this figure
before and after each candidate play: a play that leaves fewer turns fits the hand's plan.
"""

from __future__ import annotations

from functools import lru_cache

from games.cards.groups import chains_from
from games.dou_dizhu.combos import BLACK, RED, SEQ_LIMIT

_CHAINS = ((1, 5), (2, 3), (3, 2))
"""(cards per rank, least ranks) of straights, pair runs and plane cores."""


def turns(counts: tuple[int, ...]) -> int:
    """The fewest plays found to empty a hand with these 15 per-strength counts."""
    return _dfs(counts, 0, 0)


@lru_cache(maxsize=1 << 17)
def _dfs(c: tuple[int, ...], i: int, capacity: int) -> int:
    while i < SEQ_LIMIT and c[i] == 0:
        i += 1
    if i >= SEQ_LIMIT:
        return _loose(c, capacity)
    best = _dfs(c, i + 1, capacity)
    for width, ranks, rest in chains_from(c, i, _CHAINS, SEQ_LIMIT):
        carried = capacity + (ranks if width == 3 else 0)
        best = min(best, 1 + _dfs(rest, i, carried))
    return best


def _loose(c: tuple[int, ...], capacity: int) -> int:
    """Plays for what no chain took: bombs and the rocket alone, triples carrying kickers."""
    rocket = 1 if c[BLACK] and c[RED] else 0
    bombs = triples = small = 0
    for s in range(BLACK):
        n = c[s]
        if n == 4:
            bombs += 1
        elif n == 3:
            triples += 1
        elif n:
            small += 1
    if not rocket:
        small += c[BLACK] + c[RED]
    return rocket + bombs + triples + max(0, small - triples - capacity)
