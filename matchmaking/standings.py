"""Tournament standings as a pure function of the results: scores, tie-breaks and a crosstable.

Every format records its results the same way: a :class:`Game` per table per round (who sat in
which seat, the placings, who did not show up) and a :class:`Bye` per round a player was not seated.
From those alone :func:`standings` ranks the players and :func:`crosstable` lays out each player's
rounds, so the same results always give the same table whatever order they arrive in (the tests
shuffle them).

Points.  A two-seat game scores 1 / ½ / 0.  A table of ``k`` seats generalises that as *placement
points*: a player scores one point for every opponent placed below them and half a point for every
opponent placed equal, divided by ``k − 1``; so the winner of a four-seat table scores 1, then ⅔,
⅓ and 0, and a two-seat game scores exactly as chess does.  A player who did not show up scores 0
and counts as placed below everyone present.  A format that scores otherwise (duplicate deals
compared across tables by matchpoints, say) passes its own figure per seat in ``Game.points``; the
placings then only decide who beat whom, which the tie-breaks need.

Tie-breaks (FIDE Tie-Break Regulations C.07 as of 2023/2024; ``docs/tournaments.md`` has worked
examples):

* **Buchholz** (BH): the sum of the opponents' scores, one value per round.  At a table of more
  than two seats the round's value is the mean score of the opponents at it, so that every round
  weighs the same whatever the table size.  **Cut-1** leaves out the least significant round.
* **Sonneborn-Berger** (SB): the sum over rounds of result × opponent's score (at a multi-seat
  table: the mean over its opponents of the pairwise result — 1 placed above, ½ equal, 0 below —
  times that opponent's score).
* **Direct encounter** (DE): among players still tied, the points scored in the games between them;
  when not all of them have met, a player is placed first only if no other could have caught up
  had the missing games been won (article 6.2), and the rule is applied again to those still tied.
* **Wins** (WIN): rounds won, with or without playing (a pairing-allocated full-point bye or a win
  by forfeit counts, article 7.1).
* **Games won** (WON): games won over the board (7.2): byes and forfeit wins do not count.
* **Average rating of opponents** (ARO): the mean rating of the opponents actually played (10.1),
  forfeits excluded, rounded to a whole number (½ up).  At a multi-seat table the round's value is
  the mean rating of the opponents at it, so every round weighs the same.
* **Progressive score** (PS): the sum of the running score after each round (7.5), so early points
  weigh more than late ones.
* **Koya** (KS): the points scored against the opponents who finished with at least half of the
  maximum possible score (9.2), the round-robin tie-break.  At a multi-seat table each qualifying
  opponent contributes the pairwise result divided by ``k − 1``, as placement points do.
* **Performance** (PERF): the arena tie-break, the linear performance rating: the mean over played
  games of the opponent's rating ± 500 for a win or a loss (lichess's arena performance).

Unplayed rounds (article 16) in the Swiss tie-breaks: a round a player did not play — a bye of any
kind, a forfeit either way, an absence — counts in *their own* Buchholz and Sonneborn-Berger as a
game against a "dummy opponent" whose score is the player's own final score (16.4; this replaced
the 2009 "virtual opponent", whose score was the player's score before the round plus the unplayed
result reversed plus ½ per later round).  When such a player is *someone else's* opponent their
score counts as it stands, except that the rounds in which they were not paired at all (half- and
zero-point byes, absences) after their last round that was not voluntarily unplayed — a
withdrawal — count as draws (16.3).  A forfeit loss keeps its 0 even then: the player was paired
and did not come, which is a round of their own making, not a round the withdrawal took from their
opponents (``docs/tournaments.md``, "Unplayed rounds", gives the reading and FIDE's reference).
Cut-1 removes a voluntarily unplayed round first, if the player has one (14.6).  In a round robin
unplayed rounds count nothing in Buchholz and Sonneborn-Berger, as the reference implementation
(FIDE's TieBreakServer) does.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class ByeKind(StrEnum):
    """Why a player has no table in a round (FIDE C.07 16.2)."""

    PAIRING = "pairing-bye"
    """The pairing left them over (an odd field): a pairing-allocated bye, usually a full point."""
    FULL = "full-bye"
    """A full-point bye granted by the organiser."""
    HALF = "half-bye"
    """A half-point bye the player asked for: voluntarily unplayed."""
    ZERO = "zero-bye"
    """Not paired and no points: absent, withdrawn, or not yet entered; voluntarily unplayed."""


VOLUNTARY_BYES = frozenset({ByeKind.HALF, ByeKind.ZERO})


class Tiebreak(StrEnum):
    """The tie-breaks :func:`standings` knows, by their FIDE acronyms."""

    BUCHHOLZ_CUT1 = "BH-C1"
    BUCHHOLZ = "BH"
    SONNEBORN_BERGER = "SB"
    DIRECT_ENCOUNTER = "DE"
    WINS = "WIN"
    PERFORMANCE = "PERF"
    GAMES_WON = "WON"
    AVERAGE_RATING_OF_OPPONENTS = "ARO"
    PROGRESSIVE_SCORE = "PS"
    KOYA = "KS"


RATING_TIEBREAKS = frozenset({Tiebreak.PERFORMANCE, Tiebreak.AVERAGE_RATING_OF_OPPONENTS})
"""The tie-breaks that need the players' ratings."""

