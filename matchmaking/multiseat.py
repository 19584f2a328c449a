"""Swiss rounds for games of three or more seats: tables formed within score groups.

A multi-seat Swiss round seats the players at tables of ``min_seats`` to ``max_seats`` (3–4 for most
games; a game with a fixed table size passes the same number twice):

1. **Table sizes** (:func:`table_sizes`): as few tables as possible, their sizes as even as possible
   (10 players at 3–4 seats: 4 + 3 + 3), the larger tables first.  When the field cannot be split
   at all (5 players at 3–4 seats) the fewest possible players sit the round out, those with the
   fewest byes so far and then the lowest ranked, so that byes rotate.
2. **Grouping**: players are ranked by score, then rating, then id, and tables are filled from the
   top.  Each table starts with the highest-ranked player left and takes, one at a time, the player
   among the next few in rank order who adds the fewest *repeat meetings* (pairs of players at the
   table who already shared a table), then the smallest score difference, then the highest rank.
   The look-ahead is 3 × ``max_seats`` players, so that tables stay within score groups but can
   reach past a player who would repeat a meeting.
3. **Improvement**: two players of neighbouring tables (the next two down) swap places whenever that
   lowers the number of repeat meetings, or keeps it and narrows the summed score spreads, without
   making the wider of the two tables wider still; passes repeat until nothing improves.
4. **Seats** (:func:`seat_order`): each table's seat order gives every player the seat they have
   used least (seat 0 moves first), then a seat other than last time's, then keeps rank order.

``docs/tournaments.md`` has a worked example.  Scores are placement points (``standings.py``), so
a table of three and a table of four weigh the same: first place scores 1 either way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import permutations

from matchmaking.standings import Results

LOOKAHEAD_PER_SEAT = 3
"""How many players past a table's first member (times ``max_seats``) a table may reach for."""

MAX_PASSES = 20
"""Improvement passes at most (each pass is cheap; in practice two or three settle it)."""


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


@dataclass
class _Tables:
    """Mutable state of the grouping: tables as lists of indices into the ranked players."""

    score: list[float]
    met: list[Counter[int]]
    tables: list[list[int]] = field(default_factory=list)

    def repeats(self, members: Sequence[int]) -> int:
        return sum(self.met[a][b] > 0 for i, a in enumerate(members) for b in members[i + 1 :])

    def spread(self, members: Sequence[int]) -> float:
        values = [self.score[m] for m in members]
        return max(values) - min(values)


def pair_multiseat_round(
    players: Sequence[MultiSeatPlayer], *, min_seats: int = 3, max_seats: int = 4
) -> MultiSeatRound:
    """Seat the next round of a multi-seat Swiss (see the module docstring for the method).

    The result does not depend on the order of ``players``.
    """
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
    ids = [p.player_id for p in ranked]
    index = {pid: i for i, pid in enumerate(ids)}
    met: list[Counter[int]] = []
    for p in ranked:
        counter: Counter[int] = Counter()
        for o in p.met:
            if o in index:
                counter[index[o]] += 1
        met.append(counter)
    state = _Tables(score=[p.score for p in ranked], met=met)
    _group(state, sizes, max_seats)
    _improve(state)
    history = {p.player_id: p.seats for p in ranked}
    tables = tuple(seat_order([ids[m] for m in sorted(t)], history) for t in state.tables)
    repeats = sum(state.repeats(t) for t in state.tables)
    return MultiSeatRound(tables=tables, byes=tuple(p.player_id for p in byes), repeats=repeats)


def _group(state: _Tables, sizes: Sequence[int], max_seats: int) -> None:
    """Fill the tables from the top, each with the best of the next few players (step 2)."""
    free = list(range(len(state.score)))
    reach = LOOKAHEAD_PER_SEAT * max_seats
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            best: tuple[tuple[int, float, int], int] | None = None
            for k, candidate in enumerate(free[:reach]):
                repeats = sum(state.met[candidate][m] > 0 for m in table)
                gap = abs(state.score[table[0]] - state.score[candidate])
                key = (repeats, round(gap, 9), k)
                if best is None or key < best[0]:
                    best = (key, k)
            assert best is not None
            table.append(free.pop(best[1]))
        state.tables.append(table)


def _improve(state: _Tables) -> None:
    """Swap players between neighbouring tables while that helps (step 3)."""
    tables = state.tables
    for _ in range(MAX_PASSES):
        improved = False
        for t in range(len(tables)):
            for u in (t + 1, t + 2):
                if u >= len(tables):
                    continue
                a, b = tables[t], tables[u]
                before = (
                    state.repeats(a) + state.repeats(b),
                    round(state.spread(a) + state.spread(b), 9),
                )
                limit = max(state.spread(a), state.spread(b))
                done = False
                for i in range(len(a)):
                    for j in range(len(b)):
                        a2 = a[:i] + [b[j]] + a[i + 1 :]
                        b2 = b[:j] + [a[i]] + b[j + 1 :]
                        spread_a, spread_b = state.spread(a2), state.spread(b2)
                        if max(spread_a, spread_b) > limit + 1e-9:
                            continue  # never widen the wider of the two tables
                        after = (
                            state.repeats(a2) + state.repeats(b2),
                            round(spread_a + spread_b, 9),
                        )
                        if after < before:
                            tables[t], tables[u] = a2, b2
                            a, b = a2, b2
                            before = after
                            limit = max(spread_a, spread_b)
                            improved = done = True
                            break
                    if done:
                        break
        if not improved:
            return
