"""One attempt at a Swiss round in the Dutch pairing engine: the brackets from the top, completed.

:meth:`DutchRound.pair` pairs the round under one relaxation level: a maximum matching of everyone
first (neighbours in rank order, then augmenting paths), a provisional bye in an odd field, then
the brackets from the top (:meth:`DutchRound._pair_brackets`).  Each bracket's choice is kept
only if the rest of the round can still be paired (:meth:`DutchRound._settle`), re-paired as the
penultimate pairing bracket otherwise (A.9), and changed as little as it must when even that does
not complete the round.  The result is in player ids, colours allocated, for
:func:`matchmaking.swiss.pair_round` to publish.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matchmaking.dutch_brackets import Brackets
from matchmaking.dutch_field import WINDOW_LIMIT
from matchmaking.matching import UNMATCHED, augment, max_weight_matching


@dataclass(frozen=True, slots=True)
class Paired:
    """A round as one attempt pairs it: (white, black) player ids per board in publishing order
    (D.9), the bye's player id, and the rules that had to give (``SwissPairing.relaxed``)."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None
    relaxed: tuple[str, ...]


class DutchRound(Brackets):
    """The Dutch pairing engine for one round: every layer of the field, and the attempt."""

    # --- one attempt at a relaxation level --------------------------------------------------------

    def pair(self, relaxed: tuple[str, ...]) -> Paired | None:
        """The round with the rules in ``relaxed`` given up, or None when it cannot be paired so."""
        self.colour_rule = "colour" not in relaxed
        compat = self.compat(relaxed)
        everyone = list(range(self.n))
        mate = self._initial_matching(everyone, compat)
        free = [v for v in everyone if mate[v] == UNMATCHED]
        bye: int | None = None
        if self.n % 2:
            if len(free) != 1:
                return None
            bye = self._choose_bye(mate, free[0], compat, "bye" in relaxed)
            if bye is None:
                return None
            # The bye as a partner: a virtual player (index n) matched to whoever has it for now,
            # so that every bracket's completion check keeps someone able to take it.
            mate.append(bye)
            mate[bye] = self.n
        elif free:
            return None
        pairs, bye = self._pair_brackets(everyone, mate, compat, relaxed)
        boards = self._boards(pairs)
        used = []
        if bye is not None and self.had_bye[bye]:
            used.append("bye")
        if any(self.abs_side[a] and self.abs_side[a] == self.abs_side[b] for a, b in pairs):
            used.append("colour")
        if any(b in self.opp[a] for a, b in pairs):
            used.append("repeat")
        return Paired(
            boards=boards,
            bye=None if bye is None else self.ids[bye],
            relaxed=tuple(used),
        )

    def _initial_matching(
        self, vertices: list[int], compat: Callable[[int, int], bool]
    ) -> list[int]:
        """A maximum matching of ``vertices``: neighbours in rank order first, then augmenting."""
        mate = [UNMATCHED] * self.n
        pending: list[int] = []
        for v in vertices:
            if mate[v] != UNMATCHED:
                continue
            partner = UNMATCHED
            for u in pending:
                if mate[u] == UNMATCHED and compat(u, v):
                    partner = u
                    break
            if partner == UNMATCHED:
                pending.append(v)
                if len(pending) > 16:
                    pending = pending[-16:]  # older ones are left to the augmenting paths
            else:
                mate[v] = partner
                mate[partner] = v
                pending = [u for u in pending if mate[u] == UNMATCHED]
        free = [v for v in vertices if mate[v] == UNMATCHED]
        free_set = set(free)
        for v in free:
            if mate[v] != UNMATCHED:
                continue
            free_set.discard(v)
            if not free_set:
                # A path needs a second free end, and one that failed never has one later
                # (Edmonds): an odd field's last free player would search the whole graph.
                break
            if augment(mate, v, vertices, compat, free_set):
                free_set = {u for u in free_set if mate[u] == UNMATCHED}
        return mate

    # --- the brackets in turn, kept completable ------------------------------------------------

    def _pair_brackets(
        self,
        order: list[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
        relaxed: tuple[str, ...],
    ) -> tuple[list[tuple[int, int]], int | None]:
        """Pair ``order`` bracket by bracket; returns the pairs and who gets the bye.

        ``mate`` is a perfect matching of ``order`` and, in an odd field, of the virtual bye
        player (index n, compatible with whoever may have the bye: C2).  Brackets are paired from
        the top with every player in them, so that a player is never kept out of a bracket for a
        bye they may not get; the completion checks include the virtual player, and the lowest
        bracket chooses the bye like a floater (:meth:`_bye_in`), as FIDE's Dutch system leaves
        it to whoever the last bracket does not pair.
        """
        virtual = self.n if len(mate) > self.n else None
        if virtual is not None:
            second = "bye" in relaxed
            had = self.had_bye

            def with_bye(rule: Callable[[int, int], bool]) -> Callable[[int, int], bool]:
                def allowed(a: int, b: int) -> bool:
                    if a == virtual:
                        return second or not had[b]
                    if b == virtual:
                        return second or not had[a]
                    return rule(a, b)

                return allowed

            compat = with_bye(compat)
        self.compat_now = compat
        groups: list[list[int]] = []
        for v in order:
            if groups and self.key[groups[-1][0]] == self.key[v]:
                groups[-1].append(v)
            else:
                groups.append([v])
        remaining = set(order)
        if virtual is not None:
            remaining.add(virtual)
        pairs: list[tuple[int, int]] = []
        floaters: list[int] = []
        bye: int | None = None
        # Once a rule is relaxed, pairs that break it are still allowed but come last.
        prefer = self.compat(()) if relaxed else compat
        k = -1
        while k + 1 < len(groups):
            k += 1
            residents = groups[k]
            last = k == len(groups) - 1
            following = [] if last else groups[k + 1]
            if last and virtual is not None:
                walked = self._last_in_order(floaters, residents, virtual, compat, prefer)
                if walked is not None:
                    bye, settled = walked
                    for a, b in settled:
                        mate[a], mate[b] = b, a
                    mate[bye], mate[virtual] = virtual, bye
                    pairs.extend(settled)
                    floaters = []
                    break
                bye = self._bye_in(floaters, residents, virtual, remaining, mate, compat)
                remaining -= {bye, virtual}
                floaters = [v for v in floaters if v != bye]
                residents = [v for v in residents if v != bye]
                if not floaters and not residents:
                    break
            bracket = floaters + residents
            lower = remaining.difference(bracket)

            def completes(down: Sequence[int], lower: set[int] = lower) -> bool:
                return self._completes(lower.union(down), mate, compat)

            self.below = lower

            proposal = None
            if following:
                # A.9: the bracket is paired on its own criteria first; only when its floaters
                # leave the rest of the round unpairable is it re-paired as the penultimate
                # pairing bracket (C4 on, C7 off), and everyone below forms one collapsed bracket.
                free = self._pair_bracket(
                    floaters, residents, following, compat, prefer, lambda down: True
                )
                paired = {v for pair in free for v in pair}
                if completes([v for v in bracket if v not in paired]):
                    proposal = free
                else:
                    collapsed = [v for group in groups[k + 1 :] for v in group]
                    groups[k + 1 :] = [collapsed]
                    following = collapsed
                    self.c7 = False
                    try:
                        proposal = self._pair_bracket(
                            floaters, residents, following, compat, prefer, completes
                        )
                    finally:
                        self.c7 = True
            if proposal is None:
                proposal = self._pair_bracket(
                    floaters, residents, following, compat, prefer, completes
                )
            settled = self._settle(proposal, bracket, remaining, mate, compat)
            done = {v for pair in settled for v in pair}
            remaining -= done
            if last:  # whoever is left is matched in ``mate`` among themselves
                settled += [(a, mate[a]) for a in sorted(remaining) if a < mate[a]]
                done |= remaining
                remaining = set()
            pairs.extend(settled)
            floaters = sorted(
                (v for v in bracket if v not in done), key=lambda v: (-self.key[v], v)
            )
        assert not floaters, "the completion step leaves nobody unpaired"
        return pairs, bye

    def _settle(
        self,
        proposal: list[tuple[int, int]],
        bracket: list[int],
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """Keep ``proposal`` if the rest of the round can still be paired, else change it minimally.

        ``mate`` is a perfect matching of ``remaining``; on return it is one again, containing the
        returned pairs (FIDE's completion requirement, C4).
        """
        paired = {v for pair in proposal for v in pair}
        trial = mate[:]
        for v in paired:
            u = trial[v]
            if u != UNMATCHED:
                trial[u] = UNMATCHED
            trial[v] = UNMATCHED
        for a, b in proposal:
            trial[a] = b
            trial[b] = a
        rest = sorted(remaining - paired)
        free = {v for v in rest if trial[v] == UNMATCHED}
        ok = True
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            if not augment(trial, v, rest, compat, free):
                ok = False
                break
            free = {u for u in free if trial[u] == UNMATCHED}
        if ok:
            mate[:] = trial
            return proposal
        if len(remaining) <= WINDOW_LIMIT:
            return self._complete_whole(bracket, remaining, mate, compat)
        # Repair: augment over everything still unpaired, the bracket's proposal included.
        everyone = sorted(remaining)
        free = {v for v in everyone if trial[v] == UNMATCHED}
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            found = augment(trial, v, everyone, compat, free)
            assert found, "a perfect matching of the remaining players exists"
            free = {u for u in free if trial[u] == UNMATCHED}
        mate[:] = trial
        members = set(bracket)
        return [(a, trial[a]) for a in bracket if trial[a] in members and a < trial[a]]

    def _complete_whole(
        self,
        bracket: list[int],
        remaining: set[int],
        mate: list[int],
        compat: Callable[[int, int], bool],
    ) -> list[tuple[int, int]]:
        """The bracket's best pairs among those that leave the rest of the round pairable (C4).

        A weighted matching over every player still unpaired (the virtual bye player included):
        any pair weighs a constant above all criteria, so that the matching pairs everyone (the
        completion), and a pair inside the bracket adds its criteria weight (:meth:`_value`:
        pairs, then the scores of the players left to float, C5 and C6, then the rest), so that
        of the complete pairings the one best for this bracket wins.  Used when the bracket's
        own choice would leave the rest unpairable and the players left are few enough.
        """
        everyone = sorted(remaining)
        index = {v: k for k, v in enumerate(everyone)}
        members = set(bracket)
        base = min(self.half[v] for v in bracket)
        prefer = self.compat(())
        whole = 1 << self.layout.whole
        edges: list[tuple[int, int, int]] = []
        for ia, a in enumerate(everyone):
            for b in everyone[ia + 1 :]:
                if not compat(a, b):
                    continue
                weight = whole
                if a in members and b in members:
                    weight += self._value(a, b, base, prefer)
                edges.append((ia, index[b], weight))
        found = max_weight_matching(len(everyone), edges)
        for k, m in enumerate(found):
            if m == UNMATCHED:  # pragma: no cover - a perfect matching of them exists
                raise AssertionError("the remaining players pair among themselves")
            mate[everyone[k]] = everyone[m]
        return [(a, mate[a]) for a in bracket if mate[a] in members and a < mate[a]]
