"""FIDE C.04.3 details the Dutch pairing follows exactly, each on a small hand-worked event."""

from __future__ import annotations

from matchmaking.standings import Results
from matchmaking.swiss import SwissPairing, pair_round, players_from_results


def boards(pairing: SwissPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def test_pairing_numbers_are_fixed_for_the_event() -> None:
    """Player 1 misses round 1; the others keep their event numbers 2-5 (C.04.2.B), so the top
    board's higher-ranked player, number 2 (even), gets the opposite of the initial colour (E.5).
    Numbering only the players present would make them number 1 and give them white."""
    ratings = {p: 2000.0 - 10 * p for p in range(1, 6)}
    results = Results(ratings, [])
    players = players_from_results(results, ratings, entrants=[2, 3, 4, 5])
    assert [p.pairing_number for p in players] == [2, 3, 4, 5]
    assert boards(pair_round(players)) == [(4, 2), (3, 5)]


def test_players_without_numbers_are_numbered_by_rating() -> None:
    """Callers that build players by hand and give no numbers keep the old behaviour."""
    ratings = {p: 2000.0 - 10 * p for p in range(2, 6)}
    players = [p for p in players_from_results(Results(ratings, []), ratings)]
    bare = [type(p)(player_id=p.player_id, rating=p.rating) for p in players]
    assert boards(pair_round(bare)) == [(2, 4), (5, 3)]