KOYA_SHARE = 0.5
"""Koya counts the opponents who scored at least this share of the maximum possible score (9.2)."""


SWISS_TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak.BUCHHOLZ_CUT1,
    Tiebreak.SONNEBORN_BERGER,
    Tiebreak.DIRECT_ENCOUNTER,
    Tiebreak.WINS,
)
"""Swiss (two-seat and multi-seat): Buchholz cut-1, Sonneborn-Berger, direct encounter, wins."""

ROUND_ROBIN_TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak.DIRECT_ENCOUNTER,
    Tiebreak.SONNEBORN_BERGER,
    Tiebreak.WINS,
)
"""Round robin: everyone met the same opponents, so Buchholz says nothing; FIDE's order for round
robins starts with the direct encounter."""

ARENA_TIEBREAKS: tuple[Tiebreak, ...] = (Tiebreak.PERFORMANCE,)
"""Arena: points first (``arena.py`` computes them), then performance."""

PERFORMANCE_STEP = 500.0
"""Rating points added for a win (subtracted for a loss) in the linear performance."""


@dataclass(frozen=True, slots=True)
class Game:
    """One table in one round: who sat where (seat 0 moves first, or plays white) and how it ended.

    ``placings`` are 1 for the best, equal placings tie (a drawn two-seat game is ``(1, 1)``).
    ``absent`` holds the players who forfeited by not showing up; they score 0 whatever their
    placing.  A player *played* the game when they were present and so was someone else; a present
    player alone at the table won by forfeit.  ``points``, when given, replaces the placement points
    of each seat (the hook for matchpoint scoring).
    """

    round: int
    players: tuple[int, ...]
    placings: tuple[int, ...]
    absent: frozenset[int] = frozenset()
    points: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if len(self.players) < 2:
            raise ValueError("a game has at least two seats")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player sits twice at one table")
        if len(self.placings) != len(self.players):
            raise ValueError("one placing per seat")
        if self.points is not None and len(self.points) != len(self.players):
            raise ValueError("one points figure per seat")
        if not self.absent <= set(self.players):
            raise ValueError("an absent player must hold a seat at the table")
        if self.round < 1:
            raise ValueError("rounds are numbered from 1")

    @property
    def played(self) -> bool:
        """True when at least two players were present, so the game took place."""
        return len(self.players) - len(self.absent) >= 2

    def seat_points(self) -> tuple[float, ...]:
        """Each seat's tournament points (see the module docstring)."""
        if self.points is not None:
            return self.points
        k = len(self.players)
        out: list[float] = []
        for i, p in enumerate(self.players):
            if p in self.absent:
                out.append(0.0)
                continue
            won = 0.0
            for j in range(k):
                if j != i:
                    won += pairwise_result(self, i, j)
            out.append(won / (k - 1))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Bye:
    """A round in which ``player`` had no table, and the points it gave them."""

    round: int
    player: int
    kind: ByeKind
    points: float = 0.0

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ValueError("rounds are numbered from 1")


