"""The field of one Swiss round as the Dutch pairing engine sees it, and the engine's vocabulary.

:class:`Field` numbers the players of the round 0 .. n-1 in rank order and holds, per index, what
every criterion reads (score, colour preference and colour type, floats, opponents), with the
compatibility rule of each relaxation level and the completion check (C4) over a perfect matching.

The engine is built in layers, each a subclass of the one below in a module of its own, so that a
layer sees the state and the methods it relies on (and ``mypy --strict`` checks every use):

1. :class:`Field` (here): the state, compatibility, completion.
2. :class:`~matchmaking.dutch_colours.Colours`: colour types and misses, colour allocation (E).
3. :class:`~matchmaking.dutch_criteria.Criteria`: the quality criteria as weights (C5-C19), the
   weighted matching over a window, and how a bracket's pairs are judged.
4. :class:`~matchmaking.dutch_homogeneous.Homogeneous`: the greedy S1/S2 pass and its repair.
5. :class:`~matchmaking.dutch_floats.Floats`: who floats down, whom a moved-down player meets,
   who gets the bye.
6. :class:`~matchmaking.dutch_brackets.Brackets`: one bracket's choice of pairs (the greedy pass,
   the matchings, FIDE's candidate order).
7. :class:`~matchmaking.dutch_round.DutchRound`: one attempt at the round, bracket by bracket
   from the top, kept completable.

:mod:`matchmaking.swiss` is the public face (players, boards, ``pair_round``) and calls the top
layer.  The colour and float constants live here, below every layer (``swiss`` re-exports them),
and so do the limits and budgets that keep a round fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from matchmaking.dutch_weights import Layout
from matchmaking.matching import UNMATCHED, augment

if TYPE_CHECKING:
    from matchmaking.swiss import SwissPlayer

WHITE = 1
"""Seat 0: white, or whoever moves first."""
BLACK = -1
"""Seat 1."""

UP = 1
"""A float: paired against a higher score."""
DOWN = -1
"""A float: paired against a lower score, or not paired at all."""

MILD, STRONG, ABSOLUTE = 1, 2, 3
"""Colour preference strengths (0: no preference)."""

EXACT_LIMIT = 40
"""Brackets of at most this many players are also paired whole by the weighted matching (and the
better of the two pairings kept); larger ones are repaired in windows where the greedy pass fell
short."""

WINDOW_LIMIT = 160
"""The largest window (in players) the weighted matching is run on; beyond it the players left
over float down and the completion step (augmenting paths) finds them partners."""

ORDER_LIMIT = 16
"""Brackets of at most this many players take the first candidate in FIDE's generation order (D.1,
D.2: :mod:`matchmaking.dutch_order`) that the criteria rate as highly as the best the matchings
found.  Measured on the reference corpus: 8 players gain less, 20 or 40 gain nothing more and
cost twice the time."""

SEQUENTIAL_LIMIT = 40
"""An odd bracket of more than :data:`ORDER_LIMIT` players, up to this many, that floats one
player (or, the last one, leaves one for the bye) follows D.1's order one S1 player at a time
(:mod:`matchmaking.dutch_sequential`: a weighted matching per partner tried)."""

SEQUENTIAL_ROUND_BUDGET = 6
"""How many brackets of a round may do that (each costs some 10-50 ms); the others keep the
matchings' choice, so that a field of many middle-sized brackets stays well within a second."""

ORDER_PAST_FLOOR = 60
"""How many candidates the walk still looks at after the first that reaches the matchings' best
(a floor only: C7 and completion are not sums over pairs, so a later candidate may be better)."""

ORDER_BUDGET = 3000
"""How many candidates that search looks at in one bracket before it leaves the choice to the
matchings (about 20 µs each: a bracket that exhausts it costs some 0.06 s)."""

COMPLETING_BUDGET = 8000
"""The candidates the walk may look at in a bracket whose weighted pairing does not complete the
round (within the round's budget): it must find the best of those that do, not the first."""

ORDER_ROUND_BUDGET = 10000
"""The same for a whole round (relaxation levels included), so that a large field of many small
brackets adds at most some 0.2 s: the brackets beyond it keep the matchings' choice."""


