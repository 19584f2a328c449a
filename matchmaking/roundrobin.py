"""Round-robin schedules: FIDE's Berger tables for two seats, balanced tables for three or more.

**Two seats** (:func:`berger_schedule`).  Players hold numbers 1 .. n in seeding order (an odd
field adds a dummy ``n + 1``; meeting it is a bye).  With ``m = n - 1`` (n even), round ``r``
(counted from 0) puts player ``n`` against ``a = (r · n/2 mod m) + 1`` and, on board ``k`` = 1 ..
n/2 − 1, player ``a + k`` (white) against player ``a − k`` (black), both taken mod m into 1 .. m;
player ``n`` has black in even rounds and white in odd ones.  This is exactly the Berger table of
the FIDE Handbook (C.05 Annex 1): for six players round 1 is 1–6, 2–5, 3–4 and round 2 is 6–4,
5–3, 1–2.  Every pair meets once; nobody has the same colour three times running; colours are
as even as a round robin allows.  A double round robin plays the cycle again with colours
reversed; as FIDE advises, the last two rounds of the *first* cycle swap places, so that nobody
gets the same colour three times running across the seam (the second cycle keeps the table's
order: with the swap repeated there, four players would still get a run of three; this way no
field from 2 to 30 players does, which the tests check).

**Three or more seats** (:func:`balanced_schedule`).  Each round splits the field into tables
(``multiseat.table_sizes``: as few tables as possible, sizes within one of each other; when the
field cannot be split, the fewest players sit out, the byes rotating).  The aim is that every pair
of players shares a table as equally often as possible.  The schedule holds a fixed number ``T`` of
pair-meetings (the tables fix it), so "as equally as possible" means: the meeting counts ``c`` of
the ``n(n − 1)/2`` pairs minimise Σ c², their variance.  Ideally every count is ⌊T/P⌋ or ⌈T/P⌉,
but the shape of the tables does not always allow that (four players at a table of three and a
bye, two rounds: someone meets one player twice and another never).  The construction:

1. Who sits out rotates through the field, so that byes differ by at most one per player.
2. Each round starts as a seeded shuffle of the others into tables.
3. Local search over the whole schedule: swapping two players between two tables of one round
   changes the counts of a few pairs (by ±1, so the change in Σ c² is a few additions); a swap is
   kept when Σ c² falls.  The search sweeps every round, pair of tables and pair of players until
   a sweep finds nothing, then restarts from a perturbed copy of the best schedule a few times
   (stopping at once when Σ c² reaches the ideal).
4. Seats are rotated with ``multiseat.seat_order`` round by round, then evened out knowing the
   whole schedule: a table is re-seated whenever another order lowers the sum over its players of
   (uses of each seat)².

The default number of rounds is ⌈(n − 1)/(k − 1)⌉ for tables of ``k``: the fewest in which
everyone could meet everyone.  :attr:`Schedule.meetings` states how often each pair meets; the
tests check it against the tables, check that Σ c² equals the exhaustive optimum on every small
field (up to 8 players at tables of 3 or 4), and that the affine planes come out exact (9 players
at tables of 3 in four rounds, 16 at tables of 4 in five: every pair meets exactly once).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from matchmaking.multiseat import seat_order, table_sizes

RESTARTS = 8
"""How many perturbed restarts the local search makes (each a full descent)."""

ANNEAL_STEPS_PER_TABLE = 2_000
"""Swaps tried by the annealing that follows the descents when they miss the ideal, per table of
the schedule (12 players at tables of four over four rounds: 12 tables, 24,000 swaps) ..."""

ANNEAL_STEPS_MAX = 60_000
"""... and at most this many (about a quarter of a second of CPU)."""

ANNEAL_START = 1.0
"""Starting temperature (in units of Σ c²): a swap costing Δ = 2 (one pair a meeting further
from even) is first taken about one time in seven."""

ANNEAL_END = 0.05
"""Final temperature: by then a swap that costs anything is practically never taken."""


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """One round of a two-seat round robin: boards as (white, black), and the player with a bye."""

    boards: tuple[tuple[int, int], ...]
    bye: int | None


def berger_schedule(players: Sequence[int], double: bool = False) -> list[RoundRobinRound]:
    """The rounds of a round robin among ``players`` (in seeding order: the first is number 1).

    ``double`` plays every pairing twice, colours reversed in the second cycle.
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    field = list(players)
    if len(field) < 2:
        return []
    dummy: int | None = None
    if len(field) % 2:
        field.append(-1)
        dummy = -1
    n = len(field)
    m = n - 1
    half = n // 2

    def number(k: int) -> int:
        return (k - 1) % m + 1

    cycle: list[RoundRobinRound] = []
    for r in range(m):
        a = (r * half) % m + 1
        pairs = [(a, n) if r % 2 == 0 else (n, a)]
        for k in range(1, half):
            pairs.append((number(a + k), number(a - k)))
        boards = []
        bye = None
        for white, black in pairs:
            pw, pb = field[white - 1], field[black - 1]
            if dummy is not None and dummy in (pw, pb):
                bye = pb if pw == dummy else pw
            else:
                boards.append((pw, pb))
        cycle.append(RoundRobinRound(boards=tuple(boards), bye=bye))
    if not double:
        return cycle
    second = [
        RoundRobinRound(boards=tuple((b, w) for w, b in rnd.boards), bye=rnd.bye) for rnd in cycle
    ]
    if len(cycle) >= 2:
        cycle[-1], cycle[-2] = cycle[-2], cycle[-1]
    return cycle + second


