"""Hand planning for the Guandan expert: what a hand is still worth, as the plays it will need.

A hand is reduced to a count per natural rank (index 2..14, the jokers at 15 and 16) and its number
of wildcards; suits are ignored (a straight flush is planned as a straight, and offered as a bomb by
the legal list when the suits allow).  :meth:`Planner.cost` splits the hand into combinations — the
sequences found by a search over where each one starts, the rest as bombs, triples (carrying the
lowest pairs as full houses), pairs and singles, left-over wildcards joining a triple as a bomb or
standing as singles of the level rank — and sums what each combination costs: about one lead for a
low combination, less for one that can win a trick by itself, below zero for a bomb (a bomb takes
the lead back).  Lower is better; ``cost(before) - cost(after)`` is what a play gains.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from games.cards import PACK_SIZE
from games.guandan.combos import ACE, BLACK_JOKER, RANK_OF_FACE, RED_JOKER, STRENGTH, WILD_FACE

Counts = tuple[int, ...]
"""``counts[r]``: natural cards of rank ``r`` (2..14; 15 and 16 the jokers); 0 and 1 unused."""

EMPTY: Final[Counts] = (0,) * (RED_JOKER + 1)
SEQUENCES: Final = ((1, 5), (2, 3), (3, 2))
"""(cards per rank, ranks) of the straight, the three pairs and the two triples."""
LOWEST_TOP: Final = {1: 5, 2: 3, 3: 2}
"""The lowest top rank of each sequence by its width (Ace low)."""
BOMB_COST: Final = -0.3
JOKER_BOMB_COST: Final = -0.6
CONTROL: Final = 0.75
MAX_COPIES: Final = 8
TRIPLE_COST: Final = 0.7
"""About what a triple costs (a spare wildcard turning one into a bomb saves this)."""
FULL_HOUSE_SAVING: Final = 0.9
"""About what a pair costs: a triple carrying it as a full house saves it."""
"""How much of a lead the strongest ordinary combination saves (cost ``1 - CONTROL * h**2``)."""


def counts_of(cards: Iterable[int], level: int) -> tuple[Counts, int]:
    """The counts and the number of wildcards of ``cards``."""
    out = [0] * (RED_JOKER + 1)
    wild = WILD_FACE[level]
    wilds = 0
    for c in cards:
        f = c % PACK_SIZE
        if f == wild:
            wilds += 1
        else:
            out[RANK_OF_FACE[f]] += 1
    return tuple(out), wilds


def ordinary_cost(height: float) -> float:
    """The cost of an ordinary combination whose place among its kind is ``height`` (0..1)."""
    return 1.0 - CONTROL * height * height


def sequence_cost(width: int, top: int) -> float:
    low = LOWEST_TOP[width]
    return ordinary_cost((top - low) / (ACE - low))


def _starting(r: int) -> tuple[tuple[int, tuple[int, ...], float], ...]:
    """The sequences starting at rank ``r`` (1: the low Ace): width, the count indices of their
    ranks, cost."""
    out = []
    for width, length in SEQUENCES:
        top = r + length - 1
        if top <= ACE:
            slots = tuple(ACE if s == 1 else s for s in range(r, top + 1))
            out.append((width, slots, sequence_cost(width, top)))
    return tuple(out)


_STARTING: Final = tuple(_starting(r) for r in range(ACE + 1))


class Planner:
    """Plan costs for hands of one deal (level); remembers what it has worked out.

    The search walks the ranks upwards (the Ace first as the low end of a sequence): at each rank
    it either starts a sequence there (wildcards filling the gaps) or settles the rank's remaining
    cards as one group.  Groups are costed rank by rank; what couples them — triples carrying
    pairs as full houses, spare wildcards turning a triple into a bomb — is settled at the end
    from the number of triples and pairs, so the cost of the ranks above a point depends only on
    those ranks, those two numbers and the wildcards left: positions that differ below share it.
    """

    __slots__ = ("level", "strength", "_group", "_memo", "_level_single")

    def __init__(self, level: int) -> None:
        self.level = level
        self.strength = STRENGTH[level]
        self._group = tuple(
            tuple(self._group_of(r, n) for n in range(MAX_COPIES + 1)) for r in range(ACE + 1)
        )
        self._level_single = ordinary_cost(self.strength[level] / 14)
        self._memo: dict[tuple[int, int, int, int, Counts], float] = {}

    def _group_of(self, rank_: int, size: int) -> float:
        if rank_ < 2 or size == 0:
            return 0.0
        if size >= 4:
            return BOMB_COST - 0.05 * (size - 4)
        return ordinary_cost(self.strength[rank_] / 14)

    def cost(self, counts: Counts, wilds: int) -> float:
        """The plan cost of a hand (see the module's docstring)."""
        black, red = counts[BLACK_JOKER], counts[RED_JOKER]
        if black == 2 and red == 2:
            jokers = JOKER_BOMB_COST
        else:
            jokers = (ordinary_cost(13 / 14) if black else 0.0) + (1 - CONTROL if red else 0.0)
        return jokers + self._search(1, counts, wilds, 0, 0)

    def _search(self, r: int, counts: Counts, wilds: int, triples: int, pairs: int) -> float:
        """The best cost of ranks ``r`` and up, given the triples and pairs settled below."""
        if r > ACE:
            return self._end(wilds, triples, pairs)
        key = (r, wilds, triples, pairs, counts[max(r, 2) : ACE + 1])
        found = self._memo.get(key)
        if found is not None:
            return found
        here = counts[ACE if r == 1 else r]
        if r == 1:
            best = self._search(2, counts, wilds, triples, pairs)
        else:
            best = self._group[r][here] + self._search(
                r + 1, counts, wilds, triples + (here == 3), pairs + (here == 2)
            )
        if here:
            for width, slots, seq_cost in _STARTING[r]:
                need = 0
                for i in slots:
                    if counts[i] < width:
                        need += width - counts[i]
                if need > wilds:
                    continue
                rest = list(counts)
                for i in slots:
                    rest[i] = rest[i] - width if rest[i] > width else 0
                cost = seq_cost + self._search(r, tuple(rest), wilds - need, triples, pairs)
                if cost < best:
                    best = cost
        self._memo[key] = best
        return best

    def _end(self, wilds: int, triples: int, pairs: int) -> float:
        """Spare wildcards make triples bombs (else stand as level-rank singles); each triple
        left carries a pair as a full house."""
        total = 0.0
        while wilds and triples:
            triples -= 1
            wilds -= 1
            total += BOMB_COST - TRIPLE_COST
        total += wilds * self._level_single
        return total - FULL_HOUSE_SAVING * min(triples, pairs)
