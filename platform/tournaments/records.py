"""The stored results of a tournament as the pure math in ``matchmaking/`` reads them.

Pairings and byes become ``standings.Game`` / ``standings.Bye`` records (player ids are entry ids),
finished arena tables become ``arena.ArenaGame`` records in the order they ended, and knockout
tables become per-match game scores.  Services (pairing the next round) and selectors (standings,
crosstable, exports) both read through here, so both see the same results.
"""

from __future__ import annotations

from dataclasses import dataclass

from matchmaking import arena, standings

from .models import Bye, Entry, Pairing, PairingStatus, Tournament


@dataclass(frozen=True)
class Records:
    """Everything the standings need: entries (ids and ratings), games and byes."""

    entries: dict[int, Entry]
    games: list[standings.Game]
    byes: list[standings.Bye]
    rounds: int

    @property
    def ratings(self) -> dict[int, float]:
        return {pk: e.rating for pk, e in self.entries.items()}


def pairing_game(pairing: Pairing, round_number: int) -> standings.Game | None:
    """The standings record of a decided table (None while it is undecided or void)."""
    if pairing.status != PairingStatus.DONE or pairing.placings is None:
        return None
    return standings.Game(
        round=round_number,
        players=tuple(pairing.players),
        placings=tuple(pairing.placings),
        absent=frozenset(pairing.absent),
        points=tuple(pairing.points) if pairing.points else None,
    )


def records_of(tournament: Tournament, *, rounds: int | None = None) -> Records:
    """The decided results of rounds 1..``rounds`` (default: every round paired so far)."""
    upto = tournament.current_round if rounds is None else rounds
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    games = []
    for pairing in Pairing.objects.filter(
        tournament=tournament, round__number__lte=upto, status=PairingStatus.DONE
    ).select_related("round"):
        game = pairing_game(pairing, pairing.round.number)
        if game is not None:
            games.append(game)
    byes = [
        standings.Bye(
            round=b.round.number, player=b.entry_id, kind=standings.ByeKind(b.kind), points=b.points
        )
        for b in Bye.objects.filter(tournament=tournament, round__number__lte=upto).select_related(
            "round"
        )
    ]
    return Records(entries=entries, games=games, byes=byes, rounds=upto)


def results_of(records: Records) -> standings.Results:
    return standings.Results(records.entries, records.games, records.byes, records.rounds)


ArenaRow = tuple[list[int], str, list[int] | None, list[int]]
"""One arena table as :func:`arena_rows` reads it: players, status, placings, absent."""


def arena_rows(tournament: Tournament) -> list[ArenaRow]:
    """Every table of an arena, in the order they ended (those still playing last), as plain
    values: the pairing pass reads them once for everything it needs — who is busy, the scores,
    last opponents, first seats — since a 2,000-player arena has thousands of tables after a few
    minutes and the pass runs every two seconds."""
    return list(
        Pairing.objects.filter(tournament=tournament)
        .order_by("ended_at", "pk")
        .values_list("players", "status", "placings", "absent")
    )


def arena_games(
    tournament: Tournament, rows: list[ArenaRow] | None = None
) -> list[arena.ArenaGame]:
    """Finished arena tables in the order they ended (streaks depend on that order); from
    ``rows`` (:func:`arena_rows`) when the caller has read them already."""
    return [
        arena.ArenaGame(players=tuple(players), placings=tuple(placings), absent=frozenset(absent))
        for players, status, placings, absent in (arena_rows(tournament) if rows is None else rows)
        if status == PairingStatus.DONE and placings is not None
    ]


def game_points(pairing: Pairing) -> tuple[float, ...]:
    """Each seat's points of one decided table (1 / ½ / 0 for two seats, placement points)."""
    game = pairing_game(pairing, 1)
    assert game is not None
    return game.seat_points()
