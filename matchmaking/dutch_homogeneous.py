"""The greedy Dutch pass over a homogeneous bracket, and its repair by weighted matching.

:meth:`Homogeneous._pair_homogeneous` pairs S1[i] with the earliest S2 player who keeps the
bracket's colour targets reachable (counted by colour type, no search), which is FIDE's
transposition order whenever the criteria do not tell candidates apart; where it falls short
(players left unpaired, a pair overshooting the targets) :meth:`Homogeneous._repair` re-pairs
the bracket, or a window around the trouble, by weighted matching.
"""

from __future__ import annotations

from collections.abc import Callable

from matchmaking.dutch_colours import bipartite_misses
from matchmaking.dutch_criteria import Criteria
from matchmaking.dutch_field import ABSOLUTE, EXACT_LIMIT, STRONG, WINDOW_LIMIT


class Homogeneous(Criteria):
    """The field's greedy pass over S1 and S2, and its weighted repair."""

    def _pair_homogeneous(
        self,
        pool: list[int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Pair an even ``pool`` (rank order): S1[i] with the earliest suitable S2 player.

        "Suitable" keeps the bracket's colour targets reachable: the fewest colour misses (C10)
        and then the fewest strong misses (C11) that the colour types of S1 and S2 allow
        (:func:`~matchmaking.dutch_colours.bipartite_misses`), so that the earliest candidate in
        the Dutch order wins whenever the criteria do not tell candidates apart.
        """
        half = len(pool) // 2
        if half == 0:
            return []
        s1, s2 = pool[:half], pool[half:]
        kind = self.kind
        c1 = [0] * 5
        c2 = [0] * 5
        for v in s1:
            c1[kind[v]] += 1
        for v in s2:
            c2[kind[v]] += 1
        budget, strong_budget = bipartite_misses(c1, c2)
        targets = (budget, strong_budget)
        trouble: list[int] = []
        # S2's players by class, each class in S2 order, so that every S1 player compares one
        # candidate per class (the earliest of it that fits) instead of scanning all of S2.
        queues: dict[tuple[int, int, bool], list[int]] = {}
        for pos, v in enumerate(s2):
            queues.setdefault((self.side[v], self.strength[v], self.top[v]), []).append(pos)
        heads = dict.fromkeys(queues, 0)
        used = [False] * len(s2)
        pairs: list[tuple[int, int]] = []
        left: list[int] = []
        for i in s1:
            c1[kind[i]] -= 1
            chosen = self._choose(
                i, s2, queues, heads, used, c1, c2, (budget, strong_budget), compat, prefer
            )
            if chosen is None:
                left.append(i)
                continue
            pos, clash, strong = chosen
            used[pos] = True
            j = s2[pos]
            c2[kind[j]] -= 1
            pairs.append((i, j))
            rest, strong_rest = bipartite_misses(c1, c2)
            if clash + rest > budget or strong + strong_rest > strong_budget:
                trouble.append(i)
            budget = max(budget - clash, rest)
            strong_budget = max(strong_budget - strong, strong_rest)
        left.extend(s2[pos] for pos in range(len(s2)) if not used[pos])
        if left or trouble:
            pairs = self._repair(pool, pairs, left, trouble, targets, compat, prefer)
        return pairs

    def _choose(
        self,
        i: int,
        s2: list[int],
        queues: dict[tuple[int, int, bool], list[int]],
        heads: dict[tuple[int, int, bool], int],
        used: list[bool],
        c1: list[int],
        c2: list[int],
        budgets: tuple[int, int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> tuple[int, int, int] | None:
        """S1 player ``i``'s partner: (position in S2, colour miss 0/1, strong miss 0/1), or None.

        The earliest candidate that keeps both colour targets (``budgets``: misses, strong
        misses) reachable wins.  Without one, the candidate overshooting them least is taken; a
        pair of topscorers who both need the same colour absolutely (C8, C9) and repeat pairings
        (only in the last relaxation) come last of all.
        """
        side = self.side
        absd = self.abs_side[i]
        candidates: list[tuple[int, int]] = []  # (position, repeat)
        for key, queue in queues.items():
            if self.colour_rule and absd and key[0] == absd and key[1] == ABSOLUTE and not key[2]:
                continue  # the whole class wants the same colour as absolutely as i does (C3)
            h = heads[key]
            while h < len(queue) and used[queue[h]]:
                h += 1
            heads[key] = h
            found_repeat = -1
            for k in range(h, len(queue)):
                pos = queue[k]
                if used[pos]:
                    continue
                j = s2[pos]
                if not compat(i, j):
                    continue
                if prefer is compat or prefer(i, j):
                    candidates.append((pos, 0))
                    break
                if found_repeat < 0:
                    found_repeat = pos
            else:
                if found_repeat >= 0:
                    candidates.append((found_repeat, 1))
        if not candidates:
            return None
        budget, strong_budget = budgets
        best: tuple[tuple[int, int, int, int, int], int, int, int] | None = None
        for pos, repeat in candidates:
            j = s2[pos]
            clash = int(side[i] != 0 and side[i] == side[j])
            weakest = min(self.strength[i], self.strength[j]) if clash else 0
            strong = int(weakest >= STRONG)
            c2[self.kind[j]] -= 1
            rest, strong_rest = bipartite_misses(c1, c2)
            c2[self.kind[j]] += 1
            over = max(0, clash + rest - budget)
            strong_over = max(0, strong + strong_rest - strong_budget)
            rank = (repeat, int(weakest == ABSOLUTE), over, strong_over, pos)
            if best is None or rank < best[0]:
                best = (rank, pos, clash, strong)
        assert best is not None
        return best[1], best[2], best[3]

    # --- the weighted fallback --------------------------------------------------------------------

    def _repair(
        self,
        pool: list[int],
        pairs: list[tuple[int, int]],
        left: list[int],
        trouble: list[int],
        targets: tuple[int, int],
        compat: Callable[[int, int], bool],
        prefer: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Improve what the greedy pass made of ``pool`` by weighted matching.

        ``left`` are the players it left unpaired and ``trouble`` the S1 players whose partner
        overshot the colour ``targets`` (misses, strong misses: the bracket's best by its counts).
        A small pool is re-paired whole.  Otherwise a *window* is: the 8 pairs nearest in rank to
        those players, doubling until everyone is paired within the targets, the window holds
        every pair, or it reaches :data:`WINDOW_LIMIT` players (then the completion step finds
        partners for anyone still left).  A re-pairing is kept only when the criteria improve.
        """
        base = min(self.half[v] for v in pool)
        if len(pool) <= EXACT_LIMIT:
            exact = self._exact(pool, compat, prefer)
            if self._criteria(exact, base, prefer) > self._criteria(pairs, base, prefer):
                return exact
            return pairs
        position = {v: k for k, v in enumerate(pool)}
        anchors = sorted({position[v] for v in left + trouble})

        def distance(pair: tuple[int, int]) -> tuple[int, int]:
            near = min(abs(position[v] - a) for v in pair for a in anchors)
            return near, position[pair[0]]

        by_distance = sorted(pairs, key=distance)
        best = pairs
        size = max(16, 2 * len(trouble))
        while True:
            near = by_distance[:size]
            window = sorted(left + [v for pair in near for v in pair], key=position.__getitem__)
            improved = self._exact(window, compat, prefer, position, len(pool) // 2)
            gain = self._criteria(improved, base, prefer) - self._criteria(near, base, prefer)
            if gain > 0:
                best = by_distance[size:] + improved
                misses, strong = self._misses(best)
                if 2 * len(best) == len(pool) and misses <= targets[0] and strong <= targets[1]:
                    return best
            if size >= len(pairs) or len(window) >= WINDOW_LIMIT:
                return best
            size *= 2