def pairwise_result(game: Game, i: int, j: int) -> float:
    """Seat i's result against seat j: 1 placed above (or j absent, i present), ½ equal, 0 below
    (or i absent); 0 when both were absent."""
    a_absent = game.players[i] in game.absent
    b_absent = game.players[j] in game.absent
    if a_absent or b_absent:
        if a_absent and b_absent:
            return 0.0
        return 0.0 if a_absent else 1.0
    a, b = game.placings[i], game.placings[j]
    return 1.0 if a < b else 0.5 if a == b else 0.0


@dataclass(frozen=True, slots=True)
class Standing:
    """A line of the standings; ``rank`` is shared by players tied on score and all tie-breaks."""

    player: int
    rank: int
    score: float
    tiebreaks: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class CrossEntry:
    """One round of one player in the crosstable.

    ``kind`` is ``"played"``, ``"forfeit-win"``, ``"forfeit-loss"`` or a :class:`ByeKind` value
    (``"zero-bye"`` also stands for a round with no record at all).  ``opponents`` are the others at
    the table in seat order (empty without a table), ``results`` the player's pairwise result
    against each of them (1 placed above or the other absent, ½ equal, 0 below or self absent), and
    ``seat`` the player's own seat index.
    """

    round: int
    kind: str
    points: float
    opponents: tuple[int, ...] = ()
    results: tuple[float, ...] = ()
    seat: int | None = None
    placing: int | None = None


@dataclass(frozen=True, slots=True)
class CrossRow:
    """A player's standing and their rounds, one entry per round from 1."""

    standing: Standing
    entries: tuple[CrossEntry, ...]


@dataclass(frozen=True, slots=True)
class Crosstable:
    """The whole table in standing order, with the tie-break columns it was ranked by."""

    rounds: int
    tiebreaks: tuple[Tiebreak, ...]
    rows: tuple[CrossRow, ...]

    def row(self, player: int) -> CrossRow:
        """The row of ``player`` (KeyError when they are not in the table)."""
        for row in self.rows:
            if row.standing.player == player:
                return row
        raise KeyError(player)

    def between(self, player: int, opponent: int) -> tuple[float, ...]:
        """``player``'s pairwise results against ``opponent`` in the rounds they shared a played
        table, in round order: 1 placed above, ½ equal, 0 below (the round-robin grid's cells)."""
        return tuple(
            e.results[e.opponents.index(opponent)]
            for e in self.row(player).entries
            if e.kind == "played" and opponent in e.opponents
        )


# --- the results, indexed -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRound:
    """One player's round, resolved: what the tie-breaks (and the Swiss pairing) need to know."""

    kind: str
    points: float
    opponents: tuple[int, ...]  # present opponents of a played game
    pairwise: tuple[float, ...]  # result against each of them
    voluntary: bool  # a voluntarily unplayed round (VUR)
    won: bool
    entry: CrossEntry
    paired: bool = False  # seated at a table (played, or a forfeit either way)


