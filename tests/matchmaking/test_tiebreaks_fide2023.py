"""FIDE C.07 (2023) tie-breaks, hand-worked: unplayed rounds (article 16), WON, ARO, PS and KS.

Every expected figure is worked out in the comment above it; docs/tournaments.md repeats the
examples as the platform's promise.
"""

from __future__ import annotations

import pytest

from matchmaking.standings import (
    Bye,
    ByeKind,
    Game,
    Standing,
    Tiebreak,
    standings,
)

WIN, DRAW, LOSS = (1, 2), (1, 1), (2, 1)  # placings of (first seat, second seat)
BH, BH_C1, SB = Tiebreak.BUCHHOLZ, Tiebreak.BUCHHOLZ_CUT1, Tiebreak.SONNEBORN_BERGER


def by_player(result: list[Standing]) -> dict[int, tuple[int, float, tuple[float, ...]]]:
    return {s.player: (s.rank, s.score, s.tiebreaks) for s in result}


# Four players, three rounds.  R1: 1 beats 2, 3-4 drawn.  R2: 1-3 drawn, 2 beats 4.
# R3: 1-4, but 4 does not come (1 wins by forfeit); 3 beats 2.
# Scores: 1 2½, 3 2, 2 1, 4 ½.
FORFEIT_EVENT = [
    Game(1, (1, 2), WIN),
    Game(1, (3, 4), DRAW),
    Game(2, (1, 3), DRAW),
    Game(2, (2, 4), WIN),
    Game(3, (1, 4), WIN, absent=frozenset({4})),
    Game(3, (3, 2), WIN),
]


# --- article 16: unplayed rounds ------------------------------------------------------------------


def test_a_forfeit_loss_keeps_its_zero_in_the_opponents_buchholz_and_sonneborn_berger() -> None:
    # 4 forfeited the last round: a voluntarily unplayed round after its last played one, but a
    # paired round, so for its opponents 4 scored ½ + 0 + 0 = ½ (not ½ + 0 + ½).
    # BH of 2: 1 (2½) + 4 (½) + 3 (2) = 5.   BH of 3: 4 (½) + 1 (2½) + 2 (1) = 4.
    # SB of 2: 0 + 1 × ½ + 0 = ½.             SB of 3: ½ × ½ + ½ × 2½ + 1 × 1 = 2½.
    rows = by_player(standings([1, 2, 3, 4], FORFEIT_EVENT, tiebreaks=(BH, SB)))
    assert rows[2] == (3, 1.0, (5.0, 0.5))
    assert rows[3] == (2, 2.0, (4.0, 2.5))


def test_a_withdrawn_players_unpaired_rounds_count_as_draws_for_the_opponents() -> None:
    # The same event, but 4 withdrew before round 3 (not paired; 1 gets the pairing-allocated
    # bye instead of the forfeit win).  Now round 3 is a round the withdrawal took from 4's
    # opponents: it counts as a draw, and 4 scored ½ + 0 + ½ = 1 for them (16.3).
    # BH of 2: 2½ + 1 + 2 = 5½.   BH of 3: 1 + 2½ + 1 = 4½.
    # SB of 2: 0 + 1 × 1 + 0 = 1.   SB of 3: ½ × 1 + ½ × 2½ + 1 × 1 = 2¾.
    games = [g for g in FORFEIT_EVENT if g.round < 3] + [Game(3, (3, 2), WIN)]
    byes = [Bye(3, 1, ByeKind.PAIRING, 1.0)]
    rows = by_player(standings([1, 2, 3, 4], games, byes, rounds=3, tiebreaks=(BH, SB)))
    assert rows[2] == (3, 1.0, (5.5, 1.0))
    assert rows[3] == (2, 2.0, (4.5, 2.75))


