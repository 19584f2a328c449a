"""Pairs movements for duplicate Bridge (Mitchell and Howell) and the scoring of a pairs session.

A *movement* says, round by round, which two pairs sit at each table, who sits North–South (NS)
and who East–West (EW), and which *board set* they play.  Pairs are numbered ``1 .. n``; board
set ``s`` holds boards ``(s − 1)·b + 1 .. s·b`` for ``b`` boards per round
(:meth:`Movement.boards`).  An odd field adds a *phantom* pair: whoever meets it sits out that
round; the phantom is shown as ``None`` in the schedule.

**Mitchell** (:func:`mitchell`).  ``T = ⌈n/2⌉`` tables and ``T`` board sets.  NS pairs ``1 .. T``
stay at their table (pair ``t`` at table ``t``); EW pair ``T + t`` starts at table ``t`` and moves
up one table each round (``T`` → 1); the board sets start with set ``t`` at table ``t`` and move
down one table each round (1 → ``T``), so table ``t`` plays set ``t + r`` in round ``r`` (counted
from 0, mod ``T``).  An odd field makes the last EW pair (number ``2T``) the phantom: it travels
like any EW pair, so the NS pair sitting out changes every round (but see the skip below).

An EW pair that moved ``k`` tables by round ``r`` plays set ``start + k + r``.  With ``T`` odd
(plain ``k = r``) that is ``start + 2r``: all different for ``r < T``.  With ``T`` even ``2r``
repeats after ``T/2`` rounds (the EW pairs would meet the same boards again), so the **remedy
chosen is the skip**: before round ``T/2 + 1`` (:attr:`Movement.skip_before`) the EW pairs move up
*two* tables instead of one, once.  Their sets are then ``start + 2r`` (the even offsets) before
the skip and ``start + 2r + 1`` (the odd offsets) after it: every set once.  The price, which no
movement of this shape avoids (a cyclic group of even order has no complete mapping, so the table
offsets and the board offsets cannot both run through all ``T`` values): in a full ``T``-round
skip Mitchell the EW pair's last round brings it back to the NS pair it met in round 1 (on other
boards); with an odd field the phantom is no exception, so its round-1 opponent sits out again
in round ``T`` and one NS pair never sits out.  Play ``T − 1`` rounds to meet every opponent (and
sit out) at most once, each pair then missing one board set; with ``T = 2`` that is a single
round — use a Howell for four pairs.  A relay and a bye stand, the other classic remedy, was not
chosen: it shares one set between two tables and leaves another idle, whereas here every set is
at exactly one table in every round.

**Howell** (:func:`howell`), 4 to 16 pairs.  With ``m`` pairs (``n`` rounded up to even, the
phantom being pair ``m``) there are ``m/2`` tables, ``q = m − 1`` rounds and ``q`` board sets.  A
complete Howell — every pair meets every other pair once *and* plays every board set once, each
set at most one table per round — is exactly a *Room square* of side ``q`` (rows: rounds, columns:
board sets, cells: the two pairs at a table).  It is built cyclically from a *starter* and an
*adder* over ℤ_q: the starter splits ``ℤ_q ∖ {0}`` into ``(q − 1)/2`` pairs ``{x, y}`` whose
differences ``±(x − y)`` cover every non-zero element once (so translating it round by round
makes every two pairs meet exactly once, the remaining ``0`` meeting pair ``m``), and the adder
gives each starter pair a distinct non-zero set offset ``a`` such that the values
``x − a, y − a`` over the starter, together with 0, are all different (so nobody meets a set
twice).  Round ``r`` (counted from 0) then seats pair ``m`` against pair ``r + 1`` on set
``r + 1`` at table 1 and, at table ``i + 2``, pairs ``x_i + r`` and ``y_i + r`` on set
``a_i + r`` (all mod ``q``, shown as 1 .. q); each table's set thus advances by one every round.
A small deterministic search (:func:`_starter_and_adder`) finds them in well under a
millisecond.  Room squares of side 3 and 5 do not exist (and the search confirms it for the
cyclic ones), so **for 4, 5 and 6 pairs no complete Howell exists**: there the search keeps the
starter and adder with the fewest repeats (exhaustively); every pair still meets every other
once and every set is still at most at one table per round, but every pair other than ``m``
plays one board set in two rounds and misses another (with five pairs, unless the repeat falls
on its sit-out); pair ``m`` plays every set once.
Directions: in each starter pair its first element sits NS, and pair ``m`` sits NS in rounds 1,
3, 5, …, so every pair is NS in ``⌊q/2⌋`` or ``⌈q/2⌉`` of its rounds.

**Scoring** (:func:`score_session`).  The results are, per ``(round, table)``, the NS score of
each board played there.  For each board the NS scores of all tables that played it are compared
with :func:`games.bridge.duplicate.matchpoints` (EW: the negated scores) and with
:func:`~games.bridge.duplicate.cross_imps`.  A board's top is ``2·(N − 1)`` for ``N`` results; a
pair's board percentage is its matchpoints over the top, and a board played at fewer than two
tables scores the average, 50 % (and 0 matchpoints, 0 cross-IMPs).  A pair's percentage is the
mean of its board percentages over the boards it actually played (equal to total matchpoints
over total top when every board has the same top); a sit-out, or a board without a result,
counts for nothing.  The ranking puts the highest percentage first; equal percentages are
separated by the higher cross-IMP total, and pairs equal on both share a place (listed by pair
number).  ``by="cross_imps"`` ranks by cross-IMPs first and percentage second instead.  In a
Mitchell NS pairs are only compared with NS pairs and EW with EW; the single ranking is the
"one winner by percentage" reading — :func:`rank` re-ranks any subset (e.g. one direction).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache
from itertools import permutations
from typing import Literal, NamedTuple

from games.bridge.duplicate import cross_imps, matchpoints

MIN_PAIRS = 4
HOWELL_MAX_PAIRS = 16


class Seating(NamedTuple):
    """One table in one round: the table, the NS and EW pairs (None: the phantom) and the set."""

    table: int
    ns: int | None
    ew: int | None
    board_set: int


@dataclass(frozen=True, slots=True)
class Movement:
    """A schedule: ``rounds[r]`` lists round ``r + 1``'s tables, table 1 first."""

    kind: Literal["mitchell", "howell"]
    pairs: int
    boards_per_round: int
    board_sets: int
    rounds: tuple[tuple[Seating, ...], ...]
    skip_before: int | None = None
    """Mitchell with an even number of tables: the round before which the EW pairs skip a table
    (they move up two tables once); None otherwise."""

    @property
    def tables(self) -> int:
        return len(self.rounds[0]) if self.rounds else 0

    def boards(self, board_set: int) -> range:
        """The board numbers of ``board_set``."""
        if not 1 <= board_set <= self.board_sets:
            raise ValueError(f"no board set {board_set}")
        first = (board_set - 1) * self.boards_per_round + 1
        return range(first, first + self.boards_per_round)

    def seating(self, round_: int, table: int) -> Seating:
        """The seating at ``table`` in round ``round_`` (both counted from 1)."""
        if not (1 <= round_ <= len(self.rounds) and 1 <= table <= self.tables):
            raise ValueError(f"no table {table} in round {round_}")
        return self.rounds[round_ - 1][table - 1]

    def sit_outs(self) -> tuple[int | None, ...]:
        """Per round, the pair sitting out (None when the field is even)."""
        out: list[int | None] = []
        for tables in self.rounds:
            idle = [s.ns if s.ew is None else s.ew for s in tables if None in (s.ns, s.ew)]
            out.append(idle[0] if idle else None)
        return tuple(out)


