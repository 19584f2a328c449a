"""FIDE C.04.3 details the Dutch pairing follows exactly, each on a small hand-worked event."""

from __future__ import annotations

from matchmaking.dutch_sequential import first_best_with_bye
from matchmaking.dutch_weights import Layout
from matchmaking.standings import Bye, ByeKind, Game, Results
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


def _event(rounds: list[tuple[list[tuple[int, int, float]], int]]) -> Results:
    """Results of ``rounds``: each a list of (white, black, white's points) and the bye."""
    games, byes = [], []
    for number, (played, bye) in enumerate(rounds, start=1):
        for white, black, points in played:
            placings = (1, 2) if points == 1.0 else (1, 1) if points == 0.5 else (2, 1)
            games.append(Game(number, (white, black), placings))
        byes.append(Bye(number, bye, ByeKind.PAIRING, 1.0))
    return Results(range(1, 8), games, byes, rounds=len(rounds))


def test_the_bye_goes_to_whoever_the_last_bracket_leaves_over() -> None:
    """Seven players, four rounds, four byes given (to 7, 6, 1, 4).  Leader 2 (3.5) has met
    3, 5 and 6, and 1 after them, so they float from bracket to bracket: 3-1 pair at 3.0/2.5,
    5-6 at 2.0, and in the last bracket 4 and 7 (both had the bye, C2) pair, leaving 2 the bye.
    Choosing the bye first (the lowest ranked player who may have it, 5) kept 5 out of the 2.0
    bracket and floated 6 instead (py4swiss pairs it as here)."""
    results = _event(
        [
            ([(1, 4, 0.5), (5, 2, 0.5), (3, 6, 1.0)], 7),
            ([(7, 3, 0.0), (2, 1, 1.0), (4, 5, 0.0)], 6),
            ([(3, 2, 0.0), (5, 7, 0.5), (6, 4, 1.0)], 1),
            ([(2, 6, 1.0), (5, 3, 0.0), (1, 7, 1.0)], 4),
        ]
    )
    ratings = {1: 1719.0, 2: 1614.0, 3: 1571.0, 4: 1230.0, 5: 1221.0, 6: 0.0, 7: 0.0}
    pairing = pair_round(players_from_results(results, ratings), total_rounds=6)
    assert pairing.bye == 2
    assert sorted(boards(pairing)) == [(3, 1), (6, 5), (7, 4)]


def test_one_larger_score_difference_outweighs_any_number_of_smaller_ones() -> None:
    """C6 compares the score differences from the largest down: one difference of 2 points is
    worse than any number of 1.5-point ones in a bracket (squares would give 16 against 9 each,
    so two of the smaller ones would already weigh more)."""
    layout = Layout.for_spread(20)
    assert layout.difference(4) > 10_000 * layout.difference(3)
    assert layout.difference(3) > 10_000 * layout.difference(0)
    assert layout.c6 + layout.width <= layout.repeat  # C6 sits below repeats and pairs (C5)


def test_sequential_order_takes_the_first_transposition_among_the_best() -> None:
    """Five players, S1 = {0, 1}, S2 = {2, 3, 4}: with every pair worth the same, D.1's first
    transposition (0-2, 1-3, 4 left for the bye) wins; when 1-3 is worth less, 1 takes the next
    S2 player (0-2, 1-4, 3 left over); when 3 may not have the bye either, 0-2 cannot keep the
    best (1 would have to meet 3), so 0 takes 3 and 1 takes 2."""

    def flat(a: int, b: int) -> int | None:
        return 10

    def no_13(a: int, b: int) -> int | None:
        return 1 if (a, b) == (1, 3) else 10

    anyone = lambda a: True  # noqa: E731
    assert first_best_with_bye(5, 0, flat, anyone) == ([(0, 2), (1, 3)], 4)
    assert first_best_with_bye(5, 0, no_13, anyone) == ([(0, 2), (1, 4)], 3)
    assert first_best_with_bye(5, 0, no_13, lambda a: a != 3) == ([(0, 3), (1, 2)], 4)
