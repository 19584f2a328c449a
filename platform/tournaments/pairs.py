"""The pairs format: duplicate play for partnerships, seated by a movement, scored by matchpoints.

An entry is a pair (a player and their partner, docs/tournaments.md "Pairs").  At the start the
active pairs get pair numbers (shuffled by the tournament's seed) and a movement is fixed
(``matchmaking.movements``: Howell up to 16 pairs unless the organiser chose Mitchell, Mitchell
beyond).  Each round every table plays the boards of its board set one after another, each board a
live match of its own with the board's fixed deal — the same deal at every table that plays that
board, so results can be compared.  A round ends when every table has played its boards (or cannot:
a pair withdrew).  The standings are :func:`matchmaking.movements.score_session` of the finished
boards: percentage first, then cross-IMPs.

Any four-seat partnership game with fixed deals (``Game.deal_for``) can be played this way; seats
``0`` and ``2`` are one side (North–South in Bridge), ``1`` and ``3`` the other, and the side's
figure is the game's score of seat ``0`` (seat ``1`` for the other side).  The entrant sits in the
first seat of the side, the partner in the second.

This module holds the format's own decisions and reads; ``services`` calls it under the
tournament's lock and does the writing.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from games.core import Game, RatingMode
from live.models import EndReason
from matchmaking import movements

from .models import Entry, MovementKind, Pairing, PairingStatus, Tournament

SEATS = 4
MIN_PAIRS = movements.MIN_PAIRS
MAX_BOARDS_PER_ROUND = 8
GIVEN_UP = 100_000
"""The figure of a board one side gave up (resigned, or its clock ran out after it had played):
beyond any score the game can reach, so the side is beaten by every other table on the board and
cannot escape a bad result by resigning."""


def unsuitable(game: Game[Any], seats: int) -> str | None:
    """Why ``game`` cannot be played as pairs at tables of ``seats``, or None."""
    if seats != SEATS or SEATS not in game.seat_counts or game.rating_mode != RatingMode.TEAMS:
        return f"{game.title} is not a game for two partnerships of two"
    if game.deal_for is None:
        return f"{game.title} has no fixed deals to compare between tables"
    return None


def check_size(kind: str, pairs: int) -> str | None:
    """Why a movement of ``kind`` cannot seat ``pairs`` pairs, or None."""
    if pairs < MIN_PAIRS:
        return f"a pairs tournament needs at least {MIN_PAIRS} pairs"
    if kind == MovementKind.HOWELL and pairs > movements.HOWELL_MAX_PAIRS:
        return f"a Howell seats at most {movements.HOWELL_MAX_PAIRS} pairs"
    return None


@dataclass(frozen=True)
class NothingCompared:
    """Why a pairs session would compare no board (:func:`nothing_compared`): the movement
    chosen for the planned field, and the fewest rounds that would compare one (None: no
    number of rounds helps — the movement itself is the problem)."""

    movement: str
    pairs: int
    rounds: int | None
    rounds_needed: int | None


def nothing_compared(
    chosen: str, pairs: int, rounds: int | None, boards_per_round: int
) -> NothingCompared | None:
    """None when a session of ``pairs`` pairs compares at least one board; else what is wrong,
    for a refusal that says what would work (the form words it, the service too)."""
    if compares_a_board(chosen, pairs, rounds, boards_per_round):
        return None
    kind = movement_kind(chosen, pairs)
    needed = None
    if compares_a_board(chosen, pairs, None, boards_per_round):
        needed = next(
            r for r in range(2, 200) if compares_a_board(chosen, pairs, r, boards_per_round)
        )
    return NothingCompared(kind, pairs, rounds, needed)


def nothing_compared_text(why: NothingCompared) -> str:
    """The refusal in English (the API and the admin; the page's form has it translated)."""
    if why.rounds_needed is not None:
        return (
            f"with {why.rounds} round(s) every board is played at one table only, so no board "
            f"can be matchpointed and every pair would end at 50 %; a {why.movement.title()} of "
            f"{why.pairs} pairs needs at least {why.rounds_needed} rounds (or leave Rounds empty)"
        )
    return (
        f"a {why.movement.title()} of {why.pairs} pairs plays every board at one table only, so "
        "no board can be matchpointed and every pair would end at 50 %; choose the Mitchell "
        f"movement, or plan for {HOWELL_COMPARES_FROM} pairs or more"
    )


HOWELL_COMPARES_FROM = 6
"""The smallest Howell that plays a board at two tables (4 and 5 pairs have no complete Howell;
their repeats become spare boards, see :class:`Table`)."""


def movement_kind(chosen: str, pairs: int) -> str:
    """The organiser's choice, else Howell (everyone meets everyone) where it is complete (7 to
    16 pairs) and for 4 pairs (a Mitchell of two tables has one round); Mitchell otherwise — for 5
    and 6 pairs its three tables give three rounds without a board set played twice."""
    if chosen:
        return chosen
    if pairs == MIN_PAIRS or 7 <= pairs <= movements.HOWELL_MAX_PAIRS:
        return MovementKind.HOWELL
    return MovementKind.MITCHELL


@dataclass(frozen=True)
class FieldSettings:
    """The movement and round limit a session plays with the field it has at the start."""

    movement: str
    rounds: int | None


def settings_for_field(
    chosen: str, pairs: int, rounds: int | None, boards_per_round: int
) -> FieldSettings:
    """The organiser's movement and rounds for the field that came (it may be smaller than the
    one the event was checked for when it was made: eight pairs planned, five came, and a Howell
    of five plays every board at one table), corrected where they would compare no board: more
    rounds, up to the fewest that compare one; else the other movement (with as many rounds as
    it needs).  Every field of :data:`MIN_PAIRS` or more has such a setting (a property test
    holds it); were there none, the organiser's settings stand."""
    kinds = [movement_kind(chosen, pairs)]
    kinds += [k for k in (MovementKind.HOWELL, MovementKind.MITCHELL) if k not in kinds]
    for kind in kinds:
        if kind == MovementKind.HOWELL and pairs > movements.HOWELL_MAX_PAIRS:
            continue
        why = nothing_compared(kind, pairs, rounds, boards_per_round)
        if why is None:
            return FieldSettings(kind, rounds)
        if why.rounds_needed is not None:
            return FieldSettings(kind, why.rounds_needed)
    return FieldSettings(kinds[0], rounds)


def schedule_for(
    tournament: Tournament, entries: Sequence[Entry], played: FieldSettings
) -> dict[str, Any]:
    """What the start fixes: the movement's parameters and the entry of each pair number."""
    order = sorted(e.pk for e in entries)
    random.Random(tournament.seed).shuffle(order)
    full = _movement(played.movement, len(order), None, tournament.boards_per_round)
    rounds = len(full.rounds)
    if played.rounds:
        rounds = min(rounds, played.rounds)
    return {
        "movement": played.movement,
        "pairs": order,
        "rounds": rounds,
        "boards_per_round": tournament.boards_per_round,
    }


def movement_of(tournament: Tournament) -> movements.Movement:
    s = tournament.schedule or {}
    return _movement(s["movement"], len(s["pairs"]), s["rounds"], s["boards_per_round"])


@cache
def _movement(kind: str, pairs: int, rounds: int | None, boards: int) -> movements.Movement:
    build = movements.howell if kind == MovementKind.HOWELL else movements.mitchell
    return build(pairs, rounds, boards)


def entry_of_pair(tournament: Tournament) -> dict[int, int]:
    """Pair number → entry id."""
    return dict(enumerate((tournament.schedule or {})["pairs"], start=1))


@dataclass(frozen=True)
class Table:
    """One table of a round: its number, the two pairs' entries and the boards it plays.

    ``compared`` is False for *spare* boards: where the movement would give a pair a board set it
    has already played (the small Howells, module ``matchmaking.movements``), the table plays
    fresh deals instead — nobody plays a deal twice — and, as no other table plays them, they
    are not scored.
    """

    number: int
    ns: int
    ew: int
    boards: range
    compared: bool = True

    @property
    def players(self) -> list[int]:
        """Entry ids by seat: the side of seats 0 and 2, then the side of seats 1 and 3."""
        return [self.ns, self.ew, self.ns, self.ew]


def round_plan(tournament: Tournament, number: int) -> tuple[list[Table], list[int]]:
    """Round ``number``'s tables and the entries sitting out (they met the phantom pair)."""
    movement = movement_of(tournament)
    entry = entry_of_pair(tournament)
    tables, out = [], []
    for seat in movement.rounds[number - 1]:
        if seat.ns is None or seat.ew is None:
            idle = seat.ns if seat.ew is None else seat.ew
            if idle is not None:
                out.append(entry[idle])
    for t in _tables_by_pair(movement, number):
        tables.append(Table(t.number, entry[t.ns], entry[t.ew], t.boards, t.compared))
    return tables, out


def _tables_by_pair(movement: movements.Movement, number: int) -> list[Table]:
    """Round ``number``'s tables with *pair numbers* in ``ns``/``ew``: the movement's board set,
    or spare boards where a pair has already played that set (:class:`Table`)."""
    played: dict[int, set[int]] = {}
    for earlier in movement.rounds[: number - 1]:
        for seat in earlier:
            for pair in (seat.ns, seat.ew):
                if pair is not None and None not in (seat.ns, seat.ew):
                    played.setdefault(pair, set()).add(seat.board_set)
    b = movement.boards_per_round
    tables = []
    for seat in movement.rounds[number - 1]:
        if seat.ns is None or seat.ew is None:
            continue
        boards = movement.boards(seat.board_set)
        again = seat.board_set in played.get(seat.ns, set()) | played.get(seat.ew, set())
        if again:
            first = spare_base(movement) + ((number - 1) * movement.tables + seat.table - 1) * b
            boards = range(first + 1, first + 1 + b)
        tables.append(Table(seat.table, seat.ns, seat.ew, boards, not again))
    return tables


def compares_a_board(chosen: str, pairs: int, rounds: int | None, boards_per_round: int) -> bool:
    """Whether a session of ``pairs`` pairs plays some board at two tables or more — a board
    that can be matchpointed (a board played at one table only scores 50 % for both sides,
    whatever happened).  ``chosen`` is the organiser's movement (empty: :func:`movement_kind`),
    ``rounds`` their limit (None: the movement's own), as :func:`schedule_for` applies them.

    False means the session ranks nobody: every pair ends at 50 %.  That is the case for a
    Howell of 4 or 5 pairs (every board set a pair would meet twice becomes spare boards, see
    :class:`Table`) and for any movement cut to a single round.  A Mitchell is built for its
    first two rounds only (its tables can run to tens of thousands): its board sets move to
    another table each round and at most one table sits out, so if two rounds compare nothing,
    more would not either.
    """
    kind = movement_kind(chosen, pairs)
    if kind == MovementKind.MITCHELL:
        tables = -(-pairs // 2)
        played = tables if rounds is None else min(rounds, tables)
        movement = movements.mitchell(pairs, min(played, 2), boards_per_round)
    else:
        movement = _movement(kind, pairs, None, boards_per_round)
        played = len(movement.rounds) if rounds is None else min(rounds, len(movement.rounds))
    tables_of_board: dict[int, int] = {}
    for number in range(1, min(played, len(movement.rounds)) + 1):
        for table in _tables_by_pair(movement, number):
            for board in table.boards if table.compared else ():
                tables_of_board[board] = tables_of_board.get(board, 0) + 1
                if tables_of_board[board] >= 2:
                    return True
    return False


def spare_base(movement: movements.Movement) -> int:
    """Boards above this number are spare boards (see :class:`Table`)."""
    return movement.board_sets * movement.boards_per_round


def compared(tournament: Tournament, board: int) -> bool:
    """Whether ``board`` is compared between tables (not a spare board)."""
    return board <= spare_base(movement_of(tournament))


def next_board(table: Table, pairings: Iterable[Pairing]) -> int | None:
    """The board this table plays next: None while one is being played or when all are done."""
    played = set()
    for p in pairings:
        if p.status in (PairingStatus.PLAYING, PairingStatus.REPLAY):
            return None
        played.add(p.deal_number)
    return next((b for b in table.boards if b not in played), None)


def board_deal(game: Game[Any], tournament: Tournament, board: int) -> Any:
    """The fixed deal of ``board``: the same at every table of the tournament."""
    assert game.deal_for is not None
    return game.deal_for(SEATS, tournament.seed, board)


def seat_holder(entry: Entry, seat: int) -> tuple[int | None, str, str]:
    """Who plays ``seat`` for the pair ``entry``: (user id, "", "") or (None, AI level, AI name:
    the name the pair's pages show, "" for a pair entered before robots had names)."""
    if seat < 2:
        return (entry.user_id, "", "") if entry.user_id else (None, entry.ai_level, entry.ai_name)
    if entry.partner_id and entry.partner_accepted:
        return entry.partner_id, "", ""
    return None, entry.partner_ai_level or entry.ai_level, entry.partner_ai_name


def given_up_by(p: Pairing) -> int | None:
    """The side (0: seats 0 and 2, 1: seats 1 and 3) that gave the board up, or None when it was
    played to its end."""
    if p.match is None or p.match.end_reason == EndReason.NORMAL or p.placings is None:
        return None
    if p.placings[0] == p.placings[1]:
        return None
    return 0 if p.placings[0] > p.placings[1] else 1


def side_figure(p: Pairing) -> int | None:
    """The board's figure for the side of seat 0: the game's score, or :data:`GIVEN_UP` against
    a side that gave it up; None when the board has no result to compare (not ended, a pair
    absent or withdrawn, an adjudication, replays exhausted)."""
    if p.status != PairingStatus.DONE or p.scores is None or p.absent or p.adjudicated:
        return None
    side = given_up_by(p)
    if side is not None:
        return -GIVEN_UP if side == 0 else GIVEN_UP
    return int(p.scores[0])


def results_of(tournament: Tournament, pairings: Iterable[Pairing]) -> movements.Results:
    """The side-of-seat-0 figure of every compared board with a result."""
    results: dict[tuple[int, int], dict[int, int]] = {}
    for p in pairings:
        figure = side_figure(p)
        if figure is None or p.deal_number is None or not compared(tournament, p.deal_number):
            continue
        results.setdefault((p.round.number, p.board), {})[p.deal_number] = figure
    return results


def session_of(tournament: Tournament) -> tuple[movements.SessionScore, dict[int, int]]:
    """The session's score so far and the pair number → entry id mapping."""
    pairings = Pairing.objects.filter(tournament=tournament).select_related("round", "match")
    score = movements.score_session(movement_of(tournament), results_of(tournament, pairings))
    return score, entry_of_pair(tournament)