class Field:
    """The players of one round, indexed 0 .. n-1 in rank order (score, then pairing number)."""

    def __init__(
        self,
        players: Sequence[SwissPlayer],
        final: bool,
        rounds_played: int,
        forbidden: Iterable[tuple[int, int]],
        initial_colour: int,
    ) -> None:
        if all(p.pairing_number > 0 for p in players):
            number = {p.player_id: p.pairing_number for p in players}
            if len(set(number.values())) != len(number):
                raise ValueError("two players share a pairing number")
        else:
            by_rating = sorted(players, key=lambda p: (-p.rating, p.player_id))
            number = {p.player_id: i + 1 for i, p in enumerate(by_rating)}
        order = sorted(players, key=lambda p: (-round(p.score, 9), number[p.player_id]))
        self.players = order
        self.n = len(order)
        self.ids = [p.player_id for p in order]
        index = {pid: i for i, pid in enumerate(self.ids)}
        self.number = [number[pid] for pid in self.ids]
        self.score = [p.score for p in order]
        self.key = [round(p.score, 9) for p in order]
        self.half = [round(2 * p.score) for p in order]  # scores in half points, for weights
        self.layout = Layout.for_spread(max(self.half, default=0) - min(self.half, default=0))
        self.initial = initial_colour
        top_line = 0.5 * rounds_played
        self.top = [final and p.score > top_line for p in order]
        prefs = [p.preference for p in order]
        self.side = [s for s, _ in prefs]
        self.strength = [st for _, st in prefs]
        self.cd = [p.colour_difference for p in order]
        self.colours = [p.colours for p in order]
        # Colour type: 0 white wanted strongly or absolutely, 1 white mildly, 2 and 3 the same for
        # black, 4 no preference.
        self.kind = [
            4
            if self.side[i] == 0
            else (0 if self.side[i] == WHITE else 2) + (self.strength[i] == MILD)
            for i in range(self.n)
        ]
        self.abs_side = [
            self.side[i] if self.strength[i] == ABSOLUTE and not self.top[i] else 0
            for i in range(self.n)
        ]
        self.had_bye = [p.had_bye for p in order]
        self.float1 = [p.floats[-1] if p.floats else 0 for p in order]
        self.float2 = [p.floats[-2] if len(p.floats) >= 2 else 0 for p in order]
        opp: list[set[int]] = [set() for _ in range(self.n)]
        for i, p in enumerate(order):
            for o in p.opponents:
                j = index.get(o)
                if j is not None:
                    opp[i].add(j)
                    opp[j].add(i)
        for a, b in forbidden:
            x, y = index.get(a), index.get(b)
            if x is not None and y is not None and x != y:
                opp[x].add(y)
                opp[y].add(x)
        self.opp = opp
        self.colour_rule = True
        self.c7 = True  # off while a penultimate pairing bracket is paired (A.9)
        self.order_budget = ORDER_ROUND_BUDGET  # candidates the Dutch order may still look at
        self.sequential_budget = SEQUENTIAL_ROUND_BUDGET  # brackets that may still do so
        self.below: set[int] = set()  # the players below the bracket being paired
        self.compat_now: Callable[[int, int], bool] = self.compat(())  # the bye player's too

    # --- compatibility ----------------------------------------------------------------------------

    def compat(self, relaxed: tuple[str, ...]) -> Callable[[int, int], bool]:
        opp = self.opp
        absd = self.abs_side
        if "repeat" in relaxed:
            return lambda a, b: a != b
        if "colour" in relaxed:
            return lambda a, b: b not in opp[a]
        return lambda a, b: b not in opp[a] and (absd[a] == 0 or absd[a] != absd[b])

    def _completes(
        self, players: set[int], mate: list[int], compat: Callable[[int, int], bool]
    ) -> bool:
        """True when ``players`` can all be paired among themselves.

        ``mate`` is a perfect matching of a superset; the players whose partner is outside are
        re-matched by augmenting paths (usually a few short searches).
        """
        if len(players) % 2:
            return False
        trial = mate[:]
        free: set[int] = set()
        for v in players:
            u = trial[v]
            if u == UNMATCHED or u not in players:
                trial[v] = UNMATCHED
                free.add(v)
        order = sorted(players)
        for v in sorted(free):
            if trial[v] != UNMATCHED:
                continue
            free.discard(v)
            if not augment(trial, v, order, compat, free):
                return False
            free = {u for u in free if trial[u] == UNMATCHED}
        return True

    def _kind_counts(self, pool: Iterable[int]) -> list[int]:
        """How many of ``pool`` are of each colour type (:attr:`kind`)."""
        counts = [0] * 5
        for v in pool:
            counts[self.kind[v]] += 1
        return counts
