"""Arena tournaments: points with streaks from the finished games, and pairing the waiting pool.

For a fixed time, players who finish a game go back into a pool; every few seconds a pairing pass
(:func:`pair_waiting`) seats the waiting players.  Two pure functions cover the math:

* :func:`arena_scores` turns the list of finished games (in the order they ended) into each
  player's points.  A win scores 2, a draw 1, a loss 0.  Two wins in a row put a player *on fire*:
  from the next game on their points are doubled (4 a win, 2 a draw) until a game that is not a
  win ends the streak (a draw on fire still scores its doubled 2).  At a table of more than two
  seats the base points are twice the placement points of ``standings.py`` (the winner of four
  scores 2, second 4/3, …) and a *win* is a sole first place.  A player who did not show up
  scores 0 and loses their streak.
* :func:`pair_waiting` pairs the pool by standing: waiting players ordered by points (then rating,
  then id) are paired with their nearest neighbour in that order who was not their last opponent
  (nor they theirs).  A player left without such a partner waits for the next pass.  With more
  than two seats, tables of ``table_size`` neighbours are formed the same way, avoiding everyone's
  last table-mates.

:func:`arena_standings` ranks players by points, then by performance (the linear performance of
``standings.performance``: the mean over games of opponent rating ± 500 for a win or a loss).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from matchmaking.standings import PERFORMANCE_STEP, Game, Standing, pairwise_result

WIN_POINTS = 2
DRAW_POINTS = 1
STREAK_WINS = 2
"""Wins in a row that put a player on fire (their following games score double)."""

PAIRING_REACH = 8
"""How far down the order a waiting player looks for a partner who was not their last opponent."""


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """A finished arena game, in the order games ended: seats, placings (1 = best), no-shows."""

    players: tuple[int, ...]
    placings: tuple[int, ...]
    absent: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class ArenaScore:
    """A player's arena record: ``points`` with streak bonuses, games, wins, and whether the
    next game counts double (``on_fire``)."""

    points: float
    games: int
    wins: int
    streak: int
    on_fire: bool


@dataclass(frozen=True, slots=True)
class Waiting:
    """A player in the pool: their arena points, rating, and who sat at their last table."""

    player_id: int
    points: float
    rating: float = 0.0
    last_opponents: frozenset[int] = frozenset()


def arena_scores(games: Iterable[ArenaGame]) -> dict[int, ArenaScore]:
    """Each player's :class:`ArenaScore` after ``games`` (in the order they ended)."""
    points: dict[int, float] = {}
    played: dict[int, int] = {}
    wins: dict[int, int] = {}
    streak: dict[int, int] = {}
    for game in games:
        record = _as_game(game)
        base = record.seat_points()
        for i, p in enumerate(game.players):
            fire = streak.get(p, 0) >= STREAK_WINS
            won = p not in game.absent and all(
                pairwise_result(record, i, j) == 1.0 for j in range(len(game.players)) if j != i
            )
            gained = 2.0 * base[i] * (2 if fire else 1)
            points[p] = points.get(p, 0.0) + gained
            played[p] = played.get(p, 0) + 1
            wins[p] = wins.get(p, 0) + int(won)
            streak[p] = streak.get(p, 0) + 1 if won else 0
    return {
        p: ArenaScore(
            points=round(points[p], 9) + 0.0,
            games=played[p],
            wins=wins[p],
            streak=streak[p],
            on_fire=streak[p] >= STREAK_WINS,
        )
        for p in points
    }


def _as_game(game: ArenaGame) -> Game:
    return Game(round=1, players=game.players, placings=game.placings, absent=game.absent)


def pair_waiting(waiting: Sequence[Waiting], table_size: int = 2) -> list[tuple[int, ...]]:
    """Tables for the waiting pool, by standing, avoiding last opponents (see the module docs).

    Each table lists its players best-standing first (the caller assigns seats).  The result
    does not depend on the order of ``waiting``.
    """
    if table_size < 2:
        raise ValueError("a table has at least two seats")
    if len({w.player_id for w in waiting}) != len(waiting):
        raise ValueError("a player is waiting twice")
    order = sorted(waiting, key=lambda w: (-w.points, -w.rating, w.player_id))
    free = list(order)
    tables: list[tuple[int, ...]] = []
    while len(free) >= table_size:
        first = free.pop(0)
        table = [first]
        taken: list[int] = []
        for k, candidate in enumerate(free[:PAIRING_REACH]):
            if all(_fresh(candidate, m) for m in table):
                table.append(candidate)
                taken.append(k)
                if len(table) == table_size:
                    break
        if len(table) == table_size:
            for k in reversed(taken):
                free.pop(k)
            tables.append(tuple(w.player_id for w in table))
        # else: ``first`` waits for the next pass; the others stay in the pool.
    return tables


def _fresh(a: Waiting, b: Waiting) -> bool:
    return b.player_id not in a.last_opponents and a.player_id not in b.last_opponents


def arena_standings(
    players: Iterable[int], games: Sequence[ArenaGame], ratings: Mapping[int, float]
) -> list[Standing]:
    """Rank by arena points, then performance; players tied on both share a rank.

    ``Standing.tiebreaks`` holds the performance.  Performance is computed here directly (one pass
    over the games) rather than through ``standings.Results``, whose rounds an arena lacks.
    """
    scores = arena_scores(games)
    everyone = sorted(set(players))
    values: dict[int, list[float]] = {p: [] for p in everyone}
    for game in games:
        record = _as_game(game)
        present = [i for i, p in enumerate(game.players) if p not in game.absent]
        if len(present) < 2:
            continue
        for i in present:
            p = game.players[i]
            if p not in values:
                continue
            parts = [
                ratings.get(game.players[j], 0.0)
                + PERFORMANCE_STEP * (2.0 * pairwise_result(record, i, j) - 1.0)
                for j in present
                if j != i
            ]
            values[p].append(sum(parts) / len(parts))
    perf = {p: sum(v) / len(v) if v else 0.0 for p, v in values.items()}
    primary = {p: scores[p].points if p in scores else 0.0 for p in everyone}
    order = sorted(everyone, key=lambda p: (-round(primary[p], 9), -round(perf[p], 9), p))
    out: list[Standing] = []
    previous: tuple[float, float] | None = None
    rank = 0
    for position, p in enumerate(order, start=1):
        key = (round(primary[p], 9), round(perf[p], 9))
        if key != previous:
            rank = position
            previous = key
        out.append(Standing(p, rank, primary[p], (round(perf[p], 9) + 0.0,)))
    return out