def _check_size(pairs: int, boards_per_round: int) -> None:
    if pairs < MIN_PAIRS:
        raise ValueError(f"a movement needs at least {MIN_PAIRS} pairs")
    if boards_per_round < 1:
        raise ValueError("at least one board per round")


# ---- Mitchell ----------------------------------------------------------------------------------


def mitchell(pairs: int, rounds: int | None = None, boards_per_round: int = 2) -> Movement:
    """A Mitchell movement for ``pairs`` pairs (see the module's docstring).

    ``rounds`` defaults to the number of tables, the most there can be without a board set
    coming back to a pair.
    """
    _check_size(pairs, boards_per_round)
    t = -(-pairs // 2)
    total = t if rounds is None else rounds
    if not 1 <= total <= t:
        raise ValueError(f"a Mitchell of {t} tables has 1 to {t} rounds")
    skip = t // 2 if t % 2 == 0 else None  # 0-based round before which the EW pairs skip

    def real(pair: int) -> int | None:
        return pair if pair <= pairs else None

    schedule = []
    for r in range(total):
        moved = r + (1 if skip is not None and r >= skip else 0)
        tables = []
        for table in range(t):
            start = (table - moved) % t  # the table this EW pair started at
            tables.append(
                Seating(
                    table=table + 1,
                    ns=real(table + 1),
                    ew=real(t + start + 1),
                    board_set=(table + r) % t + 1,
                )
            )
        schedule.append(tuple(tables))
    return Movement(
        kind="mitchell",
        pairs=pairs,
        boards_per_round=boards_per_round,
        board_sets=t,
        rounds=tuple(schedule),
        skip_before=None if skip is None or skip >= total else skip + 1,
    )


# ---- Howell ------------------------------------------------------------------------------------


def _starters(q: int) -> Iterable[tuple[tuple[int, int], ...]]:
    """Every starter of ℤ_q, in lexicographic order: pairs partitioning the non-zero elements
    whose differences (up to sign) are all different."""
    used = [False] * q
    used[0] = True
    differences: set[int] = set()
    chosen: list[tuple[int, int]] = []

    def extend() -> Iterable[tuple[tuple[int, int], ...]]:
        free = [e for e in range(q) if not used[e]]
        if not free:
            yield tuple(chosen)
            return
        x = free[0]
        used[x] = True
        for y in free[1:]:
            d = min((y - x) % q, (x - y) % q)
            if d in differences:
                continue
            used[y] = True
            differences.add(d)
            chosen.append((x, y))
            yield from extend()
            chosen.pop()
            differences.discard(d)
            used[y] = False
        used[x] = False

    return extend()


def _repeats(q: int, starter: Sequence[tuple[int, int]], adder: Sequence[int]) -> int:
    """How many board sets each pair plays a second time (the same count for every pair)."""
    offsets = {0} | {(v - a) % q for (x, y), a in zip(starter, adder, strict=True) for v in (x, y)}
    return q - len(offsets)


def _complete_adder(q: int, starter: Sequence[tuple[int, int]]) -> tuple[int, ...] | None:
    """An adder making the starter a Room square (nobody plays a set twice), or None."""
    taken = {0}
    used: set[int] = set()
    chosen: list[int] = []

    def extend(i: int) -> bool:
        if i == len(starter):
            return True
        x, y = starter[i]
        for a in range(1, q):
            u, v = (x - a) % q, (y - a) % q
            if a in used or u in taken or v in taken:
                continue
            used.add(a)
            taken.update((u, v))
            chosen.append(a)
            if extend(i + 1):
                return True
            chosen.pop()
            taken.difference_update((u, v))
            used.discard(a)
        return False

    return tuple(chosen) if extend(0) else None


@cache
def _starter_and_adder(q: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The first starter (lexicographic order) that has a complete adder, and that adder; when
    none has (q = 3, 5), the starter and adder with the fewest repeats, searched exhaustively
    (only done for q ≤ 5)."""
    for starter in _starters(q):
        adder = _complete_adder(q, starter)
        if adder is not None:
            return starter, adder
    if q > 5:  # pragma: no cover - Room squares exist for every odd side but 3 and 5
        raise AssertionError(f"no complete Howell found for {q + 1} pairs")
    best: tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]] | None = None
    for starter in _starters(q):
        for adder in permutations(range(1, q), len(starter)):
            cost = _repeats(q, starter, adder)
            if best is None or cost < best[0]:
                best = (cost, starter, adder)
    assert best is not None
    return best[1], best[2]


def howell(pairs: int, rounds: int | None = None, boards_per_round: int = 2) -> Movement:
    """A Howell movement for 4 to 16 pairs (see the module's docstring).

    ``rounds`` defaults to the full movement (``m − 1`` rounds for ``m`` pairs, an odd field
    counting its phantom); fewer plays its first rounds only.
    """
    _check_size(pairs, boards_per_round)
    if pairs > HOWELL_MAX_PAIRS:
        raise ValueError(f"a Howell here has at most {HOWELL_MAX_PAIRS} pairs")
    m = pairs + pairs % 2
    q = m - 1
    total = q if rounds is None else rounds
    if not 1 <= total <= q:
        raise ValueError(f"a Howell of {m} pairs has 1 to {q} rounds")
    starter, adder = _starter_and_adder(q)

    def real(symbol: int | None) -> int | None:
        number = m if symbol is None else symbol + 1
        return number if number <= pairs else None

    schedule = []
    for r in range(total):
        ns, ew = (None, r) if r % 2 == 0 else (r, None)  # pair m (None) NS in rounds 1, 3, …
        tables = [Seating(1, real(ns), real(ew), r + 1)]
        for i, ((x, y), a) in enumerate(zip(starter, adder, strict=True)):
            tables.append(Seating(i + 2, real((x + r) % q), real((y + r) % q), (a + r) % q + 1))
        schedule.append(tuple(tables))
    return Movement(
        kind="howell",
        pairs=pairs,
        boards_per_round=boards_per_round,
        board_sets=q,
        rounds=tuple(schedule),
    )


# ---- scoring -----------------------------------------------------------------------------------


class TravellerLine(NamedTuple):
    """One result on a board: where it was played, by whom, the NS score and what it earned."""

    round: int
    table: int
    ns: int
    ew: int
    score: int
    ns_matchpoints: int
    ew_matchpoints: int
    ns_cross_imps: float
    ew_cross_imps: float


@dataclass(frozen=True, slots=True)
class PairResult:
    """A pair's session: boards played, matchpoints and the top available on them (the sum of
    the boards' tops), percentage (mean board percentage) and cross-IMPs (summed over boards)."""

    pair: int
    place: int
    boards: int
    matchpoints: int
    top: int
    percentage: float
    cross_imps: float
    exact_percentage: Fraction
    exact_cross_imps: Fraction


@dataclass(frozen=True, slots=True)
class SessionScore:
    """The ranking (best first) and every board's traveller (its results, in round order)."""

    ranking: tuple[PairResult, ...]
    travellers: dict[int, tuple[TravellerLine, ...]]


Results = Mapping[tuple[int, int], Mapping[int, int]]
"""Per ``(round, table)``, the NS score of each board played there (board numbers)."""


def score_session(
    movement: Movement, results: Results, by: Literal["matchpoints", "cross_imps"] = "matchpoints"
) -> SessionScore:
    """Matchpoints, percentages and cross-IMPs of every pair, and the ranking (module docstring).

    ``ValueError`` for a result at a table that is not in the movement, at a sit-out, or on a
    board that is not in the set played at that table.
    """
    played: dict[int, list[tuple[int, int, int, int, int]]] = defaultdict(list)
    for (round_, table), board_scores in sorted(results.items()):
        seat = movement.seating(round_, table)
        if seat.ns is None or seat.ew is None:
            raise ValueError(f"table {table} sits out in round {round_}")
        allowed = movement.boards(seat.board_set)
        for board, score in sorted(board_scores.items()):
            if board not in allowed:
                raise ValueError(f"board {board} is not played at table {table} in round {round_}")
            played[board].append((round_, table, seat.ns, seat.ew, score))

    travellers: dict[int, tuple[TravellerLine, ...]] = {}
    tallies: dict[int, _Tally] = {p: _Tally() for p in range(1, movement.pairs + 1)}
    for board in sorted(played):
        lines = played[board]
        scores = [line[4] for line in lines]
        ns_mp = matchpoints(scores)
        ew_mp = matchpoints([-s for s in scores])
        ns_x = cross_imps(scores)
        ew_x = cross_imps([-s for s in scores])
        top = 2 * (len(scores) - 1)
        comparisons = max(1, len(scores) - 1)
        built = []
        for k, (round_, table, ns, ew, score) in enumerate(lines):
            built.append(
                TravellerLine(round_, table, ns, ew, score, ns_mp[k], ew_mp[k], ns_x[k], ew_x[k])
            )
            for pair, mp, x in ((ns, ns_mp[k], ns_x[k]), (ew, ew_mp[k], ew_x[k])):
                tallies[pair].add(mp, top, Fraction(x).limit_denominator(comparisons))
        travellers[board] = tuple(built)

    rows = [tally.result(pair) for pair, tally in tallies.items()]
    return SessionScore(ranking=rank(rows, by), travellers=travellers)


class _Tally:
    __slots__ = ("boards", "matchpoints", "top", "percent_sum", "cross")

    def __init__(self) -> None:
        self.boards = 0
        self.matchpoints = 0
        self.top = 0
        self.percent_sum = Fraction(0)
        self.cross = Fraction(0)

    def add(self, mp: int, top: int, cross: Fraction) -> None:
        self.boards += 1
        self.matchpoints += mp
        self.top += top
        self.percent_sum += Fraction(100 * mp, top) if top else Fraction(50)
        self.cross += cross

    def result(self, pair: int) -> PairResult:
        percentage = self.percent_sum / self.boards if self.boards else Fraction(0)
        return PairResult(
            pair=pair,
            place=0,
            boards=self.boards,
            matchpoints=self.matchpoints,
            top=self.top,
            percentage=float(percentage),
            cross_imps=float(self.cross),
            exact_percentage=percentage,
            exact_cross_imps=self.cross,
        )


def rank(
    rows: Iterable[PairResult], by: Literal["matchpoints", "cross_imps"] = "matchpoints"
) -> tuple[PairResult, ...]:
    """``rows`` best first, with their places: by percentage then cross-IMPs (``by`` =
    ``"cross_imps"``: the other way round); pairs equal on both share a place, by pair number.
    A pair that played no board has 0 % and comes after those that did."""

    def key(row: PairResult) -> tuple[bool, Fraction, Fraction]:
        first, second = row.exact_percentage, row.exact_cross_imps
        if by == "cross_imps":
            first, second = second, first
        return (row.boards == 0, -first, -second)

    ordered = sorted(rows, key=lambda row: (key(row), row.pair))
    placed: list[PairResult] = []
    for i, row in enumerate(ordered):
        same = i > 0 and key(ordered[i - 1]) == key(row)
        place = placed[-1].place if same else i + 1
        placed.append(replace(row, place=place))
    return tuple(placed)