def test_the_forfeiting_player_meets_a_dummy_opponent_with_his_own_score() -> None:
    # 4's own tie-breaks (16.4): the forfeited round is a game against a dummy opponent whose
    # score is 4's final score, ½, and whose result is the forfeit's 0.
    # BH of 4: 3 (2) + 2 (1) + dummy (½) = 3½; cut-1 drops the voluntarily unplayed round
    # first (14.6): 3.  SB of 4: ½ × 2 + 0 + 0 × ½ = 1.
    # And the forfeit winner: BH of 1: 2 (1) + 3 (2) + dummy (2½) = 5½; SB: 1 + 1 + 2½ = 4½.
    rows = by_player(standings([1, 2, 3, 4], FORFEIT_EVENT, tiebreaks=(BH, BH_C1, SB)))
    assert rows[4] == (4, 0.5, (3.5, 3.0, 1.0))
    assert rows[1] == (1, 2.5, (5.5, 4.5, 4.5))


# --- WON (7.2) ------------------------------------------------------------------------------------


def test_games_won_counts_only_wins_over_the_board() -> None:
    # 1 won round 1 at the board and round 3 by forfeit: WIN 2, WON 1.  A full-point pairing bye
    # is a win (WIN) but not a game won (WON): 5 has WIN 1, WON 0.
    byes = [Bye(1, 5, ByeKind.PAIRING, 1.0)]
    rows = by_player(
        standings(
            [1, 2, 3, 4, 5],
            FORFEIT_EVENT,
            byes,
            rounds=3,
            tiebreaks=(Tiebreak.WINS, Tiebreak.GAMES_WON),
        )
    )
    assert rows[1][2] == (2.0, 1.0)
    assert rows[3][2] == (1.0, 1.0)
    assert rows[5][2] == (1.0, 0.0)


# --- ARO (10.1) -----------------------------------------------------------------------------------

RATINGS = {1: 2000.0, 2: 1800.0, 3: 1701.0, 4: 1600.0}


def test_average_rating_of_opponents_leaves_out_forfeits_and_rounds_half_up() -> None:
    # 1 played 2 (1800) and 3 (1701); the forfeit against 4 had no opponent at the board:
    # (1800 + 1701) / 2 = 1750.5 → 1751.  2 played 1, 4, 3: 5301 / 3 = 1767.  3 played 4, 1, 2:
    # 5400 / 3 = 1800.  4 played 3 and 2: 1750.5 → 1751.
    rows = by_player(
        standings(
            [1, 2, 3, 4],
            FORFEIT_EVENT,
            tiebreaks=(Tiebreak.AVERAGE_RATING_OF_OPPONENTS,),
            ratings=RATINGS,
        )
    )
    assert {p: row[2] for p, row in rows.items()} == {
        1: (1751.0,),
        2: (1767.0,),
        3: (1800.0,),
        4: (1751.0,),
    }


def test_average_rating_of_opponents_weighs_every_round_the_same_at_multi_seat_tables() -> None:
    # R1: 1 at a table of three with 2 (1800) and 3 (1701): 1750.5.  R2: 1 beats 4 (1600).
    # ARO of 1: (1750.5 + 1600) / 2 = 1675.25 → 1675.
    games = [Game(1, (1, 2, 3), (1, 2, 3)), Game(2, (1, 4), WIN)]
    rows = by_player(
        standings(
            [1, 2, 3, 4],
            games,
            tiebreaks=(Tiebreak.AVERAGE_RATING_OF_OPPONENTS,),
            ratings=RATINGS,
        )
    )
    assert rows[1][2] == (1675.0,)


def test_average_rating_of_opponents_needs_the_ratings() -> None:
    with pytest.raises(ValueError, match="ARO tie-break needs the ratings"):
        standings([1, 2], [Game(1, (1, 2), WIN)], tiebreaks=(Tiebreak.AVERAGE_RATING_OF_OPPONENTS,))


# --- PS (7.5) -------------------------------------------------------------------------------------


def test_progressive_score_sums_the_running_score_after_each_round() -> None:
    # Running scores: 1: 1, 1½, 2½ → 5.  2: 0, 1, 1 → 2.  3: ½, 1, 2 → 3½.  4: ½, ½, ½ → 1½.
    rows = by_player(
        standings([1, 2, 3, 4], FORFEIT_EVENT, tiebreaks=(Tiebreak.PROGRESSIVE_SCORE,))
    )
    assert {p: row[2] for p, row in rows.items()} == {
        1: (5.0,),
        2: (2.0,),
        3: (3.5,),
        4: (1.5,),
    }


