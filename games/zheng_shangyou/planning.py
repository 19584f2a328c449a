"""Hand planning for the Zheng Shangyou AI: how many plays a hand needs to go out.

There are no kickers in this game, so a hand splits into chains (straights of five or more, runs
of two or more pairs: tried exhaustively from the lowest rank up, memoised) and groups of one rank
(a single, pair, triple or bomb each), and the plan's size is their count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from games.cards.groups import chains_from
from games.zheng_shangyou.combos import ACE, SEQ_LIMIT, TWO, Combo

_CHAINS = ((1, 5), (2, 2))


def turns(counts: tuple[int, ...]) -> int:
    """The fewest plays found to empty a hand with these per-strength counts."""
    return _dfs(counts[:13], 0)


@lru_cache(maxsize=1 << 17)
def _dfs(c: tuple[int, ...], i: int) -> int:
    while i < SEQ_LIMIT and not _chain_at(c, i):
        i += 1
    if i >= SEQ_LIMIT:
        return len(c) - c.count(0)
    best = _dfs(c, i + 1)
    for _, _, rest in chains_from(c, i, _CHAINS, SEQ_LIMIT):
        best = min(best, 1 + _dfs(rest, i))
    return best


def _chain_at(c: tuple[int, ...], i: int) -> bool:
    """Whether a chain (a straight of five, a run of two pairs) can start at strength ``i``."""
    if c[i] >= 2 and i + 2 <= SEQ_LIMIT and c[i + 1] >= 2:
        return True
    return c[i] >= 1 and i + 5 <= SEQ_LIMIT and all(c[i + k] for k in range(1, 5))


# ---- the planner's choice on per-strength counts -------------------------------------------------
#
# The planner level (:class:`games.zheng_shangyou.bots.PlannerBot`) and the expert's play-outs
# (:mod:`games.zheng_shangyou.search`) share this function, so that a play-out plays exactly as the
# planner would from the same counts.

IN_DECK: Final = (4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 1)
"""Cards of each strength in the 48-card deck (four of most ranks, three Aces, one 2)."""


def planner_pick(
    counts: Sequence[int],
    plays: Sequence[Combo],
    hand_counts: Sequence[int],
    me: int,
    unseen: Sequence[int] | None,
) -> int:
    """The index in ``plays`` (not empty) the planner plays from ``counts`` (13 strengths).

    ``unseen`` (per strength, the cards the two opponents hold together) is given when leading
    and None when answering the table.
    """
    size = sum(counts)
    for i, combo in enumerate(plays):
        if len(combo.strengths) == size:
            return i
    leading = unseen is not None
    danger = min(hand_counts[s] for s in range(3) if s != me)
    if unseen is not None:
        most = max(hand_counts[s] for s in range(3) if s != me)
        order = sorted(range(len(plays)), key=lambda i: -len(plays[i].strengths))
        for i in order:
            combo = plays[i]
            if turns(tuple(_without(counts, combo.strengths))) <= 1 and unbeatable(
                combo, unseen, most
            ):
                return i
    best = -1
    best_key: tuple[float, int, int] = (0.0, 0, 0)
    for i, combo in enumerate(plays):
        cost = play_cost(combo, _without(counts, combo.strengths), leading, danger, counts)
        cards, rank = len(combo.strengths), combo.rank
        # Among leads that cost the plan alike, the one shedding the most cards goes first (a
        # straight before a low single): long plays are rarely answered, and a hand stuck with
        # them when another player goes out pays a point a card.  Answers go lowest first.
        key = (cost, -cards, rank) if leading else (cost, rank, -cards)
        if best < 0 or key < best_key:
            best, best_key = i, key
    return best


def _without(counts: Sequence[int], strengths: Sequence[int]) -> list[int]:
    rest = list(counts)
    for s in strengths:
        rest[s] -= 1
    return rest


ACE_SINGLE: Final = 1.0
"""What playing a single Ace adds to a play's cost: only the 2♠ beats it as a single, so it is
kept to win the lead back (0.3 until issue #32's tuning; 1.0 measured better)."""


def play_cost(
    combo: Combo, rest: Sequence[int], leading: bool, danger: int, counts: Sequence[int]
) -> float:
    """Plays left after ``combo``, adjusted for bombs, the 2♠ and opponents near the end."""
    cost = float(turns(tuple(rest)))
    size = len(combo.strengths)
    if combo.is_bomb:
        # A bomb spent as an answer usually stands (+20) and can no longer cost 10 in hand;
        # leading one earns nothing, so keep it while other plays remain.
        cost += 1.5 if leading else -0.5
    elif combo.rank >= TWO and not leading:
        cost += 0.0 if sum(rest) <= 6 or danger <= 2 else 0.8
    elif combo.rank == ACE and combo.kind == "single":
        cost += ACE_SINGLE
    if leading and danger <= 2 and size == danger and combo.kind in ("single", "pair"):
        highest = max(s for s in range(13) if counts[s] >= size)
        cost += 0.0 if combo.rank == highest else 3.0
    return cost


def unbeatable(combo: Combo, unseen: Sequence[int], most: int) -> bool:
    """Whether no answer to ``combo`` can be made from the ``unseen`` cards by an opponent holding
    at most ``most`` cards (a bomb needs four, the three Aces three, a same-shape answer as many
    cards as ``combo``)."""
    if combo.kind in ("ace_bomb", "heavenly_bomb"):
        return True  # the heavenly bomb is only ever the first play of a deal
    if most >= 3 and unseen[ACE] == 3:
        return False  # the three Aces beat every ordinary play and every four-card bomb
    floor = combo.rank if combo.kind == "bomb" else -1
    if most >= 4 and any(unseen[s] == 4 for s in range(floor + 1, 13)):
        return False
    if combo.is_bomb or most < len(combo.strengths):
        return True
    width = {"single": 1, "pair": 2, "triple": 3}.get(combo.kind)
    if width is not None:
        return not any(unseen[s] >= width for s in range(combo.rank + 1, 13))
    per_rank = 1 if combo.kind == "straight" else 2
    span = len(combo.strengths) // per_rank
    return not any(
        all(unseen[s] >= per_rank for s in range(top - span + 1, top + 1))
        for top in range(combo.rank + 1, SEQ_LIMIT)
    )