class Results:
    """The results of a tournament, checked and indexed by player and round.

    Raises ValueError for a player seated twice in one round, a round numbered beyond ``rounds``, or
    a player not in ``players``.  Rounds with no record for a player count as zero-point byes.
    """

    def __init__(
        self,
        players: Iterable[int],
        games: Iterable[Game],
        byes: Iterable[Bye] = (),
        rounds: int | None = None,
    ) -> None:
        self.players: tuple[int, ...] = tuple(sorted(set(players)))
        known = set(self.players)
        game_list = sorted(games, key=lambda g: (g.round, g.players))
        bye_list = sorted(byes, key=lambda b: (b.round, b.player))
        last = max([g.round for g in game_list] + [b.round for b in bye_list], default=0)
        self.rounds: int = last if rounds is None else rounds
        if last > self.rounds:
            raise ValueError(f"a result for round {last} beyond round {self.rounds}")
        self.games = tuple(game_list)
        self.byes = tuple(bye_list)
        seen: set[tuple[int, int]] = set()
        by: dict[tuple[int, int], PlayerRound] = {}
        for g in game_list:
            pts = g.seat_points()
            present = [p for p in g.players if p not in g.absent]
            for i, p in enumerate(g.players):
                if p not in known:
                    raise ValueError(f"player {p} is not in the tournament")
                if (p, g.round) in seen:
                    raise ValueError(f"player {p} has two results in round {g.round}")
                seen.add((p, g.round))
                others = tuple(q for q in g.players if q != p)
                if p in g.absent:
                    kind = "forfeit-loss"
                elif len(present) >= 2:
                    kind = "played"
                else:
                    kind = "forfeit-win"
                if kind == "played":
                    idx = [j for j, q in enumerate(g.players) if q != p and q not in g.absent]
                    opps = tuple(g.players[j] for j in idx)
                    pair = tuple(pairwise_result(g, i, j) for j in idx)
                    won = all(r == 1.0 for r in pair)
                else:
                    opps, pair = (), ()
                    won = kind == "forfeit-win"
                by[(p, g.round)] = PlayerRound(
                    kind=kind,
                    points=pts[i],
                    opponents=opps,
                    pairwise=pair,
                    voluntary=kind == "forfeit-loss",
                    won=won,
                    paired=True,
                    entry=CrossEntry(
                        round=g.round,
                        kind=kind,
                        points=pts[i],
                        opponents=others,
                        results=tuple(
                            pairwise_result(g, i, j) for j, q in enumerate(g.players) if q != p
                        ),
                        seat=i,
                        placing=g.placings[i],
                    ),
                )
        for b in bye_list:
            if b.player not in known:
                raise ValueError(f"player {b.player} is not in the tournament")
            if (b.player, b.round) in seen:
                raise ValueError(f"player {b.player} has two results in round {b.round}")
            seen.add((b.player, b.round))
            by[(b.player, b.round)] = PlayerRound(
                kind=b.kind.value,
                points=b.points,
                opponents=(),
                pairwise=(),
                voluntary=b.kind in VOLUNTARY_BYES,
                won=b.kind in (ByeKind.PAIRING, ByeKind.FULL) and b.points >= 1.0,
                entry=CrossEntry(round=b.round, kind=b.kind.value, points=b.points),
            )
        self._rounds: dict[int, tuple[PlayerRound, ...]] = {}
        for p in self.players:
            row = []
            for r in range(1, self.rounds + 1):
                got = by.get((p, r))
                if got is None:
                    got = PlayerRound(
                        kind=ByeKind.ZERO.value,
                        points=0.0,
                        opponents=(),
                        pairwise=(),
                        voluntary=True,
                        won=False,
                        entry=CrossEntry(round=r, kind=ByeKind.ZERO.value, points=0.0),
                    )
                row.append(got)
            self._rounds[p] = tuple(row)

    def history(self, player: int) -> tuple[PlayerRound, ...]:
        """``player``'s rounds, one per round from 1 (a round without a record is a zero bye)."""
        return self._rounds[player]

    def score(self, player: int) -> float:
        """Total points of ``player`` (games and byes)."""
        return sum(r.points for r in self._rounds[player])

    def scores(self) -> dict[int, float]:
        """Total points of every player."""
        return {p: self.score(p) for p in self.players}


# --- standings ------------------------------------------------------------------------------------


def standings(
    players: Iterable[int],
    games: Iterable[Game],
    byes: Iterable[Bye] = (),
    *,
    rounds: int | None = None,
    tiebreaks: Sequence[Tiebreak] = SWISS_TIEBREAKS,
    round_robin: bool = False,
    draw_points: float = 0.5,
    ratings: Mapping[int, float] | None = None,
    scores: Mapping[int, float] | None = None,
) -> list[Standing]:
    """Rank ``players`` by score, then by ``tiebreaks`` in order.

    ``rounds`` is the number of rounds played so far (default: the last round with a result).
    ``round_robin`` switches unplayed rounds to count nothing in Buchholz and Sonneborn-Berger.
    ``draw_points`` is what a draw is worth, used for a withdrawn opponent's remaining rounds.
    ``ratings`` is needed for :attr:`Tiebreak.PERFORMANCE`.  ``scores`` replaces the summed points
    as the primary key (the arena's streak points, say); tie-breaks still use the game points.

    Players tied on score and every tie-break share a rank and are listed by player id.
    """
    results = Results(players, games, byes, rounds)
    return _rank(results, tuple(tiebreaks), round_robin, draw_points, ratings, scores)


