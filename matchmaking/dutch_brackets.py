"""One bracket's choice of pairs in the Dutch pairing engine, before the completion check.

:meth:`Brackets._pair_bracket` pairs the moved-down players first, floats one player from an odd
remainder and pairs the rest greedily; a bracket of at most
:data:`~matchmaking.dutch_field.EXACT_LIMIT` players is also paired by weighted matching (the
better by the criteria kept); an odd one of up to
:data:`~matchmaking.dutch_field.SEQUENTIAL_LIMIT` that floats one player follows D.1's order one
S1 player at a time (:meth:`Brackets._sequential_floater`); and one of at most
:data:`~matchmaking.dutch_field.ORDER_LIMIT` walks FIDE's candidate order up to the best the
matchings found (:meth:`Brackets._in_order`, or :meth:`Brackets._completing` when they do not
complete the round).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from matchmaking.dutch_field import (
    COMPLETING_BUDGET,
    EXACT_LIMIT,
    ORDER_BUDGET,
    ORDER_LIMIT,
    ORDER_PAST_FLOOR,
    SEQUENTIAL_LIMIT,
    WINDOW_LIMIT,
)
from matchmaking.dutch_floats import Floats
from matchmaking.dutch_order import candidates
from matchmaking.dutch_sequential import first_best_with_bye
from matchmaking.matching import UNMATCHED, max_weight_matching


class Brackets(Floats):
    """The field's pairing of one bracket on its own criteria."""

    def _pair_bracket(
        self,
        mdps: list[int],
        residents: list[int],
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> list[tuple[int, int]]:
        """The bracket's own choice of pairs (before the completion check).

        ``following`` are the residents of the next bracket (none: this is the last one), and
        ``completes`` says whether the round can still be completed with the given players
        floating down.  The greedy Dutch pass comes first.  A small bracket is also paired by
        weighted matching, and that pairing replaces the greedy one only when it is strictly
        better by the criteria (completion, the next bracket's pairs, then :meth:`_value`), so
        that the Dutch order decides between pairings the criteria cannot tell apart.
        """
        pairs: list[tuple[int, int]] = []
        pool = list(residents)
        unpaired: list[int] = []
        if mdps:
            counts = self._kind_counts(pool)
            for m in mdps:
                r = self._mdp_partner(m, pool, counts, compat, prefer)
                if r is None:
                    unpaired.append(m)
                    continue
                pool.remove(r)
                counts[self.kind[r]] -= 1
                pairs.append((m, r))
        if not following:
            pool = unpaired + pool  # nowhere left to float: they pair here
            unpaired = []
        elif len(pool) % 2:
            pool.remove(self._floater(pool, unpaired, following, compat, completes, prefer))
        pairs.extend(self._pair_homogeneous(pool, compat, prefer))
        bracket = mdps + residents
        if len(bracket) > EXACT_LIMIT:
            return pairs
        # Players who cannot float alone without breaking the round's completion stay here, and
        # among the others the one whose floating pairs the next bracket best floats (C7).
        stay = frozenset(v for v in bracket if following and not completes([v]))
        lift: dict[int, int] = {}
        if self.c7 and following and len(following) < EXACT_LIMIT:
            cache: dict[tuple[object, ...], int] = {}
            low = min(self.half[v] for v in bracket)
            for v in bracket:
                key = (
                    self.half[v],
                    self.abs_side[v],
                    self.top[v],
                    *sorted(self.opp[v].intersection(following)),
                )
                if key not in cache:
                    cache[key] = self._next_bracket([v], following, compat, low)
                lift[v] = -cache[key]
        split = len(mdps) if mdps else None  # heterogeneous: S1 holds the MDPs (D.1)
        exact = self._exact(bracket, compat, prefer, half=split, stay=stay, lift=lift)
        judged = self._judge(exact, bracket, following, compat, prefer, completes)
        if mdps:
            # The remainder (residents the MDPs left) is a homogeneous bracket of its own, with
            # its own S1 and S2 (D.1): re-pair it in that order when the criteria do not mind.
            members = set(mdps)
            with_mdps = [(a, b) for a, b in exact if a in members or b in members]
            paired = {v for pair in with_mdps for v in pair}
            remainder = [v for v in residents if v not in paired]
            in_exact = {v for pair in exact for v in pair}
            if remainder and all(v in in_exact for v in remainder):
                ordered = with_mdps + self._pair_homogeneous(remainder, compat, prefer)
                if self._judge(ordered, bracket, following, compat, prefer, completes) == judged:
                    exact = ordered
        greedy = self._judge(pairs, bracket, following, compat, prefer, completes)
        best_pairs = exact if judged > greedy else pairs
        if (
            following
            and ORDER_LIMIT < len(bracket) <= SEQUENTIAL_LIMIT
            and len(bracket) % 2
            and 2 * len(best_pairs) == len(bracket) - 1
            and max(judged, greedy)[0]
            and self.sequential_budget > 0
        ):
            self.sequential_budget -= 1
            # One floater: D.1's order one S1 player at a time, the floater in the bye's place.
            found = self._sequential_floater(
                bracket, len(mdps), following, compat, prefer, completes
            )
            if found is not None and self._judge(
                found, bracket, following, compat, prefer, completes
            ) >= max(judged, greedy):
                return found
        if len(bracket) <= ORDER_LIMIT:
            # Small enough to walk FIDE's own candidate order up to the best the matchings found.
            chosen = exact if judged > greedy else pairs
            # The weighted matching's choice bounds every candidate only when it completes the
            # round; otherwise the walk must find the best of those that do (C4 first).
            proven = bool(judged[0])
            found = self._in_order(
                bracket,
                len(mdps),
                len(chosen) if proven else max(len(exact), len(pairs)),
                following,
                compat,
                prefer,
                completes,
                max(judged, greedy) if proven else (0, 0, 0, 0),
            )
            if found is not None:
                return found
        return exact if judged > greedy else pairs

    def _sequential_floater(
        self,
        bracket: list[int],
        moved_down: int,
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
    ) -> list[tuple[int, int]] | None:
        """An odd bracket too large to walk that floats one player: the first in D.1's order of
        the best (:func:`first_best_with_bye`), the floater in the bye's place, weighed by what
        its floating does to the next bracket (C7) and allowed only if the round still completes
        with it below (C4)."""
        base = min(self.half[v] for v in bracket)
        shift = self.layout.c7

        def value(a: int, b: int) -> int | None:
            x, y = bracket[a], bracket[b]
            return self._value(x, y, base, prefer) if compat(x, y) else None

        def floating(a: int) -> int:
            return self._next_bracket([bracket[a]], following, compat, base) << shift

        found = first_best_with_bye(
            len(bracket), moved_down, value, lambda a: completes([bracket[a]]), floating
        )
        if found is None:
            return None
        return [(bracket[a], bracket[b]) for a, b in found[0]]

    def _in_order(
        self,
        bracket: list[int],
        moved_down: int,
        pairs_wanted: int,
        following: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
        completes: Callable[[Sequence[int]], bool],
        target: tuple[int, int, int, int],
    ) -> list[tuple[int, int]] | None:
        """The first candidate in the Dutch generation order (:mod:`matchmaking.dutch_order`) that
        is as good by :meth:`_judge` as ``target`` (the best the matchings found), or None when
        none is among the first :data:`ORDER_BUDGET` candidates that pair the whole bracket.

        Completion and the next bracket's pairs depend only on who floats, so they are counted
        once per set of floaters; the criteria weight is summed per candidate.  A ``target`` that
        does not complete the round is beaten by any candidate that does (:meth:`_completing`).
        """
        base = min(self.half[v] for v in bracket)
        by_down: dict[frozenset[int], tuple[int, int]] = {}

        def fits(a: int, b: int) -> bool:
            return compat(bracket[a], bracket[b])

        def judge(pairs: list[tuple[int, int]], criteria: int) -> tuple[int, int, int, int]:
            if criteria < 0:
                criteria = self._criteria(pairs, base, prefer)
            paired = {v for pair in pairs for v in pair}
            down = frozenset(v for v in bracket if v not in paired)
            if down not in by_down:
                by_down[down] = self._judge_floaters(
                    sorted(down), following, compat, completes, base
                )
            ok, next_pairs = by_down[down]
            return (ok, self._upper(criteria), next_pairs, criteria)

        def hopeless(top: list[tuple[int, int]], rest: list[int]) -> bool:
            # The remainder's best pairs by weighted matching bound what any of its candidates
            # can add to the moved-down players' pairs.
            chosen = [(bracket[a], bracket[b]) for a, b in top]
            remainder = [bracket[v] for v in rest]
            best = self._criteria(chosen, base, prefer)
            if len(remainder) >= 2:
                best += self._criteria(self._exact(remainder, compat, prefer), base, prefer)
            if self._upper(best) != target[1]:
                return self._upper(best) < target[1]
            # Below the target's weight, only more pairs in the next bracket (C7) could still win.
            return best < target[3] and target[2] >= most_next * self.layout.next_pair

        # The most pairs the next bracket could have with this bracket's floaters (C7).
        floating = len(bracket) - 2 * pairs_wanted
        most_next = (floating + len(following)) // 2 if following and self.c7 else 0

        limit = min(ORDER_BUDGET, self.order_budget)
        if not target[0]:
            return self._completing(
                bracket,
                moved_down,
                pairs_wanted,
                following,
                fits,
                judge,
                # Rare (a bracket the matchings cannot complete) and exhaustive: a larger share.
                min(COMPLETING_BUDGET, self.order_budget),
            )
        # With moved-down players, the most of them paired first (C6), then fewer: the best may
        # float a moved-down player and pair two residents instead (C7, or colours, decide).
        most = min(moved_down, pairs_wanted, len(bracket) - moved_down)
        levels = range(most, -1, -1) if moved_down else range(1)
        walk = (
            candidate
            for level in levels
            for candidate in candidates(
                len(bracket), fits, moved_down, pairs_wanted, hopeless, paired_down=level
            )
            if len(candidate) == pairs_wanted
        )
        first_hit = 0
        # The matchings' best is a floor, not always the optimum (C7 and completion are not sums
        # over pairs): past the first candidate that reaches it, a later one may still be better.
        best: tuple[tuple[int, int, int, int], list[tuple[int, int]]] | None = None
        for count, candidate in enumerate(walk):
            if count >= limit:
                break
            if best is not None and count >= first_hit + ORDER_PAST_FLOOR:
                break
            self.order_budget -= 1
            pairs = [(bracket[a], bracket[b]) for a, b in candidate]
            criteria = self._criteria(pairs, base, prefer)
            if self._upper(criteria) < (target if best is None else best[0])[1]:
                continue
            judged = judge(pairs, criteria)
            if judged >= target and (best is None or judged > best[0]):
                if best is None:
                    first_hit = count
                best = (judged, pairs)
        return None if best is None else best[1]

    def _completing(
        self,
        bracket: list[int],
        moved_down: int,
        pairs_wanted: int,
        following: list[int],
        fits: Callable[[int, int], bool],
        judge: Callable[[list[tuple[int, int]], int], tuple[int, int, int, int]],
        limit: int,
    ) -> list[tuple[int, int]] | None:
        """When neither matching's choice leaves the round completable (C4), the best candidate
        that does, in the Dutch order: as many pairs as possible first (C5), then the first of
        the best by :meth:`_judge`, with any number of moved-down players paired; the best so
        far (or None) if the budget runs out first."""
        count = 0
        if following:
            pairs_wanted = min(pairs_wanted, self._most_completing(bracket, fits))
        for wanted in range(pairs_wanted, -1 if following else pairs_wanted - 1, -1):
            best: tuple[tuple[int, int, int, int], list[tuple[int, int]]] | None = None
            # Pairing fewer moved-down players may complete the round, or float lower scores
            # (C6 weighs who floats, not how many MDPs are paired): every count is tried.
            most = min(moved_down, wanted, len(bracket) - moved_down)
            for paired_down in range(most, -1 if moved_down else most - 1, -1):
                for candidate in candidates(
                    len(bracket), fits, moved_down, wanted, paired_down=paired_down
                ):
                    count += 1
                    if count > limit:
                        return None if best is None else best[1]
                    self.order_budget -= 1
                    if len(candidate) != wanted:
                        continue  # the moved-down players left too few residents
                    pairs = [(bracket[a], bracket[b]) for a, b in candidate]
                    judged = judge(pairs, -1)
                    if judged[0] and (best is None or judged > best[0]):
                        best = (judged, pairs)
            if best is not None:
                return best[1]
        return None

    def _most_completing(self, bracket: list[int], fits: Callable[[int, int], bool]) -> int:
        """The most pairs ``bracket`` can make among its own players while everyone below
        (:attr:`below`, the virtual bye player included) can still be paired: one weighted
        matching over all of them, each pair inside the bracket worth a little more.  The walk
        then starts there instead of spending its budget on pair counts nothing completes."""
        everyone = bracket + sorted(self.below)
        if len(everyone) > WINDOW_LIMIT:
            return len(bracket) // 2
        inside = len(bracket)
        unit = 2 * len(everyone)
        edges = []
        for i in range(len(everyone)):
            for j in range(i + 1, len(everyone)):
                if j < inside:
                    if fits(i, j):
                        edges.append((i, j, unit + 1))
                elif self.compat_now(everyone[i], everyone[j]):
                    edges.append((i, j, unit))
        mate = max_weight_matching(len(everyone), edges)
        if any(m == UNMATCHED for m in mate):
            return len(bracket) // 2
        return sum(1 for i in range(inside) if i < mate[i] < inside)