# --- KS (9.2) -------------------------------------------------------------------------------------


def test_koya_counts_the_points_against_opponents_with_half_the_maximum() -> None:
    # Round robin of four.  R1: 1 beats 2, 3-4 drawn.  R2: 1-3 drawn, 2 beats 4.  R3: 1-4
    # drawn, 2 beats 3.  Scores: 1 2, 2 2, 3 1, 4 1.  Maximum 3, so an opponent counts with
    # at least 1½: only 1 and 2.  KS: 1 → 1 (beat 2); 2 → 0 (lost to 1); 3 → ½ (drew 1);
    # 4 → ½ (drew 1).  So 1 ranks ahead of 2, and 3 and 4 stay tied.
    games = [
        Game(1, (1, 2), WIN),
        Game(1, (3, 4), DRAW),
        Game(2, (1, 3), DRAW),
        Game(2, (2, 4), WIN),
        Game(3, (1, 4), DRAW),
        Game(3, (2, 3), WIN),
    ]
    rows = by_player(standings([1, 2, 3, 4], games, tiebreaks=(Tiebreak.KOYA,), round_robin=True))
    assert rows == {
        1: (1, 2.0, (1.0,)),
        2: (2, 2.0, (0.0,)),
        3: (3, 1.0, (0.5,)),
        4: (3, 1.0, (0.5,)),
    }


def test_koya_in_an_odd_round_robin_counts_the_games_a_player_can_play() -> None:
    # Three players, three rounds, everyone sits out once: at most 2 points, so the Koya limit
    # is 1 (not 1½).  R1: 1 beats 2.  R2: 1-3 drawn.  R3: 2-3 drawn.  Scores: 1 1½, 3 1, 2 ½.
    # Qualifying: 1 and 3.  KS: 1 → ½ (drew 3); 2 → ½ (drew 3); 3 → ½ (drew 1).
    games = [Game(1, (1, 2), WIN), Game(2, (1, 3), DRAW), Game(3, (2, 3), DRAW)]
    byes = [
        Bye(1, 3, ByeKind.PAIRING, 0.0),
        Bye(2, 2, ByeKind.PAIRING, 0.0),
        Bye(3, 1, ByeKind.PAIRING, 0.0),
    ]
    rows = by_player(
        standings([1, 2, 3], games, byes, tiebreaks=(Tiebreak.KOYA,), round_robin=True)
    )
    assert {p: row[2] for p, row in rows.items()} == {1: (0.5,), 2: (0.5,), 3: (0.5,)}


# --- the order is the organiser's -----------------------------------------------------------------


def test_the_tiebreaks_apply_in_the_order_the_organiser_chose() -> None:
    # 1 and 2 both score 2.  1: won R1 at the board, lost R2, won R3 by forfeit — PS 1 + 1 + 2
    # = 4, WON 1.  2: lost R1, won R2 and R3 at the board — PS 0 + 1 + 2 = 3, WON 2.
    games = [
        Game(1, (1, 3), WIN),
        Game(1, (4, 2), WIN),
        Game(1, (5, 6), DRAW),
        Game(2, (4, 1), WIN),
        Game(2, (2, 5), WIN),
        Game(2, (3, 6), DRAW),
        Game(3, (1, 6), WIN, absent=frozenset({6})),
        Game(3, (2, 3), WIN),
        Game(3, (4, 5), DRAW),
    ]
    players = range(1, 7)
    progressive_first = standings(
        players, games, tiebreaks=(Tiebreak.PROGRESSIVE_SCORE, Tiebreak.GAMES_WON)
    )
    won_first = standings(
        players, games, tiebreaks=(Tiebreak.GAMES_WON, Tiebreak.PROGRESSIVE_SCORE)
    )
    assert [s.player for s in progressive_first[:3]] == [4, 1, 2]
    assert [s.player for s in won_first[:3]] == [4, 2, 1]
    assert by_player(progressive_first)[1][2] == (4.0, 1.0)
    assert by_player(won_first)[2][2] == (2.0, 3.0)