def crosstable(
    players: Iterable[int],
    games: Iterable[Game],
    byes: Iterable[Bye] = (),
    *,
    rounds: int | None = None,
    tiebreaks: Sequence[Tiebreak] = SWISS_TIEBREAKS,
    round_robin: bool = False,
    draw_points: float = 0.5,
    ratings: Mapping[int, float] | None = None,
    scores: Mapping[int, float] | None = None,
) -> Crosstable:
    """The standings with every player's rounds (:class:`Crosstable`), in standing order."""
    results = Results(players, games, byes, rounds)
    ranked = _rank(results, tuple(tiebreaks), round_robin, draw_points, ratings, scores)
    rows = tuple(
        CrossRow(standing=s, entries=tuple(r.entry for r in results.history(s.player)))
        for s in ranked
    )
    return Crosstable(rounds=results.rounds, tiebreaks=tuple(tiebreaks), rows=rows)


def _rank(
    results: Results,
    tiebreaks: tuple[Tiebreak, ...],
    round_robin: bool,
    draw_points: float,
    ratings: Mapping[int, float] | None,
    scores: Mapping[int, float] | None,
) -> list[Standing]:
    own = results.scores()
    primary = dict(own) if scores is None else {p: float(scores.get(p, 0.0)) for p in own}
    adjusted = {p: _adjusted_score(results, p, draw_points, round_robin) for p in results.players}
    values: dict[Tiebreak, dict[int, float]] = {}
    for tb in tiebreaks:
        if tb is Tiebreak.DIRECT_ENCOUNTER:
            continue
        if tb in RATING_TIEBREAKS and ratings is None:
            raise ValueError(f"the {tb.value} tie-break needs the ratings")
        if tb is Tiebreak.KOYA:
            limit = koya_limit(results)
            values[tb] = {p: koya(results, p, limit, own) for p in results.players}
            continue
        values[tb] = {
            p: _value(tb, results, p, own, adjusted, round_robin, ratings) for p in results.players
        }
    # Groups of players still tied, refined one tie-break at a time.
    groups: list[list[int]] = _split(sorted(results.players), lambda p: _key(primary[p]))
    shown: dict[int, list[float]] = {p: [] for p in results.players}
    for tb in tiebreaks:
        if tb is Tiebreak.DIRECT_ENCOUNTER:
            refined: list[list[int]] = []
            for group in groups:
                de_groups, de_points = _direct_encounter(results, group)
                for p in group:
                    shown[p].append(de_points.get(p, 0.0))
                refined.extend(de_groups)
            groups = refined
        else:
            table = values[tb]
            for p in results.players:
                shown[p].append(table[p])
            groups = [sub for group in groups for sub in _split(group, _keyed(table))]
    out: list[Standing] = []
    position = 1
    for group in groups:
        for p in sorted(group):
            out.append(Standing(p, position, own[p] if scores is None else primary[p], ()))
        position += len(group)
    return [
        Standing(s.player, s.rank, s.score, tuple(_clean(v) for v in shown[s.player])) for s in out
    ]


def _keyed(table: Mapping[int, float]) -> Callable[[int], float]:
    return lambda p: _key(table[p])


def _key(value: float) -> float:
    """Values compared for ties: rounded, so that sums of thirds in a different order still tie."""
    return round(value, 9)


def _clean(value: float) -> float:
    return round(value, 9) + 0.0


def _split(group: list[int], key: Callable[[int], float]) -> list[list[int]]:
    """``group`` cut into runs of equal key, highest key first (ties keep their order)."""
    buckets: dict[float, list[int]] = defaultdict(list)
    for p in group:
        buckets[key(p)].append(p)
    return [buckets[k] for k in sorted(buckets, reverse=True)]


