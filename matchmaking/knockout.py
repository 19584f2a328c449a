"""Knockout: seeding by rating, byes to the top seeds, matches of N games, multi-seat heats.

**Two seats.**  Players are seeded by rating (highest first, then player id).  The bracket has
``2^k ≥ n`` slots in the standard order (:func:`bracket_order`: seed 1 meets seed 16, 8 meets 9,
and so on, so that seeds 1 and 2 can meet only in the final, seeds 1–4 only in the semi-finals);
the ``2^k − n`` empty slots fall opposite the top seeds, which are the byes.  Winners of
neighbouring matches meet in the next round (:func:`next_round`).

A **match** is ``games`` games (:class:`MatchRules`); the players alternate the first seat, the
higher seed taking it in the odd-numbered games.  The match is over as soon as one player has
more than half the points; when the games are used up with the points level, one **tie-break
game** decides it: the lower seed takes the first seat and a drawn tie-break game goes to the
higher seed (an "Armageddon" game; in a game without draws it is simply sudden death).
:func:`match_state` reads the state of a match from its games so far.

**Three or more seats** (:func:`heat`).  Tables of ``min_seats`` to ``max_seats`` are dealt out
in snake order by seed (table 1 takes seeds 1, 2T, 2T+1, …; table 2 takes 2, 2T−1, …), so that
every table holds an equal share of strong and weak players.  When the field cannot be split
into such tables the top seeds get byes into the next round.  The best ``advance`` places of each
table go through (:func:`advancers`; a tie at the cut goes to the better seed).  Once the field
fits one table, that table is the final and its placings are the final ranking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from matchmaking.multiseat import table_sizes


def seed_order(ratings: Mapping[int, float]) -> list[int]:
    """Player ids by seed: highest rating first, then the smaller id."""
    return sorted(ratings, key=lambda p: (-ratings[p], p))


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket-slot order for a power-of-two ``size``.

    ``bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]``: slots 0 and 1 meet first, the winner meets
    the winner of slots 2 and 3, and so on; seeds 1 and 2 sit in opposite halves.
    """
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket has a power-of-two number of slots")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a bracket round: ``higher`` is the better seed; ``lower`` None is a bye."""

    higher: int
    lower: int | None


def first_round(seeds: Sequence[int]) -> list[Match]:
    """The first round for ``seeds`` (best first), in bracket order; byes go to the top seeds."""
    if len(set(seeds)) != len(seeds):
        raise ValueError("a player is listed twice")
    if not seeds:
        return []
    if len(seeds) == 1:
        return [Match(seeds[0], None)]
    size = 1
    while size < len(seeds):
        size *= 2
    slots = [seeds[s - 1] if s <= len(seeds) else None for s in bracket_order(size)]
    matches = []
    for k in range(0, size, 2):
        a, b = slots[k], slots[k + 1]
        assert a is not None  # the better seed of a slot pair always exists
        matches.append(Match(a, b))
    return matches


def next_round(winners: Sequence[int], seeds: Sequence[int]) -> list[Match]:
    """The next round from the ``winners`` of a round's matches, in bracket order.

    ``seeds`` (best first) decides who is the higher seed of each new match.
    """
    if len(winners) % 2:
        raise ValueError("a bracket round has an even number of matches (or is the final)")
    rank = {p: i for i, p in enumerate(seeds)}
    out = []
    for k in range(0, len(winners), 2):
        a, b = winners[k], winners[k + 1]
        out.append(Match(a, b) if rank[a] < rank[b] else Match(b, a))
    return out


class MatchStatus(StrEnum):
    """Where a match stands."""

    PLAYING = "playing"
    """More regular games are to be played."""
    TIEBREAK = "tiebreak"
    """The regular games are level: the tie-break game is to be played."""
    DECIDED = "decided"


@dataclass(frozen=True, slots=True)
class MatchRules:
    """How a knockout match is played: ``games`` regular games, then one tie-break game."""

    games: int = 1

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("a match has at least one game")


@dataclass(frozen=True, slots=True)
class MatchState:
    """The state of one match: its status, the winner once decided, and the points so far."""

    status: MatchStatus
    winner: int | None
    higher_points: float
    lower_points: float


def seats_for_game(match: Match, index: int, rules: MatchRules) -> tuple[int, int]:
    """(first seat, second seat) for game ``index`` (0-based) of ``match``.

    Regular games alternate, the higher seed first in games 0, 2, …; the tie-break game (index
    ``rules.games``) puts the lower seed first.
    """
    if match.lower is None:
        raise ValueError("a bye has no games")
    if index >= rules.games:
        return match.lower, match.higher
    return (match.higher, match.lower) if index % 2 == 0 else (match.lower, match.higher)


