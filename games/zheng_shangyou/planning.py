"""Hand planning for the Zheng Shangyou AI: how many plays a hand needs to go out.

There are no kickers in this game, so a hand splits into chains (straights of five or more, runs
of two or more pairs: tried exhaustively from the lowest rank up, memoised) and groups of one rank
(a single, pair, triple or bomb each), and the plan's size is their count.
"""

from __future__ import annotations

from functools import lru_cache

from games.cards.groups import chains_from
from games.zheng_shangyou.combos import SEQ_LIMIT

_CHAINS = ((1, 5), (2, 2))


def turns(counts: tuple[int, ...]) -> int:
    """The fewest plays found to empty a hand with these per-strength counts."""
    return _dfs(counts[:13], 0)


@lru_cache(maxsize=1 << 17)
def _dfs(c: tuple[int, ...], i: int) -> int:
    while i < SEQ_LIMIT and c[i] == 0:
        i += 1
    if i >= SEQ_LIMIT:
        return sum(1 for n in c if n)
    best = _dfs(c, i + 1)
    for _, _, rest in chains_from(c, i, _CHAINS, SEQ_LIMIT):
        best = min(best, 1 + _dfs(rest, i))
    return best