def _adjusted_score(results: Results, player: int, draw_points: float, round_robin: bool) -> float:
    """The player's score as their opponents' tie-breaks see it (FIDE C.07 16.3).

    Rounds without a table (half- and zero-point byes, absences) after the last round that was not
    voluntarily unplayed — a withdrawal — count as draws.  A forfeit loss keeps its points even
    there: the player was paired, so it is not a round the withdrawal took away (FIDE's
    TieBreakServer reads 16.3 the same way).  In a round robin the score counts as it stands.
    """
    history = results.history(player)
    if round_robin:
        return sum(r.points for r in history)
    last = max((i for i, r in enumerate(history) if not r.voluntary), default=-1)
    return sum(r.points if i <= last or r.paired else draw_points for i, r in enumerate(history))


def _contributions(
    results: Results,
    player: int,
    own: Mapping[int, float],
    adjusted: Mapping[int, float],
    round_robin: bool,
    sonneborn: bool,
) -> list[tuple[bool, float, float]]:
    """Per round: (voluntarily unplayed?, opponent-score value, tie-break value)."""
    out: list[tuple[bool, float, float]] = []
    for r in results.history(player):
        if r.kind == "played":
            opp = sum(adjusted[o] for o in r.opponents) / len(r.opponents)
            if sonneborn:
                value = sum(
                    res * adjusted[o] for o, res in zip(r.opponents, r.pairwise, strict=True)
                )
                value /= len(r.opponents)
            else:
                value = opp
            out.append((False, opp, value))
        elif round_robin:
            out.append((r.voluntary, 0.0, 0.0))
        else:
            dummy = own[player]  # the dummy opponent scored what the player scored (16.4)
            out.append((r.voluntary, dummy, dummy * r.points if sonneborn else dummy))
    return out


def _cut_lowest(contributions: list[tuple[bool, float, float]]) -> float:
    """The value Cut-1 removes: a voluntarily unplayed round first (14.6), else the lowest."""
    if not contributions:
        return 0.0
    voluntary = [c for c in contributions if c[0]]
    pool = voluntary or contributions
    return min(pool, key=lambda c: (c[1], c[2]))[2]


def _value(
    tb: Tiebreak,
    results: Results,
    player: int,
    own: Mapping[int, float],
    adjusted: Mapping[int, float],
    round_robin: bool,
    ratings: Mapping[int, float] | None,
) -> float:
    if tb in (Tiebreak.BUCHHOLZ, Tiebreak.BUCHHOLZ_CUT1, Tiebreak.SONNEBORN_BERGER):
        parts = _contributions(
            results, player, own, adjusted, round_robin, tb is Tiebreak.SONNEBORN_BERGER
        )
        total = sum(c[2] for c in parts)
        if tb is Tiebreak.BUCHHOLZ_CUT1:
            total -= _cut_lowest(parts)
        return total
    if tb is Tiebreak.WINS:
        return float(sum(1 for r in results.history(player) if r.won))
    if tb is Tiebreak.GAMES_WON:
        return float(sum(1 for r in results.history(player) if r.kind == "played" and r.won))
    if tb is Tiebreak.PROGRESSIVE_SCORE:
        return progressive_score(results, player)
    if tb is Tiebreak.PERFORMANCE:
        assert ratings is not None
        return performance(results, player, ratings)
    if tb is Tiebreak.AVERAGE_RATING_OF_OPPONENTS:
        assert ratings is not None
        return average_rating_of_opponents(results, player, ratings)
    raise ValueError(f"unknown tie-break {tb}")


def progressive_score(results: Results, player: int) -> float:
    """The progressive (cumulative) score (C.07 7.5): the running score after each round, summed.

    Every round counts, byes and forfeits with the points they gave: a player who led early ranks
    ahead of one who caught up late.
    """
    running = 0.0
    total = 0.0
    for r in results.history(player):
        running += r.points
        total += running
    return total


def average_rating_of_opponents(
    results: Results, player: int, ratings: Mapping[int, float]
) -> float:
    """The average rating of opponents (C.07 10.1), over the games actually played.

    Forfeits and byes do not count (there was no opponent at the board); an opponent without a
    rating in ``ratings`` is left out.  At a multi-seat table the round's value is the mean rating
    of its rated opponents.  Rounded to a whole number, ½ up, as the regulations round ratings.
    A player without a rated game has ARO 0.
    """
    values: list[float] = []
    for r in results.history(player):
        if r.kind != "played":
            continue
        rated = [ratings[o] for o in r.opponents if o in ratings]
        if rated:
            values.append(sum(rated) / len(rated))
    if not values:
        return 0.0
    return float(math.floor(sum(values) / len(values) + 0.5))


