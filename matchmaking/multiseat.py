"""Swiss rounds for games of three or more seats: tables formed within score groups.

A multi-seat Swiss round seats the players at tables of ``min_seats`` to ``max_seats`` (3–4 for most
games; a game with a fixed table size passes the same number twice):

1. **Table sizes** (:func:`table_sizes`): as few tables as possible, their sizes as even as possible
   (10 players at 3–4 seats: 4 + 3 + 3), the larger tables first.  When the field cannot be split
   at all (5 players at 3–4 seats) the fewest possible players sit the round out, those with the
   fewest byes so far and then the lowest ranked, so that byes rotate.
2. **Start** (:func:`score_order_tables`): players are ranked by score, then rating, then id, and
   cut into tables in that order — the plain score-order grouping.
3. **Local search** under one lexicographic objective (:class:`Objective`, summed over tables):

   a. *homogeneity*: the summed score spread (highest minus lowest score at a table), then the
      summed squared spread (even spreads: two tables of spread 1 beat spreads 2 and 0);
   b. *repeats*: the sum over pairs seated together of (times they met before)², so that a pair
      meeting a third time weighs more than two pairs meeting a second time;
   c. *seat rotation*: for each table, the best seat order's summed count of earlier games each
      player had in the seat it gives them, then the players put back in last game's seat.

   Two players of different tables swap places whenever the objective falls (a descent, which
   revisits only tables that changed); swapping between tables whose score ranges lie apart
   always widens the summed spread, so those pairs are skipped.  Then seeded *kicks*
   (:class:`_Search`) walk among equally homogeneous groupings to get out of local optima.
   Homogeneity comes first and the search starts at the score order keeping only improvements,
   so a round is never less homogeneous than the score-order grouping of the same players by (a).
4. **Seats** (:func:`seat_order`): each table's seat order gives every player the seat they have
   used least (seat 0 moves first), then a seat other than last time's, then keeps rank order.

``docs/tournaments.md`` states the objective and has a worked example.  Scores are placement
points (``standings.py``), so a table of three and a table of four weigh the same: first place
scores 1 either way.  Everything is deterministic: the same players give the same round.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import NamedTuple

from matchmaking.standings import Results

MAX_SWEEPS = 50
"""Local-search sweeps at most (each sweep tries every swap once; a few settle it in practice)."""

KICKS = 200
"""Homogeneity-neutral random swaps tried after the first descent (each followed by a descent)."""

KICK_SEED = 29
"""The kicks' random generator is seeded with this, so that a field always gives the same round."""

SCORE_SCALE = 10**6
"""Scores are compared as integers in millionths, so spreads add up without rounding drift."""


@dataclass(frozen=True, slots=True)
class MultiSeatPlayer:
    """A player as the multi-seat pairing sees them before a round.

    ``met`` lists every opponent of every table so far (an opponent met twice appears twice),
    ``seats`` the seat taken in each game so far, ``byes`` the rounds sat out.
    """

    player_id: int
    rating: float = 0.0
    score: float = 0.0
    met: tuple[int, ...] = ()
    seats: tuple[int, ...] = ()
    byes: int = 0


@dataclass(frozen=True, slots=True)
class MultiSeatRound:
    """The tables of a round (player ids in seat order, the top table first) and who sits out.

    ``repeats`` counts the pairs of players seated together who had already met.
    """

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    repeats: int


