"""Who floats in the Dutch pairing engine: floaters, moved-down players' partners, the bye.

An odd bracket floats one player down (:meth:`Floats._floater`, ties broken in FIDE's order by
:meth:`Floats._first_in_order`); a moved-down player meets the resident the criteria prefer
(:meth:`Floats._mdp_partner`).  The bye is a downfloat out of the last bracket: the initial
matching leaves a provisional one (:meth:`Floats._choose_bye`), and the last bracket decides, by
FIDE's candidate order when it is small (:meth:`Floats._last_in_order`) and like a floater
otherwise (:meth:`Floats._bye_in`, with :meth:`Floats._forced_upfloats`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from matchmaking.dutch_colours import group_misses
from matchmaking.dutch_field import (
    ABSOLUTE,
    DOWN,
    EXACT_LIMIT,
    ORDER_BUDGET,
    ORDER_LIMIT,
    SEQUENTIAL_LIMIT,
    STRONG,
    UP,
)
from matchmaking.dutch_homogeneous import Homogeneous
from matchmaking.dutch_order import candidates
from matchmaking.dutch_sequential import first_best_with_bye
from matchmaking.matching import UNMATCHED, augment, maximum_matching


class Floats(Homogeneous):
    """The field's choice of floaters, of moved-down players' partners and of the bye."""

    def _mdp_partner(
        self,
        m: int,
        pool: list[int],
        counts: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> int | None:
        """The resident a moved-down player meets: the fewest colour misses in the whole bracket
        (C10), then the fewest strong misses (C11), then not someone who floated up last round
        (C13) or the round before (C15), then the highest ranked (the Dutch order)."""
        best: tuple[tuple[int, int, int, int, int, int, int], int] | None = None
        seen: set[tuple[int, int, int, int, bool]] = set()
        for position, r in enumerate(pool):
            if not compat(m, r):
                continue
            repeat = not prefer(m, r)
            kind = (self.side[r], self.strength[r], self.float1[r], self.float2[r], repeat)
            if kind in seen:
                continue
            seen.add(kind)
            clash = int(self.side[m] != 0 and self.side[m] == self.side[r])
            counts[self.kind[r]] -= 1
            rest, strong_rest = group_misses(counts)
            counts[self.kind[r]] += 1
            weakest = min(self.strength[m], self.strength[r]) if clash else 0
            key = (
                int(repeat),
                int(weakest == ABSOLUTE),
                clash + rest,
                int(weakest >= STRONG) + strong_rest,
                int(self.float1[r] == UP),
                int(self.float2[r] == UP),
                position,
            )
            if best is None or key < best[0]:
                best = (key, r)
        return None if best is None else best[1]

    def _floater(
        self,
        pool: list[int],
        unpaired: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        prefer: Callable[[int, int], bool] | None = None,
    ) -> int:
        """Who of an odd bracket floats down (``unpaired`` MDPs float down with them).

        First, the rest of the round must stay pairable with them below (FIDE's completion; a
        matching check, made only for the candidates that are otherwise best).  Then the most
        pairs left in this bracket (C5) and in the next one (C7), each counted by a matching when
        the bracket is small (a large one pairs anyway), then the colours of the rest of this
        bracket (C10, C11), then not someone who floated down last round or the one before (C12,
        C14), then the lowest ranked (the Dutch order).
        """
        below = unpaired + following
        low = min(self.half[v] for v in pool + unpaired)
        counts = self._kind_counts(pool)
        check = len(below) < EXACT_LIMIT
        small = len(pool) <= EXACT_LIMIT
        ranked: list[tuple[tuple[int, int, int, int, int, int, int], int]] = []
        seen: set[tuple[int, int, int, tuple[int, ...]]] = set()
        for position in range(len(pool) - 1, -1, -1):
            v = pool[position]
            blocked = tuple(sorted(self.opp[v].intersection(below))) if check else ()
            if small:  # whom they could not meet here matters too
                blocked += (-1, *sorted(self.opp[v].intersection(pool)))
            kind = (self.side[v], self.float1[v], self.float2[v], blocked)
            if kind in seen:
                continue
            seen.add(kind)
            counts[self.kind[v]] -= 1
            rest, strong_rest = group_misses(counts)
            counts[self.kind[v]] += 1
            here = 0
            if small:
                rest_of_pool = [u for u in pool if u != v]
                mate = maximum_matching(rest_of_pool, compat, self.n)
                here = sum(1 for u in rest_of_pool if mate[u] > u)
            next_pairs = 0
            if check:
                next_pairs = self._next_bracket([v, *unpaired], following, compat, low)
            key = (
                -here,
                -next_pairs,
                rest,
                strong_rest,
                int(self.float1[v] == DOWN),
                int(self.float2[v] == DOWN),
                -position,
            )
            ranked.append((key, v))
        ranked.sort()
        for index, (key, v) in enumerate(ranked):
            if completes([*unpaired, v]):
                if not small or prefer is None:
                    return v
                ties = [v] + [
                    u
                    for other, u in ranked[index + 1 :]
                    if other[:-1] == key[:-1] and completes([*unpaired, u])
                ]
                return (
                    ties[0] if len(ties) == 1 else self._first_in_order(pool, ties, compat, prefer)
                )
        # No single class member completes the round: try everyone, lowest ranked first.
        tried = {v for _, v in ranked}
        for v in reversed(pool):
            if v not in tried and completes([*unpaired, v]):
                return v
        return ranked[0][1]

    def _first_in_order(
        self,
        pool: list[int],
        ties: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> int:
        """Of floaters the criteria cannot tell apart, the one FIDE's generation order (D.1, D.2)
        reaches first.

        In an odd homogeneous bracket S1 is its first half (rounded down) and S2 the rest; a
        candidate pairing is a transposition of S2 whose last player floats, tried in
        lexicographic order, and only then exchanges between S1 and S2.  So: pair the rest
        without each candidate, keep the best by the criteria, then prefer a floater from S2 and
        the pairing whose S1 partners come earliest in the bracket, S1[0]'s first; of floaters
        from S1 (exchanges), the lowest ranked, whose exchange changes the sums of bracket
        numbers least.
        """
        half = len(pool) // 2
        place = {v: k for k, v in enumerate(pool)}
        base = min(self.half[v] for v in pool)
        best: tuple[tuple[int, int, tuple[int, ...]], int] | None = None
        for v in ties:
            rest = [u for u in pool if u != v]
            pairs = self._pair_homogeneous(rest, compat, prefer)
            partner = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
            order = tuple(place.get(partner.get(u, -1), len(pool)) for u in pool[:half] if u != v)
            if place[v] < half:  # an exchange: the lowest S1 player leaves S1 first (D.2)
                key: tuple[int, int, tuple[int, ...]] = (
                    -self._criteria(pairs, base, prefer),
                    1,
                    (-place[v],),
                )
            else:
                key = (-self._criteria(pairs, base, prefer), 0, order)
            if best is None or key < best[0]:
                best = (key, v)
        assert best is not None
        return best[1]

    # --- the bye ----------------------------------------------------------------------------------

    def _choose_bye(
        self, mate: list[int], free: int, compat: Callable[[int, int], bool], second: bool
    ) -> int | None:
        """The lowest-ranked player who may take the bye and leaves the rest pairable.

        ``mate`` is a maximum matching leaving only ``free`` over; it is updated to a perfect
        matching of everyone else.  With ``second`` a player who had a bye may take it too, but
        only when nobody who had none can.
        """
        tiers = [[v for v in reversed(range(self.n)) if not self.had_bye[v]]]
        if second:
            tiers.append([v for v in reversed(range(self.n)) if self.had_bye[v]])
        for tier in tiers:
            for c in tier:
                if c == free:
                    return c
                trial = mate[:]
                partner = trial[c]
                trial[c] = UNMATCHED
                trial[partner] = UNMATCHED
                rest = [v for v in range(self.n) if v != c]
                if augment(trial, partner, rest, compat, (free,)):
                    mate[:] = trial
                    return c
        return None

    def _last_in_order(
        self,
        mdps: list[int],
        residents: list[int],
        virtual: int,
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> tuple[int, list[tuple[int, int]]] | None:
        """The last bracket of an odd field paired in D.1-D.3's order: (the bye, the pairs).

        The bye is whoever the chosen candidate leaves over (C.04.3: the last bracket's unpaired
        player), so of the candidates that pair all but one player allowed the bye (C2), the best
        by the criteria wins, the first in the generation order among equals.  A repeated
        downfloat by the bye counts simply because that player earns no pair's credit
        (:meth:`_value`).  None when the bracket is too large for the walk or the budget runs out
        (then :meth:`_bye_in` chooses).
        """
        bracket = mdps + residents
        if len(bracket) % 2 == 0 or len(bracket) > SEQUENTIAL_LIMIT:
            return None
        base = min(self.half[v] for v in bracket)
        if len(bracket) > ORDER_LIMIT:
            # Too many candidates to walk: follow D.1's order one S1 player at a time.
            if self.sequential_budget <= 0:
                return None
            self.sequential_budget -= 1

            def value(a: int, b: int) -> int | None:
                x, y = bracket[a], bracket[b]
                return self._value(x, y, base, prefer) if compat(x, y) else None

            found = first_best_with_bye(
                len(bracket), len(mdps), value, lambda a: compat(bracket[a], virtual)
            )
            if found is None:
                return None
            chosen, left = found
            return bracket[left], [(bracket[a], bracket[b]) for a, b in chosen]

        def fits(a: int, b: int) -> bool:
            return compat(bracket[a], bracket[b])

        # The best weighted matching bounds every candidate: reaching it ends the walk.
        bound = None
        exact = self._exact(bracket, compat, prefer)
        if 2 * len(exact) == len(bracket) - 1:
            paired = {v for pair in exact for v in pair}
            if all(compat(v, virtual) for v in bracket if v not in paired):
                bound = self._criteria(exact, base, prefer)
        limit = min(ORDER_BUDGET, self.order_budget)
        best: tuple[int, int, list[tuple[int, int]]] | None = None
        # The bye may go to a moved-down player too: then one fewer of them is paired (D.3).
        most = min(len(mdps), len(bracket) // 2, len(residents))
        levels = [most, most - 1] if mdps and most > 0 else [most]
        walk = (
            c
            for level in levels
            for c in candidates(len(bracket), fits, len(mdps), None, None, level)
        )
        for count, candidate in enumerate(walk):
            if count >= limit:
                return None
            self.order_budget -= 1
            if 2 * len(candidate) != len(bracket) - 1:
                continue
            pairs = [(bracket[a], bracket[b]) for a, b in candidate]
            paired = {v for pair in pairs for v in pair}
            left = next(v for v in bracket if v not in paired)
            if not compat(left, virtual):
                continue
            criteria = self._criteria(pairs, base, prefer)
            if best is None or criteria > best[0]:
                best = (criteria, left, pairs)
                if criteria == bound:
                    break
        return None if best is None else (best[1], best[2])

    def _bye_in(
        self,
        mdps: list[int],
        residents: list[int],
        virtual: int,
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> int:
        """Who of the lowest bracket gets the bye; ``mate`` is updated to match them with the
        ``virtual`` bye player and everyone else among themselves.

        A candidate must be allowed the bye (C2, through ``compat``) and leave the rest pairable
        (C4).  Among those: the fewest colour misses and strong misses left in the bracket (C10,
        C11), then not someone who floated down last round or the round before (the bye is a
        downfloat: C12, C14), then the lowest ranked (in the Dutch order the bye is the last of S2
        that no better candidate displaces).  Moved-down players come after every resident.
        """
        current = mate[virtual]
        counts = self._kind_counts(mdps + residents)
        ranked: list[tuple[tuple[int, ...], int]] = []
        for group, members in ((1, mdps), (0, residents)):
            for position in range(len(members) - 1, -1, -1):
                v = members[position]
                if not compat(v, virtual):
                    continue
                counts[self.kind[v]] -= 1
                rest, strong_rest = group_misses(counts)
                counts[self.kind[v]] += 1
                up1, up2 = self._forced_upfloats(mdps, residents, v, compat)
                key = (
                    group,
                    rest,
                    strong_rest,
                    int(self.float1[v] == DOWN),
                    up1,
                    int(self.float2[v] == DOWN),
                    up2,
                    -position,
                )
                ranked.append((key, v))
        ranked.sort()
        for _, v in ranked:
            if v == current:
                return v
            trial = mate[:]
            partner = trial[v]
            trial[current] = UNMATCHED
            trial[partner] = UNMATCHED
            trial[v] = virtual
            trial[virtual] = v
            rest_of = sorted(remaining - {v, virtual})
            if augment(trial, partner, rest_of, compat, (current,)):
                mate[:] = trial
                return v
        return current

    def _forced_upfloats(
        self,
        mdps: list[int],
        residents: list[int],
        bye: int,
        compat: Callable[[int, int], bool],
    ) -> tuple[int, int]:
        """How many moved-down players would have to float a resident up again if ``bye`` took
        the bye: (as last round, C13; as two rounds back, C15), each player judged on their own."""
        up1 = up2 = 0
        for m in mdps:
            options = [r for r in residents if r != bye and compat(m, r)]
            if not options:
                continue
            if all(self.float1[r] == UP for r in options):
                up1 += 1
            elif all(self.float1[r] == UP or self.float2[r] == UP for r in options):
                up2 += 1
        return up1, up2