def koya_limit(results: Results) -> float:
    """The score an opponent needs to count in Koya: half the maximum possible score (9.2).

    The maximum is one point per round a player could be seated: the most rounds any player had a
    table, so that in a round robin of an odd field (everyone sits out once) it is ``rounds − 1``.
    """
    seated = max(
        (sum(1 for r in results.history(p) if r.paired) for p in results.players), default=0
    )
    return KOYA_SHARE * seated


def koya(results: Results, player: int, limit: float, scores: Mapping[int, float]) -> float:
    """Koya (C.07 9.2): the points ``player`` scored against opponents with at least ``limit``.

    Forfeits count with their result (the opponent was paired); byes have no opponent.  At a
    table of ``k`` seats the result against each qualifying opponent counts ``1 / (k − 1)``.
    """
    total = 0.0
    for r in results.history(player):
        if not r.paired:
            continue
        entry = r.entry
        share = 1.0 / len(entry.opponents)
        for o, res in zip(entry.opponents, entry.results, strict=True):
            if _key(scores[o]) >= _key(limit):
                total += res * share
    return total


def performance(results: Results, player: int, ratings: Mapping[int, float]) -> float:
    """The linear performance: over played games, the mean of opponent rating ± 500 per result.

    At a multi-seat table each opponent counts with the pairwise result (a win against one, a loss
    against another).  A player without a played game has performance 0.
    """
    values: list[float] = []
    for r in results.history(player):
        if r.kind != "played":
            continue
        game = [
            ratings.get(o, 0.0) + PERFORMANCE_STEP * (2.0 * res - 1.0)
            for o, res in zip(r.opponents, r.pairwise, strict=True)
        ]
        values.append(sum(game) / len(game))
    return sum(values) / len(values) if values else 0.0


def _direct_encounter(
    results: Results, group: list[int]
) -> tuple[list[list[int]], dict[int, float]]:
    """Split a tied ``group`` by direct encounter (FIDE C.07 article 6), applied recursively.

    Returns the sub-groups in rank order and each player's DE points within ``group``.
    """
    if len(group) < 2:
        return [group], {p: 0.0 for p in group}
    members = set(group)
    meetings: dict[int, dict[int, list[float]]] = {p: defaultdict(list) for p in group}
    for p in group:
        for r in results.history(p):
            if r.kind != "played":
                continue
            for o, res in zip(r.opponents, r.pairwise, strict=True):
                if o in members:
                    meetings[p][o].append(res)
    # Several games between the same two count as their average (6.1.2).
    points = {p: sum(sum(v) / len(v) for v in meetings[p].values()) for p in group}
    met_all = all(len(meetings[p]) == len(group) - 1 for p in group)
    if met_all:
        subgroups = _split(group, lambda p: _key(points[p]))
    else:
        # 6.2: only a player no one else could catch, had the missing games been won, moves up.
        ceiling = {p: points[p] + (len(group) - 1 - len(meetings[p])) for p in group}
        order = sorted(group, key=lambda p: (-points[p], -ceiling[p], p))
        subgroups = []
        rest = order
        while len(rest) > 1:
            head = rest[0]
            if _key(points[head]) > max(_key(ceiling[q]) for q in rest[1:]):
                subgroups.append([head])
                rest = rest[1:]
            else:
                break
        if rest:
            subgroups.append(sorted(rest))
    if len(subgroups) == 1:
        return subgroups, points
    final: list[list[int]] = []
    for sub in subgroups:
        if len(sub) > 1:
            deeper, _ = _direct_encounter(results, sub)
            final.extend(deeper)
        else:
            final.append(sub)
    return final, points


def placement_points(placings: Sequence[int]) -> tuple[float, ...]:
    """Placement points of one table from its placings (1 = best), as :class:`Game` scores them."""
    seats = tuple(range(len(placings)))
    return Game(round=1, players=seats, placings=tuple(placings)).seat_points()