def table_sizes(players: int, min_seats: int, max_seats: int) -> tuple[list[int], int]:
    """(table sizes, largest first; how many players sit out) for a field of ``players``.

    The fewest players sit out; then the fewest tables; sizes differ by at most one.
    """
    if min_seats < 2 or max_seats < min_seats:
        raise ValueError("tables need 2 <= min_seats <= max_seats")
    for out in range(players + 1):
        seated = players - out
        if seated == 0:
            return [], players
        tables = -(-seated // max_seats)
        if tables * min_seats <= seated:
            base, extra = divmod(seated, tables)
            return [base + 1] * extra + [base] * (tables - extra), out
    return [], players  # pragma: no cover - seated == 0 returns first


def seat_order(
    members: Sequence[int],
    history: Mapping[int, Sequence[int]],
) -> tuple[int, ...]:
    """``members`` (in rank order) in seat order, rotating seats over the tournament.

    ``history`` maps a player to the seats they took so far.  The order minimises, in turn: the
    summed count of earlier games each player had in their new seat; the players put back in the
    seat they had last time; then it keeps rank order (the first permutation tried).
    """
    counts = {p: Counter(history.get(p, ())) for p in members}
    last = {p: (history[p][-1] if history.get(p) else None) for p in members}
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None
    for order in permutations(members):
        used = sum(counts[p][seat] for seat, p in enumerate(order))
        again = sum(1 for seat, p in enumerate(order) if last[p] == seat)
        key = (used, again)
        if best is None or key < best[0]:
            best = (key, order)
    assert best is not None
    return best[1]


def players_from_results(
    results: Results, ratings: Mapping[int, float], entrants: Iterable[int] | None = None
) -> list[MultiSeatPlayer]:
    """The multi-seat view of ``entrants`` (default: everyone) after the rounds so far.

    Every table a player sat at counts, played or forfeited: the players met there, and the seat.
    A round without a table (any bye, or no record) counts as a bye.
    """
    out = []
    for p in results.players if entrants is None else entrants:
        met: list[int] = []
        seats: list[int] = []
        byes = 0
        for r in results.history(p):
            if r.entry.seat is None:
                byes += 1
                continue
            met.extend(r.entry.opponents)
            seats.append(r.entry.seat)
        out.append(
            MultiSeatPlayer(
                player_id=p,
                rating=float(ratings.get(p, 0.0)),
                score=results.score(p),
                met=tuple(met),
                seats=tuple(seats),
                byes=byes,
            )
        )
    return out


class Objective(NamedTuple):
    """What a round costs, compared lexicographically (smaller is better; see the module docstring).

    ``spread`` is the summed score spread of the tables and ``spread_squares`` the sum of their
    squares (in score points), ``repeats`` the sum over pairs seated together of (times they met
    before)², ``seat_uses`` the summed count of earlier games each player had in the seat they are
    given, and ``seat_again`` the players put back in the seat they had last time.
    """

    spread: float
    spread_squares: float
    repeats: int
    seat_uses: int
    seat_again: int


def pair_multiseat_round(
    players: Sequence[MultiSeatPlayer], *, min_seats: int = 3, max_seats: int = 4
) -> MultiSeatRound:
    """Seat the next round of a multi-seat Swiss (see the module docstring for the method).

    The result does not depend on the order of ``players``.
    """
    field, ranked, byes, sizes = _prepare(players, min_seats, max_seats)
    search = _Search(field, _cut(len(ranked), sizes))
    search.run()
    return _finish(field, ranked, byes, search.tables)


def score_order_tables(
    players: Sequence[MultiSeatPlayer], *, min_seats: int = 3, max_seats: int = 4
) -> MultiSeatRound:
    """The plain score-order grouping: the ranked players cut into tables, seated by
    :func:`seat_order`.  The starting point of :func:`pair_multiseat_round`, and the baseline its
    homogeneity is held to.
    """
    field, ranked, byes, sizes = _prepare(players, min_seats, max_seats)
    return _finish(field, ranked, byes, _cut(len(ranked), sizes))


def round_objective(
    players: Sequence[MultiSeatPlayer],
    tables: Iterable[Sequence[int]],
    *,
    min_seats: int = 3,
    max_seats: int = 4,
) -> Objective:
    """The :class:`Objective` of seating ``players`` (before the round) at ``tables`` of ids.

    ``tables`` must seat the players :func:`pair_multiseat_round` would seat (all but its byes).
    """
    field = _prepare(players, min_seats, max_seats)[0]
    total: Cost = (0,) * 5
    for table in tables:
        total = _add(total, field.cost([field.index[p] for p in table]))
    return Objective(
        total[0] / SCORE_SCALE, total[1] / SCORE_SCALE**2, total[2], total[3], total[4]
    )


Cost = tuple[int, ...]
"""An objective as a tuple of integers (scores in millionths), compared lexicographically."""


class _Field:
    """The seated players as indices (in the order given) with their scores, meetings and seats."""

    def __init__(self, players: list[MultiSeatPlayer]) -> None:
        self.ids = [p.player_id for p in players]
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.score = [round(p.score * SCORE_SCALE) for p in players]
        self.met: list[dict[int, int]] = [{} for _ in players]
        for a, p in enumerate(players):
            # Meetings count both ways; should the histories disagree, the larger count holds.
            for b, c in Counter(self.index[o] for o in p.met if o in self.index).items():
                self.met[a][b] = max(self.met[a].get(b, 0), c)
                self.met[b][a] = max(self.met[b].get(a, 0), c)
        self.uses = [Counter(p.seats) for p in players]
        self.last = [p.seats[-1] if p.seats else None for p in players]
        self._seat_cache: dict[tuple[int, ...], Cost] = {}

    def homogeneity_and_repeats(self, members: Sequence[int]) -> Cost:
        """(spread, spread², Σ (times met)²) of one table."""
        score = self.score
        repeats = 0
        for i, a in enumerate(members):
            met = self.met[a]
            if met:
                for b in members[i + 1 :]:
                    c = met.get(b, 0)
                    repeats += c * c
        values = [score[m] for m in members]
        spread = max(values) - min(values)
        return spread, spread * spread, repeats

    def seats(self, members: Sequence[int]) -> Cost:
        """(seat uses, seats repeated from last game) of the best seat order of one table.

        Each player's row holds, per seat, W × (earlier games in it) + (1 if it was last game's
        seat); W exceeds any table's count of repeated seats, so the smallest summed row entry
        over the seat orders is the best (uses, again), read back by division.
        """
        key = tuple(sorted(members))
        cached = self._seat_cache.get(key)
        if cached is None:
            rows = [self._row(p, len(key)) for p in key]
            if len(rows) == 4:
                r0, r1, r2, r3 = rows
                best = min(r0[a] + r1[b] + r2[c] + r3[d] for a, b, c, d in _ORDERS[4])
            elif len(rows) == 3:
                r0, r1, r2 = rows
                best = min(r0[a] + r1[b] + r2[c] for a, b, c in _ORDERS[3])
            else:
                best = min(
                    sum(row[seat] for row, seat in zip(rows, order, strict=True))
                    for order in permutations(range(len(rows)))
                )
            cached = self._seat_cache[key] = (best // _SEAT_WEIGHT, best % _SEAT_WEIGHT)
        return cached

    def _row(self, player: int, size: int) -> tuple[int, ...]:
        uses, last = self.uses[player], self.last[player]
        return tuple(uses[s] * _SEAT_WEIGHT + (last == s) for s in range(size))

    def cost(self, members: Sequence[int]) -> Cost:
        return self.homogeneity_and_repeats(members) + self.seats(members)


_SEAT_WEIGHT = 1 << 16
"""More than any table's count of players put back in last game's seat (see ``_Field.seats``)."""

_ORDERS = {k: tuple(permutations(range(k))) for k in (3, 4)}
"""Every seat order of a table of three and of four, computed once."""


def _prepare(
    players: Sequence[MultiSeatPlayer], min_seats: int, max_seats: int
) -> tuple[_Field, list[MultiSeatPlayer], list[MultiSeatPlayer], list[int]]:
    """Rank the field, choose who sits out and the table sizes; the rest make the field."""
    if len({p.player_id for p in players}) != len(players):
        raise ValueError("a player is listed twice")
    ranked = sorted(players, key=lambda p: (-round(p.score, 9), -p.rating, p.player_id))
    sizes, out = table_sizes(len(ranked), min_seats, max_seats)
    byes: list[MultiSeatPlayer] = []
    if out:
        # The fewest byes so far sit out first, the lowest ranked among them.
        position = {p.player_id: i for i, p in enumerate(ranked)}
        chosen = sorted(ranked, key=lambda p: (p.byes, -position[p.player_id]))[:out]
        byes = sorted(chosen, key=lambda p: position[p.player_id])
        ranked = [p for p in ranked if p not in byes]
    return _Field(ranked), ranked, byes, sizes


def _cut(count: int, sizes: Sequence[int]) -> list[list[int]]:
    """Indices 0 .. count − 1 (rank order) cut into consecutive tables of ``sizes``."""
    tables = []
    start = 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    assert start == count
    return tables


def _finish(
    field: _Field,
    ranked: list[MultiSeatPlayer],
    byes: list[MultiSeatPlayer],
    tables: list[list[int]],
) -> MultiSeatRound:
    """Seat each table, order the tables from the top and count the repeated meetings."""
    history = {p.player_id: p.seats for p in ranked}
    ordered = sorted((sorted(t) for t in tables), key=lambda t: t[0])
    seated = tuple(seat_order([field.ids[m] for m in t], history) for t in ordered)
    repeats = sum(
        1 for t in tables for i, a in enumerate(t) for b in t[i + 1 :] if field.met[a].get(b)
    )
    return MultiSeatRound(tables=seated, byes=tuple(p.player_id for p in byes), repeats=repeats)


def _add(left: Cost, right: Cost) -> Cost:
    return tuple(p + q for p, q in zip(left, right, strict=True))


class _Search:
    """Local search over the tables (step 3 of the module docstring).

    A *descent* makes improving swaps between tables whose score ranges touch until none is left,
    revisiting only tables that changed.  Then, ``KICKS`` times at most, a *kick* swaps two
    random players of touching tables without changing the homogeneity (so only repeats and seats
    may get worse), descends again, and keeps the result if the objective did not rise — a walk
    over equally homogeneous groupings that escapes the descent's local optima.  The walk stops
    early once nobody meets again; it is seeded, so the same field always gives the same tables.
    """

    def __init__(self, field: _Field, tables: list[list[int]]) -> None:
        self.field = field
        self.tables = tables
        self.cost = [field.cost(t) for t in tables]
        self.bounds = [self._bounds(t) for t in tables]
        self.rng = random.Random(KICK_SEED)

    def _bounds(self, table: Sequence[int]) -> tuple[int, int]:
        values = [self.field.score[m] for m in table]
        return min(values), max(values)

    def _touch(self, t: int, u: int) -> bool:
        """Whether the score ranges of tables t and u meet (else every swap widens the spread)."""
        (low_a, high_a), (low_b, high_b) = self.bounds[t], self.bounds[u]
        return low_b <= high_a and low_a <= high_b

    def total(self) -> Cost:
        total: Cost = (0,) * 5
        for cost in self.cost:
            total = _add(total, cost)
        return total

    def run(self) -> None:
        self.descend(set(range(len(self.tables))))
        if len(self.tables) < 2:
            return
        best_total = self.total()
        best_tables = [list(t) for t in self.tables]
        for _ in range(KICKS):
            if best_total[2] == 0:
                break
            if not self.kick():
                break
            total = self.total()
            if total <= best_total:
                best_total, best_tables = total, [list(t) for t in self.tables]
            else:
                self.tables = [list(t) for t in best_tables]
                self.cost = [self.field.cost(t) for t in self.tables]
                self.bounds = [self._bounds(t) for t in self.tables]
        self.tables = best_tables

    def kick(self) -> bool:
        """One homogeneity-neutral random swap at a table with repeats, then a descent."""
        troubled = [t for t, cost in enumerate(self.cost) if cost[2] > 0]
        if not troubled:
            return False
        t = self.rng.choice(troubled)
        partners = [u for u in range(len(self.tables)) if u != t and self._touch(t, u)]
        if not partners:
            return True
        u = self.rng.choice(partners)
        a, b = self.tables[t], self.tables[u]
        before = _add(self.cost[t], self.cost[u])[:2]
        options = list(itertools.product(range(len(a)), range(len(b))))
        self.rng.shuffle(options)
        for i, j in options:
            a[i], b[j] = b[j], a[i]
            after = _add(
                self.field.homogeneity_and_repeats(a), self.field.homogeneity_and_repeats(b)
            )[:2]
            if after == before:
                self._changed(t)
                self._changed(u)
                self.descend({t, u})
                return True
            a[i], b[j] = b[j], a[i]
        return True

    def _changed(self, t: int) -> None:
        self.cost[t] = self.field.cost(self.tables[t])
        self.bounds[t] = self._bounds(self.tables[t])

    def descend(self, dirty: set[int]) -> None:
        """Improving swaps until none is left; only pairs with a changed table are tried again."""
        while dirty:
            t = min(dirty)
            dirty.discard(t)
            if not any(self.cost[t]):
                # A table that costs nothing can only gain from a swap with one that costs.
                partners = [u for u, cost in enumerate(self.cost) if any(cost)]
            else:
                partners = list(range(len(self.tables)))
            for u in partners:
                if u != t and self._touch(t, u) and self._improve_pair(t, u):
                    dirty.add(t)
                    dirty.add(u)

    def _improve_pair(self, t: int, u: int) -> bool:
        """Make every improving swap between tables t and u (in place); True if any."""
        field = self.field
        a, b = self.tables[t], self.tables[u]
        current = _add(self.cost[t], self.cost[u])
        changed = False
        for i in range(len(a)):
            for j in range(len(b)):
                x, y = a[i], b[j]
                a[i], b[j] = y, x
                head = _add(field.homogeneity_and_repeats(a), field.homogeneity_and_repeats(b))
                better = head < current[:3]
                if head == current[:3] and current[3:] != (0, 0):  # only seats can improve
                    better = _add(field.seats(a), field.seats(b)) < current[3:]
                if better:
                    self._changed(t)
                    self._changed(u)
                    current = _add(self.cost[t], self.cost[u])
                    changed = True
                else:
                    a[i], b[j] = x, y
        return changed