@dataclass(frozen=True, slots=True)
class Schedule:
    """A multi-seat round robin: per round the tables (player ids in seat order) and who sits out.

    ``meetings`` maps each pair ``(a, b)`` with ``a < b`` to how often they share a table.
    """

    rounds: tuple[tuple[tuple[int, ...], ...], ...]
    byes: tuple[tuple[int, ...], ...]
    meetings: dict[tuple[int, int], int]

    def spread(self) -> int:
        """The most minus the fewest meetings of any pair (0 or 1 when perfectly balanced)."""
        values = list(self.meetings.values())
        return max(values) - min(values) if values else 0


def default_rounds(players: int, table_size: int) -> int:
    """The fewest rounds in which everyone could meet everyone: ⌈(n − 1)/(k − 1)⌉."""
    if players < 2:
        return 0
    return -(-(players - 1) // (table_size - 1))


def balanced_schedule(
    players: Sequence[int],
    *,
    min_seats: int = 3,
    max_seats: int = 4,
    rounds: int | None = None,
    seed: int = 0,
) -> Schedule:
    """A multi-seat round robin where every pair shares a table as equally often as possible.

    ``rounds`` defaults to :func:`default_rounds` for ``max_seats``.  The same arguments always
    give the same schedule (``seed`` drives the tie-breaking shuffles).
    """
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    ids = list(players)
    n = len(ids)
    total = default_rounds(n, max_seats) if rounds is None else rounds
    sizes, out = table_sizes(n, min_seats, max_seats)
    rng = random.Random(seed)
    byes_of = _rotate_byes(n, out, total)
    built = [_greedy_round(n, sizes, byes_of[r], rng) for r in range(total)]
    built = _descend_with_restarts(n, built, rng, 0)
    built = _anneal(n, built, rng, _weight(n, total))
    meetings = _count(n, built)
    seats: dict[int, list[int]] = {p: [] for p in ids}
    seated: list[list[tuple[int, ...]]] = []
    for tables in built:
        this_round = []
        for table in tables:
            order = seat_order([ids[v] for v in sorted(table)], seats)
            for seat, p in enumerate(order):
                seats[p].append(seat)
            this_round.append(order)
        seated.append(this_round)
    _even_out_seats(seated)
    return Schedule(
        rounds=tuple(tuple(tables) for tables in seated),
        byes=tuple(tuple(ids[v] for v in sorted(b)) for b in byes_of),
        meetings={
            (min(ids[a], ids[b]), max(ids[a], ids[b])): c for (a, b), c in sorted(meetings.items())
        },
    )


def _even_out_seats(rounds: list[list[tuple[int, ...]]]) -> None:
    """Re-seat tables, knowing the whole schedule, while that evens out the seats each player used.

    Seating round by round (``seat_order``) cannot see that two players meeting later will both
    want the same seat.  So each table in turn takes the seat order that minimises Σ (uses of a
    seat)² over its players, given every other table of the schedule; sweeps repeat until none
    changes.
    """
    uses: dict[int, Counter[int]] = {}
    for tables in rounds:
        for table in tables:
            for seat, p in enumerate(table):
                uses.setdefault(p, Counter())[seat] += 1
    changed = True
    while changed:
        changed = False
        for tables in rounds:
            for index, table in enumerate(tables):
                for seat, p in enumerate(table):
                    uses[p][seat] -= 1

                def cost(order: tuple[int, ...]) -> int:
                    return sum(2 * uses[p][seat] + 1 for seat, p in enumerate(order))

                best = min(permutations(table), key=cost)
                if cost(best) < cost(table):
                    tables[index] = best
                    changed = True
                for seat, p in enumerate(tables[index]):
                    uses[p][seat] += 1


def _rotate_byes(n: int, out: int, total: int) -> list[list[int]]:
    """Who sits out in each round: in turn, so that byes differ by at most one per player."""
    result = []
    cursor = 0
    for _ in range(total):
        chosen = [(cursor + k) % n for k in range(out)]
        cursor = (cursor + out) % n if n else 0
        result.append(chosen)
    return result


def _greedy_round(
    n: int, sizes: Sequence[int], sitting_out: Sequence[int], rng: random.Random
) -> list[list[int]]:
    """A seeded shuffle of the players not sitting out, cut into tables of ``sizes``."""
    out = set(sitting_out)
    order = [v for v in range(n) if v not in out]
    rng.shuffle(order)
    tables = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def _count(n: int, built: Sequence[Sequence[Sequence[int]]]) -> dict[tuple[int, int], int]:
    meetings = {(a, b): 0 for a in range(n) for b in range(a + 1, n)}
    for tables in built:
        for table in tables:
            for i, a in enumerate(table):
                for b in table[i + 1 :]:
                    meetings[(min(a, b), max(a, b))] += 1
    return meetings


def _cost(meetings: dict[tuple[int, int], int]) -> int:
    """Sum of squared meeting counts: with their total fixed, smallest when they are most even."""
    return sum(c * c for c in meetings.values())


def _weight(players: int, rounds: int) -> int:
    """W in the pair cost W·c² + c³ of the annealing: more than any Σ c³ can be (every pair
    meeting every round), so the cost orders schedules exactly by Σ c², then by Σ c³."""
    return players * players * rounds**3 + 1


def _pair_cost(c: int, weight: int) -> int:
    """A pair's cost for meeting c times: c² alone for weight 0 (the descents), else W·c² + c³."""
    return c * c if weight == 0 else weight * c * c + c * c * c


def _gains(rounds: int, weight: int) -> list[int]:
    """gain[c]: what one more meeting costs a pair that met c times."""
    return [_pair_cost(c + 1, weight) - _pair_cost(c, weight) for c in range(rounds + 2)]


def _descend(
    n: int, built: list[list[list[int]]], weight: int
) -> tuple[list[list[list[int]]], int]:
    """Swap players between tables of a round while the cost falls (a full local descent)."""
    gain = _gains(len(built), weight)
    count = [[0] * n for _ in range(n)]
    for tables in built:
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        count[a][b] += 1
    improved = True
    while improved:
        improved = False
        for tables in built:
            for t in range(len(tables)):
                for u in range(t + 1, len(tables)):
                    ta, tb = tables[t], tables[u]
                    for i in range(len(ta)):
                        for j in range(len(tb)):
                            x, y = ta[i], tb[j]
                            # x leaves ta for tb, y leaves tb for ta.
                            delta = 0
                            for m in ta:
                                if m != x:
                                    delta += gain[count[y][m]] - gain[count[x][m] - 1]
                            for m in tb:
                                if m != y:
                                    delta += gain[count[x][m]] - gain[count[y][m] - 1]
                            if delta < 0:
                                for m in ta:
                                    if m != x:
                                        count[x][m] -= 1
                                        count[m][x] -= 1
                                        count[y][m] += 1
                                        count[m][y] += 1
                                for m in tb:
                                    if m != y:
                                        count[y][m] -= 1
                                        count[m][y] -= 1
                                        count[x][m] += 1
                                        count[m][x] += 1
                                ta[i], tb[j] = y, x
                                x, y = ta[i], tb[j]
                                improved = True
    cost = sum(_pair_cost(count[a][b], weight) for a in range(n) for b in range(a + 1, n))
    return built, cost


def _descend_with_restarts(
    n: int, built: list[list[list[int]]], rng: random.Random, weight: int
) -> list[list[list[int]]]:
    best, best_cost = _descend(n, [[list(t) for t in tables] for tables in built], weight)
    floor = _ideal_cost(n, best, weight)
    for _ in range(RESTARTS):
        if best_cost <= floor:
            break
        trial = [[list(t) for t in tables] for tables in best]
        for tables in trial:  # perturb: a few random swaps per round
            for _ in range(2):
                if len(tables) < 2:
                    break
                t, u = rng.sample(range(len(tables)), 2)
                i, j = rng.randrange(len(tables[t])), rng.randrange(len(tables[u]))
                tables[t][i], tables[u][j] = tables[u][j], tables[t][i]
        trial, cost = _descend(n, trial, weight)
        if cost < best_cost:
            best, best_cost = trial, cost
    return best


def _anneal(
    n: int, built: list[list[list[int]]], rng: random.Random, weight: int
) -> list[list[list[int]]]:
    """Simulated annealing from ``built``: random swaps, a worse one kept with chance e^(−Δ/T).

    The descent stops in local optima (12 players at tables of four over four rounds: one pair
    meeting three times).  Here a swap that raises Σ c² by Δ is still taken with probability
    e^(−Δ/T), the temperature T falling geometrically from ``ANNEAL_START`` to ``ANNEAL_END``
    over ``ANNEAL_STEPS_PER_TABLE`` tries per table (at most ``ANNEAL_STEPS_MAX``).  The cost is
    W·c² + c³ per pair (:func:`_weight`): Σ c² first, then Σ c³, which among equally even
    schedules prefers the one without a pair meeting a third time.  The best schedule seen is kept
    (so the result is never worse than the descent's), and the walk stops at the ideal.
    """
    rounds = [tables for tables in built if len(tables) >= 2]
    if not rounds:
        return built
    floor = _ideal_cost(n, built, weight)
    gain = _gains(len(built), weight)
    work = [[list(t) for t in tables] for tables in built]
    rounds = [tables for tables in work if len(tables) >= 2]
    count = [[0] * n for _ in range(n)]
    for tables in work:
        for table in tables:
            for a in table:
                for b in table:
                    if a != b:
                        count[a][b] += 1
    cost = sum(_pair_cost(count[a][b], weight) for a in range(n) for b in range(a + 1, n))
    best, best_cost = [[list(t) for t in tables] for tables in work], cost
    steps = min(ANNEAL_STEPS_MAX, ANNEAL_STEPS_PER_TABLE * sum(len(t) for t in rounds))
    cooling = (ANNEAL_END / ANNEAL_START) ** (1 / steps)
    temperature = ANNEAL_START * weight
    for _ in range(steps):
        if best_cost <= floor:
            break
        temperature *= cooling
        tables = rounds[rng.randrange(len(rounds))]
        t, u = rng.sample(range(len(tables)), 2)
        ta, tb = tables[t], tables[u]
        i, j = rng.randrange(len(ta)), rng.randrange(len(tb))
        x, y = ta[i], tb[j]
        cx, cy = count[x], count[y]
        delta = 0
        for m in ta:
            if m != x:
                delta += gain[cy[m]] - gain[cx[m] - 1]
        for m in tb:
            if m != y:
                delta += gain[cx[m]] - gain[cy[m] - 1]
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            continue
        for m in ta:
            if m != x:
                cx[m] -= 1
                count[m][x] -= 1
                cy[m] += 1
                count[m][y] += 1
        for m in tb:
            if m != y:
                cy[m] -= 1
                count[m][y] -= 1
                cx[m] += 1
                count[m][x] += 1
        ta[i], tb[j] = y, x
        cost += delta
        if cost < best_cost:
            best, best_cost = [[list(t) for t in tabs] for tabs in work], cost
    return best


def _ideal_cost(n: int, built: Sequence[Sequence[Sequence[int]]], weight: int) -> int:
    """The cost when every pair meets ⌊T/P⌋ or ⌈T/P⌉ times (T meetings over P pairs)."""
    pairs = n * (n - 1) // 2
    if pairs == 0:
        return 0
    total = sum(len(t) * (len(t) - 1) // 2 for tables in built for t in tables)
    low, extra = divmod(total, pairs)
    return (pairs - extra) * _pair_cost(low, weight) + extra * _pair_cost(low + 1, weight)