def match_state(
    match: Match, results: Sequence[tuple[float, float]], rules: MatchRules
) -> MatchState:
    """Read a match from its games so far: ``results`` are (higher seed's points, lower seed's
    points) per game, regular games first, then the tie-break game if one was played.

    Raises ValueError for a result after the match was decided.
    """
    if match.lower is None:
        return MatchState(MatchStatus.DECIDED, match.higher, 0.0, 0.0)
    if len(results) > rules.games + 1:
        raise ValueError("only one tie-break game is played")
    high = low = 0.0
    half = rules.games / 2
    for index, (a, b) in enumerate(results):
        if index < rules.games:
            if high > half or low > half:
                raise ValueError("a game after the match was decided")
            high += a
            low += b
            continue
        if high != low:
            raise ValueError("a tie-break game after the match was decided")
        # The tie-break game: a draw goes to the higher seed.
        winner = match.lower if b > a else match.higher
        return MatchState(MatchStatus.DECIDED, winner, high, low)
    if high > half:
        return MatchState(MatchStatus.DECIDED, match.higher, high, low)
    if low > half:
        return MatchState(MatchStatus.DECIDED, match.lower, high, low)
    played = min(len(results), rules.games)
    if played < rules.games:
        return MatchState(MatchStatus.PLAYING, None, high, low)
    return MatchState(MatchStatus.TIEBREAK, None, high, low)


@dataclass(frozen=True, slots=True)
class Heat:
    """A multi-seat knockout round: tables of player ids (seat order = seed order, best first) and
    the players with a bye into the next round."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    final: bool


def heat(seeds: Sequence[int], *, min_seats: int = 3, max_seats: int = 4) -> Heat:
    """The tables of one multi-seat knockout round for ``seeds`` (best first).

    When the field fits one table it is the final.  Otherwise the table sizes come from
    ``multiseat.table_sizes``; players it cannot seat are the top seeds, who get byes.
    """
    if len(set(seeds)) != len(seeds):
        raise ValueError("a player is listed twice")
    field = list(seeds)
    if len(field) <= max_seats:
        return Heat(tables=(tuple(field),) if field else (), byes=(), final=True)
    sizes, out = table_sizes(len(field), min_seats, max_seats)
    byes, seated = field[:out], field[out:]
    tables: list[list[int]] = [[] for _ in sizes]
    forward = True
    pending = list(seated)
    while pending:
        order = range(len(tables)) if forward else range(len(tables) - 1, -1, -1)
        for t in order:
            if pending and len(tables[t]) < sizes[t]:
                tables[t].append(pending.pop(0))
        forward = not forward
    return Heat(tables=tuple(tuple(t) for t in tables), byes=tuple(byes), final=False)


def advancers(
    table: Sequence[int], placings: Sequence[int], advance: int, seeds: Sequence[int]
) -> list[int]:
    """The players of ``table`` who go through: the ``advance`` best placings (1 = best), a tie at
    the cut going to the better seed (its position in ``seeds``)."""
    if len(placings) != len(table):
        raise ValueError("one placing per seat")
    rank = {p: i for i, p in enumerate(seeds)}
    order = sorted(range(len(table)), key=lambda i: (placings[i], rank[table[i]]))
    return [table[i] for i in order[:advance]]


def heat_advance(heat: Heat, seats: int) -> int:
    """How many places of each table of a non-final ``heat`` go through: half the seats (at least
    one), or more when that would leave the next round too few players to fill one table of
    ``seats`` (the byes count towards it)."""
    advance = max(1, seats // 2)
    tables = len(heat.tables)
    if tables and len(heat.byes) + advance * tables < seats:
        advance = -(-(seats - len(heat.byes)) // tables)
    return advance


@dataclass(frozen=True, slots=True)
class HeatShape:
    """One round of a multi-seat knockout as it will be played: its table sizes, how many byes,
    how many places of each table go through (every place at the final table), and the final."""

    sizes: tuple[int, ...]
    byes: int
    advance: int
    final: bool


def heat_rounds(players: int, seats: int) -> list[HeatShape]:
    """Every round of a multi-seat knockout of ``players`` at tables of ``seats``, from the first
    to the final: what a bracket shows before the players of the later rounds are known.  The
    same rules as :func:`heat` and :func:`heat_advance`, on seeds ``0 … players-1``."""
    shapes: list[HeatShape] = []
    field = players
    while field > 0:
        round_heat = heat(range(field), min_seats=seats, max_seats=seats)
        sizes = tuple(len(t) for t in round_heat.tables)
        if round_heat.final:
            shapes.append(HeatShape(sizes, 0, field, True))
            break
        advance = heat_advance(round_heat, seats)
        shapes.append(HeatShape(sizes, len(round_heat.byes), advance, False))
        following = len(round_heat.byes) + advance * len(sizes)
        if following >= field:  # pragma: no cover - every heat seats someone who goes out
            raise ValueError("a heat must send fewer players on than it seats")
        field = following
    return shapes
