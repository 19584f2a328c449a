"""The Dutch quality criteria (C5-C19) as weights, and how a bracket's pairs are judged.

:meth:`Criteria._value` encodes the criteria of one pair in fields of bits
(:class:`~matchmaking.dutch_weights.Layout`), so that sums compare pairings criterion by
criterion; :meth:`Criteria._exact` pairs a window by weighted matching with those weights plus
the Dutch order; :meth:`Criteria._next_bracket` counts C7 (what the floaters leave the next
bracket); :meth:`Criteria._judge` ranks a bracket's pairs: completion, C5 and C6, C7, the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from matchmaking.dutch_colours import Colours
from matchmaking.dutch_field import ABSOLUTE, DOWN, EXACT_LIMIT, STRONG, UP
from matchmaking.matching import UNMATCHED, max_weight_matching, maximum_matching


class Criteria(Colours):
    """The field's criteria weights and judgments of a bracket's pairs."""

    def _value(self, a: int, b: int, base: int, prefer: Callable[[int, int], bool]) -> int:
        """The criteria weight of the pair (a, b), most important first (higher is better).

        A pair (C5) outweighs everything else; then no repeat (only matters once repeats are
        allowed at all); then the score differences, squared so that one large difference weighs
        more than two small ones (C6's descending comparison), with a bonus for pairing a player
        that grows with their score (so the highest MDPs are paired, and the players left over are
        the lowest); then colours (C10, C11); then sparing players who floated down last round or
        the round before the float (C12, C14), then not floating someone up again as last round
        or the round before (C13, C15), then the score differences of such repeated floats (C16:
        down as last round, C17: up as last round, C18, C19: the same two rounds back).  Each
        criterion has a field of bits of its own (:class:`~matchmaking.dutch_weights.Layout`),
        wide enough for the sums over the largest window, so a lower one never outweighs a higher
        one.
        """
        ha, hb = self.half[a], self.half[b]
        at = self.layout
        diff = at.difference
        value = 1 << at.c5
        if not prefer(a, b):
            value -= 1 << at.repeat
        # C6: each player paired no longer floats with their difference to the artificial score
        # (A.8), and the pair adds its own difference.
        da, db = ha - base + 2, hb - base + 2
        gap = abs(ha - hb)
        value += (diff(da) + diff(db) - diff(gap)) << at.c6
        if self.side[a] != 0 and self.side[a] == self.side[b]:
            weakest = min(self.strength[a], self.strength[b])
            if weakest == ABSOLUTE:  # topscorers only (C8, C9)
                value -= 1 << at.c8
            value -= 1 << at.c10
            if weakest >= STRONG:
                value -= 1 << at.c11
        # A player spared a repeated downfloat (C12, C14; C16, C18 by score difference) is one
        # who does not float down again: either of an equal-score pair, only the lower of two.
        f1a, f1b = self.float1[a] == DOWN, self.float1[b] == DOWN
        f2a, f2b = self.float2[a] == DOWN, self.float2[b] == DOWN
        if f1a or f1b or f2a or f2b:
            spared_a, spared_b = ha <= hb, hb <= ha
            value += ((spared_a and f1a) + (spared_b and f1b)) << at.c12
            value += ((spared_a and f2a) + (spared_b and f2b)) << at.c14
            value += (f1a * diff(da) + f1b * diff(db)) << at.c16
            value += (f2a * diff(da) + f2b * diff(db)) << at.c18
            if ha != hb:
                higher_down1 = f1a if ha > hb else f1b
                higher_down2 = f2a if ha > hb else f2b
                value -= (higher_down1 * diff(gap)) << at.c16
                value -= (higher_down2 * diff(gap)) << at.c18
        if ha != hb:
            lower = b if ha > hb else a
            if self.float1[lower] == UP:
                value -= (1 << at.c13) + (diff(gap) << at.c17)
            if self.float2[lower] == UP:
                value -= (1 << at.c15) + (diff(gap) << at.c19)
        return value

    def _criteria(
        self, pairs: Sequence[tuple[int, int]], base: int, prefer: Callable[[int, int], bool]
    ) -> int:
        """The criteria part of the weight of ``pairs`` (higher is better); ``base`` is the lowest
        score (in half points) among the players they are chosen from."""
        return sum(self._value(a, b, base, prefer) for a, b in pairs)

    def _upper(self, criteria: int) -> int:
        """The pairs and score differences (C5, C6) of a summed weight.

        The criteria below C6 may sum to a negative number (colour misses, repeated upfloats), so
        a plain shift would borrow from C6; rounding to the nearest unit does not.
        """
        shift = self.layout.c6
        return (criteria + (1 << (shift - 1))) >> shift

    def _exact(
        self,
        window: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        position: Mapping[int, int] | None = None,
        half: int | None = None,
        stay: frozenset[int] = frozenset(),
        lift: Mapping[int, int] | None = None,
    ) -> list[tuple[int, int]]:
        """The best pairs within ``window`` (in rank order) by weighted matching.

        Pairing a player of ``stay`` (one the rest of the round cannot take as a floater) outweighs
        everything else.  ``lift`` adds a weight to pairing a player, between the score
        differences (C6) and the colours: the next bracket's pairs (C7) as negative numbers, so
        that the player left to float is the one whose floating pairs the next bracket best.
        The weight is :meth:`_value`, then the Dutch order: ``position`` places the players in
        their bracket (default: in ``window``), whose first ``half`` players are S1.  A pair of an
        S1 player with an S2 player earns an order weight that falls with the S2 player's place
        and is shifted by the S1 player's rank, each S1 player in bits of their own, so that the
        heaviest matching pairs S1[0] with the earliest S2 player it can, then S1[1], and so on:
        the transposition order.  Each S1-S2 pair also earns a weight above all of those, so that
        a transposition beats any exchange (pairs within S1 or within S2), as in D.2.
        """
        place = position if position is not None else {v: k for k, v in enumerate(window)}
        split = half if half is not None else len(window) // 2
        base = min(self.half[v] for v in window)
        s1 = [v for v in window if place[v] < split]
        significance = {v: len(s1) - 1 - k for k, v in enumerate(s1)}
        reach = max((place[v] - split for v in window if place[v] >= split), default=0) + 1
        width = reach.bit_length() + 1
        transposed = 1 << (width * len(s1))  # per S1-S2 pair: fewest exchanges first (D.2)
        shift = width * len(s1) + len(s1).bit_length() + 2
        size = len(window)
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(window):
            for ib in range(ia + 1, size):
                b = window[ib]
                if not compat(a, b):
                    continue
                first, second = (a, b) if place[a] < place[b] else (b, a)
                order = 0
                if place[first] < split <= place[second]:
                    lexical = (reach - (place[second] - split)) << (width * significance[first])
                    order = transposed + lexical
                value = self._value(a, b, base, prefer)
                value += ((a in stay) + (b in stay)) << self.layout.stay
                if lift:
                    value += (lift.get(a, 0) + lift.get(b, 0)) << self.layout.c7
                edges.append((ia, ib, (value << shift) + order))
        mate = max_weight_matching(size, edges)
        return [(window[k], window[m]) for k, m in enumerate(mate) if m > k]

    def _next_bracket(
        self, down: list[int], following: list[int], compat: Callable[[int, int], bool], base: int
    ) -> int:
        """C7 for ``down`` floating into the bracket of ``following`` (higher is better): the
        most pairs there, then the smallest score differences (descending) of the floaters it
        cannot pair, each against an artificial score one point below this bracket's lowest
        (``base``, in half points).  0 when C7 does not apply (the penultimate bracket) or the
        bracket is too large to count."""
        if not self.c7 or not following or len(down) + len(following) > EXACT_LIMIT:
            return 0
        at = self.layout
        group = down + following
        mate = maximum_matching(group, compat, self.n)
        pairs = sum(1 for u in group if mate[u] > u)
        if all(mate[v] != UNMATCHED for v in down):  # every floater paired: nothing better
            return pairs * at.next_pair + sum(at.difference(self.half[v] - base + 2) for v in down)
        credit = [
            at.difference(self.half[v] - base + 2) if k < len(down) else 0
            for k, v in enumerate(group)
        ]
        edges = [
            (i, j, at.next_pair + credit[i] + credit[j])
            for i in range(len(group))
            for j in range(i + 1, len(group))
            if compat(group[i], group[j])
        ]
        mate = max_weight_matching(len(group), edges)
        return sum(at.next_pair + credit[i] + credit[j] for i, j in enumerate(mate) if j > i)

    def _judge(
        self,
        pairs: list[tuple[int, int]],
        bracket: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> tuple[int, int, int, int]:
        """How good a bracket's pairs are, as a tuple to compare (higher is better): completion
        (C4), then pairs and score differences (C5, C6), then the next bracket's pairs (C7), then
        the rest of :meth:`_value`."""
        paired = {v for pair in pairs for v in pair}
        down = [v for v in bracket if v not in paired]
        base = min(self.half[v] for v in bracket)
        criteria = self._criteria(pairs, base, prefer)
        if not following:
            return (int(not down), self._upper(criteria), 0, criteria)
        ok = completes(down)
        next_pairs = self._next_bracket(down, following, compat, base)
        return (int(ok), self._upper(criteria), next_pairs, criteria)

    def _judge_floaters(
        self,
        down: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        base: int,
    ) -> tuple[int, int]:
        """(completion, the next bracket's pairs) with ``down`` floating, as :meth:`_judge`
        counts them."""
        if not following:
            return int(not down), 0
        return int(completes(down)), self._next_bracket(down, following, compat, base)
