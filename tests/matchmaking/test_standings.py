"""Standings: hand-computed tie-breaks (FIDE C.07, 2023/2024), the crosstable, and purity."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from matchmaking.standings import (
    ROUND_ROBIN_TIEBREAKS,
    Bye,
    ByeKind,
    Game,
    Results,
    Standing,
    Tiebreak,
    crosstable,
    performance,
    placement_points,
    standings,
)
from support.sizes import scaled

WIN, DRAW, LOSS = (1, 2), (1, 1), (2, 1)  # placings of (first seat, second seat)
ALL = (
    Tiebreak.BUCHHOLZ,
    Tiebreak.BUCHHOLZ_CUT1,
    Tiebreak.SONNEBORN_BERGER,
    Tiebreak.DIRECT_ENCOUNTER,
    Tiebreak.WINS,
)


def by_player(result: list[Standing]) -> dict[int, tuple[int, float, tuple[float, ...]]]:
    return {s.player: (s.rank, s.score, s.tiebreaks) for s in result}


# --- points ---------------------------------------------------------------------------------------


def test_placement_points_generalise_one_half_zero() -> None:
    assert placement_points((1, 2)) == (1.0, 0.0)
    assert placement_points((1, 1)) == (0.5, 0.5)
    assert placement_points((1, 2, 3, 4)) == pytest.approx((1.0, 2 / 3, 1 / 3, 0.0))
    # A tie for second at a table of four: each beat one and tied one of three opponents.
    assert placement_points((1, 2, 2, 4)) == pytest.approx((1.0, 0.5, 0.5, 0.0))
    assert placement_points((2, 1, 3)) == (0.5, 1.0, 0.0)


def test_an_absent_player_scores_nothing_and_the_present_one_wins_by_forfeit() -> None:
    game = Game(1, (1, 2), (2, 1), absent=frozenset({2}))
    assert not game.played
    assert game.seat_points() == (1.0, 0.0)
    results = Results([1, 2], [game])
    assert results.history(1)[0].kind == "forfeit-win"
    assert results.history(2)[0].kind == "forfeit-loss"


def test_matchpoints_hook_replaces_placement_points() -> None:
    game = Game(1, (1, 2, 3, 4), (1, 2, 3, 4), points=(0.75, 0.5, 0.5, 0.25))
    assert Results([1, 2, 3, 4], [game]).scores() == {1: 0.75, 2: 0.5, 3: 0.5, 4: 0.25}


# --- worked examples ------------------------------------------------------------------------------


def four_player_swiss() -> list[Game]:
    """R1: 1-2 1-0, 3-4 ½-½; R2: 1-3 ½-½, 2-4 1-0; R3: 1-4 1-0, 2-3 0-1.
    Scores: 1 2½, 3 2, 2 1, 4 ½."""
    return [
        Game(1, (1, 2), WIN),
        Game(1, (3, 4), DRAW),
        Game(2, (1, 3), DRAW),
        Game(2, (2, 4), WIN),
        Game(3, (1, 4), WIN),
        Game(3, (2, 3), LOSS),
    ]


def test_buchholz_cut1_and_sonneborn_berger_by_hand() -> None:
    # BH: 1 = 1 + 2 + ½ = 3½; 2 = 2½ + ½ + 2 = 5; 3 = ½ + 2½ + 1 = 4; 4 = 2 + 1 + 2½ = 5½.
    # Cut-1 drops each player's lowest: 3, 4½, 3½, 4½.
    # SB: 1 = 1·1 + ½·2 + 1·½ = 2½; 2 = 1·½ = ½; 3 = ½·½ + ½·2½ + 1·1 = 2½; 4 = ½·2 = 1.
    rows = by_player(standings([1, 2, 3, 4], four_player_swiss(), tiebreaks=ALL))
    assert rows[1] == (1, 2.5, (3.5, 3.0, 2.5, 0.0, 2.0))
    assert rows[3] == (2, 2.0, (4.0, 3.5, 2.5, 0.0, 1.0))
    assert rows[2] == (3, 1.0, (5.0, 4.5, 0.5, 0.0, 1.0))
    assert rows[4] == (4, 0.5, (5.5, 4.5, 1.0, 0.0, 0.0))


def test_round_robin_direct_encounter_breaks_ties_first() -> None:
    # Four players: 1-2 1-0, 1-3 0-1, 1-4 0-1, 2-3 1-0, 2-4 1-0, 3-4 0-1.
    # Scores: 2 and 4 have 2, 1 and 3 have 1.  2 beat 4 and 3 beat 1, so DE orders 2, 4, 3, 1.
    games = [
        Game(1, (1, 2), WIN),
        Game(1, (3, 4), LOSS),
        Game(2, (1, 3), LOSS),
        Game(2, (2, 4), WIN),
        Game(3, (1, 4), LOSS),
        Game(3, (2, 3), WIN),
    ]
    rows = standings([1, 2, 3, 4], games, tiebreaks=ROUND_ROBIN_TIEBREAKS, round_robin=True)
    assert [(s.player, s.rank) for s in rows] == [(2, 1), (4, 2), (3, 3), (1, 4)]
    assert rows[0].tiebreaks[0] == 1.0 and rows[1].tiebreaks[0] == 0.0


def test_direct_encounter_when_not_all_tied_players_met() -> None:
    # Swiss, 1, 2 and 3 finish on 2 points.  1 beat both 2 and 3 (then lost to 4); 2 and 3 never
    # met.  DE points among the three: 1 has 2; 2 and 3 have 0 with one game against the group
    # unplayed, so at most 1: nobody can catch 1, who goes first (6.2).  2 and 3 did not meet:
    # DE cannot separate them.
    games = [
        Game(1, (1, 2), WIN),
        Game(1, (3, 7), WIN),
        Game(1, (4, 5), WIN),
        Game(1, (6, 8), WIN),
        Game(2, (1, 3), WIN),
        Game(2, (2, 5), WIN),
        Game(2, (4, 6), WIN),
        Game(2, (7, 8), WIN),
        Game(3, (4, 1), WIN),
        Game(3, (2, 6), WIN),
        Game(3, (3, 8), WIN),
        Game(3, (5, 7), WIN),
    ]
    rows = standings(range(1, 9), games, tiebreaks=(Tiebreak.DIRECT_ENCOUNTER,))
    rank = {s.player: s.rank for s in rows}
    points = {s.player: s.tiebreaks[0] for s in rows}
    assert rank[4] == 1
    assert rank[1] == 2 and rank[2] == rank[3] == 3
    assert points[1] == 2.0 and points[2] == points[3] == 0.0


def test_direct_encounter_separates_only_a_player_nobody_could_catch() -> None:
    # 1, 2 and 3 finish on 1 point.  1 beat 2; 3 met neither: 1 has 1 DE point, but 3, with two
    # games against the group unplayed, could have reached 2.  No split.
    games = [
        Game(1, (1, 2), WIN),
        Game(1, (3, 4), WIN),
        Game(2, (1, 5), LOSS),
        Game(2, (2, 4), WIN),
        Game(2, (3, 6), LOSS),
    ]
    rows = standings(range(1, 7), games, tiebreaks=(Tiebreak.DIRECT_ENCOUNTER,))
    rank = {s.player: s.rank for s in rows}
    assert rank[1] == rank[2] == rank[3]


def test_unplayed_rounds_dummy_opponent_withdrawal_and_cut1() -> None:
    # R1: 1-2 1-0, 3-4 ½-½.  R2: 2-3 1-0, 4 bye (1 point), 1 absent.  R3: 2-4 0-1, 3 bye, 1
    # absent (withdrawn).  Scores: 4 2½, 3 1½, 1 1, 2 1.
    # Adjusted scores (16.3): 1 withdrew after round 1, so its two trailing voluntary unplayed
    # rounds count as draws: 1 + ½ + ½ = 2.  The byes are pairing-allocated: not voluntary.
    # BH of 2: 2 + 1½ + 2½ = 6; cut-1 removes the lowest, 1½: 4½.
    # BH of 1: 1 (2's score) + two dummy opponents of 1's own score (16.4) = 3; cut-1 removes a
    # voluntarily unplayed round first (14.6): 2.
    # SB of 1: 1·1 + dummy·0 + dummy·0 = 1.  SB of 3: ½·2½ + 0 + 1½·1 (bye: dummy × 1) = 2¾.
    games = [
        Game(1, (1, 2), WIN),
        Game(1, (3, 4), DRAW),
        Game(2, (2, 3), WIN),
        Game(3, (2, 4), LOSS),
    ]
    byes = [Bye(2, 4, ByeKind.PAIRING, 1.0), Bye(3, 3, ByeKind.PAIRING, 1.0)]
    tiebreaks = (
        Tiebreak.BUCHHOLZ,
        Tiebreak.BUCHHOLZ_CUT1,
        Tiebreak.SONNEBORN_BERGER,
        Tiebreak.WINS,
    )
    rows = by_player(standings([1, 2, 3, 4], games, byes, rounds=3, tiebreaks=tiebreaks))
    assert rows[4] == (1, 2.5, (5.0, 4.0, 4.25, 2.0))
    assert rows[3] == (2, 1.5, (5.0, 4.0, 2.75, 1.0))
    assert rows[2] == (3, 1.0, (6.0, 4.5, 1.5, 1.0))
    assert rows[1] == (4, 1.0, (3.0, 2.0, 1.0, 1.0))


def test_round_robin_counts_unplayed_rounds_as_nothing() -> None:
    games = [Game(1, (1, 2), WIN), Game(2, (1, 3), WIN), Game(3, (2, 3), DRAW)]
    byes = [Bye(1, 3, ByeKind.PAIRING, 0.0), Bye(2, 2, ByeKind.PAIRING, 0.0)]
    byes.append(Bye(3, 1, ByeKind.PAIRING, 0.0))
    rows = by_player(
        standings(
            [1, 2, 3],
            games,
            byes,
            tiebreaks=(Tiebreak.BUCHHOLZ, Tiebreak.SONNEBORN_BERGER),
            round_robin=True,
        )
    )
    # 1: opponents 2 (½) and 3 (½): BH 1, SB 1; the bye adds nothing.
    assert rows[1] == (1, 2.0, (1.0, 1.0))


def test_players_tied_on_everything_share_a_rank() -> None:
    # Three players, each with one pairing-allocated bye: 1 beat 2, 1-3 drawn, 3 beat 2.
    games = [Game(1, (1, 2), WIN), Game(2, (3, 1), DRAW), Game(3, (2, 3), LOSS)]
    byes = [
        Bye(1, 3, ByeKind.PAIRING, 1.0),
        Bye(2, 2, ByeKind.PAIRING, 1.0),
        Bye(3, 1, ByeKind.PAIRING, 1.0),
    ]
    rows = standings([1, 2, 3], games, byes)
    assert [(s.player, s.rank, s.score) for s in rows] == [(1, 1, 2.5), (3, 1, 2.5), (2, 3, 1.0)]


def test_multi_seat_buchholz_is_the_mean_of_the_table_per_round() -> None:
    # Two rounds of four-player tables; placement points 1, ⅔, ⅓, 0.
    games = [
        Game(1, (1, 2, 3, 4), (1, 2, 3, 4)),
        Game(2, (4, 3, 2, 1), (1, 2, 3, 4)),
    ]
    results = Results([1, 2, 3, 4], games)
    assert results.scores() == pytest.approx({1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0})
    rows = standings([1, 2, 3, 4], games, tiebreaks=(Tiebreak.BUCHHOLZ, Tiebreak.WINS))
    # Everyone's opponents average 1 point in each round: BH 2.  Wins: 1 and 4 won a table.
    assert {s.player: s.tiebreaks for s in rows} == {
        1: (2.0, 1.0),
        2: (2.0, 0.0),
        3: (2.0, 0.0),
        4: (2.0, 1.0),
    }


def test_performance_is_opponent_rating_plus_or_minus_500() -> None:
    games = [Game(1, (1, 2), WIN), Game(2, (3, 1), WIN), Game(3, (1, 4), DRAW)]
    ratings = {1: 1500.0, 2: 1600.0, 3: 1400.0, 4: 1700.0}
    results = Results([1, 2, 3, 4], games)
    # (1600 + 500) + (1400 - 500) + 1700, over three games
    assert performance(results, 1, ratings) == pytest.approx((2100 + 900 + 1700) / 3)
    rows = standings([1, 2, 3, 4], games, tiebreaks=(Tiebreak.PERFORMANCE,), ratings=ratings)
    assert rows[0].player == 1


def test_performance_needs_ratings() -> None:
    with pytest.raises(ValueError):
        standings([1, 2], [Game(1, (1, 2), WIN)], tiebreaks=(Tiebreak.PERFORMANCE,))


# --- crosstable -----------------------------------------------------------------------------------


def test_crosstable_rows_entries_and_round_robin_cells() -> None:
    games = four_player_swiss()
    table = crosstable([1, 2, 3, 4], games, tiebreaks=(Tiebreak.BUCHHOLZ_CUT1,))
    assert [row.standing.player for row in table.rows] == [1, 3, 2, 4]
    first = table.row(1)
    assert [(e.round, e.kind, e.opponents, e.seat, e.points) for e in first.entries] == [
        (1, "played", (2,), 0, 1.0),
        (2, "played", (3,), 0, 0.5),
        (3, "played", (4,), 0, 1.0),
    ]
    assert table.between(1, 3) == (0.5,)
    assert table.between(3, 2) == (1.0,)
    with pytest.raises(KeyError):
        table.row(99)


def test_crosstable_marks_byes_forfeits_and_missing_rounds() -> None:
    games = [Game(1, (1, 2), LOSS, absent=frozenset({1}))]
    byes = [Bye(1, 3, ByeKind.HALF, 0.5)]
    table = crosstable([1, 2, 3, 4], games, byes)
    kinds = {row.standing.player: row.entries[0].kind for row in table.rows}
    assert kinds == {1: "forfeit-loss", 2: "forfeit-win", 3: "half-bye", 4: "zero-bye"}


# --- bad input ------------------------------------------------------------------------------------


def test_results_refuse_inconsistent_records() -> None:
    with pytest.raises(ValueError):
        Results([1, 2, 3], [Game(1, (1, 2), WIN), Game(1, (2, 3), WIN)])
    with pytest.raises(ValueError):
        Results([1, 2], [Game(1, (1, 3), WIN)])
    with pytest.raises(ValueError):
        Results([1, 2], [Game(1, (1, 2), WIN)], [Bye(1, 1, ByeKind.ZERO)])
    with pytest.raises(ValueError):
        Results([1, 2], [Game(2, (1, 2), WIN)], rounds=1)
    with pytest.raises(ValueError):
        Game(1, (1, 1), WIN)
    with pytest.raises(ValueError):
        Game(1, (1, 2), (1,))
    with pytest.raises(ValueError):
        Game(0, (1, 2), WIN)
    with pytest.raises(ValueError):
        Game(1, (1, 2), WIN, absent=frozenset({3}))


# --- purity ---------------------------------------------------------------------------------------


@st.composite
def events(draw: st.DrawFn) -> tuple[list[int], list[Game], list[Bye], int]:
    """Random results: each round the players are shuffled into tables of 2-4 (or a bye)."""
    count = draw(st.integers(min_value=2, max_value=10))
    rounds = draw(st.integers(min_value=1, max_value=5))
    players = list(range(1, count + 1))
    rng = random.Random(draw(st.integers(min_value=0, max_value=10**6)))
    seats = draw(st.sampled_from([2, 2, 3, 4]))
    games: list[Game] = []
    byes: list[Bye] = []
    for r in range(1, rounds + 1):
        order = list(players)
        rng.shuffle(order)
        while len(order) >= 2:
            size = min(seats, len(order))
            table, order = order[:size], order[size:]
            placings = tuple(rng.randint(1, size) for _ in table)
            absent = frozenset(p for p in table if rng.random() < 0.1)
            games.append(Game(r, tuple(table), placings, absent))
        for p in order:
            if rng.random() < 0.8:
                kind = rng.choice(list(ByeKind))
                byes.append(Bye(r, p, kind, {"pairing-bye": 1.0, "full-bye": 1.0}.get(kind, 0.5)))
    return players, games, byes, rounds


DE_LEAVES_A_TIE = (
    list(range(1, 10)),
    [
        Game(1, (1, 5), LOSS),
        Game(1, (3, 8), WIN),
        Game(1, (2, 7), WIN),
        Game(1, (6, 9), LOSS),
        Game(2, (9, 5), DRAW),
        Game(2, (1, 7), DRAW),
        Game(2, (3, 2), DRAW),
        Game(2, (4, 8), (2, 2), frozenset({8})),
    ],
    [Bye(1, 4, ByeKind.ZERO, 0.5), Bye(2, 6, ByeKind.HALF, 0.5)],
    2,
)
"""Found by a loaded run: 2 and 5 share third place with direct-encounter points 0 and ½."""


@settings(max_examples=scaled(300))
@given(event=events(), seed=st.integers(min_value=0, max_value=10**6))
@example(event=DE_LEAVES_A_TIE, seed=0)
def test_standings_are_a_pure_function_of_the_results(
    event: tuple[list[int], list[Game], list[Bye], int], seed: int
) -> None:
    """The same results in any order give the same standings and crosstable."""
    players, games, byes, rounds = event
    rng = random.Random(seed)
    ratings = {p: 1500.0 + 37 * p for p in players}
    everything = (
        *ALL,
        Tiebreak.PERFORMANCE,
        Tiebreak.GAMES_WON,
        Tiebreak.AVERAGE_RATING_OF_OPPONENTS,
        Tiebreak.PROGRESSIVE_SCORE,
        Tiebreak.KOYA,
    )
    expected = crosstable(
        players, games, byes, rounds=rounds, tiebreaks=everything, ratings=ratings
    )
    for _ in range(3):
        shuffled = (list(players), list(games), list(byes))
        for part in shuffled:
            rng.shuffle(part)
        again = crosstable(*shuffled, rounds=rounds, tiebreaks=everything, ratings=ratings)
        assert again == expected
    # Ranks are 1-based, non-decreasing, and shared only by lines equal in score and in every
    # tie-break but the direct encounter: its points may differ inside a group whose players did
    # not all meet, which it leaves tied unless one of them could not be caught (C.07 6.2, as in
    # test_direct_encounter_separates_only_a_player_nobody_could_catch; a loaded run's example:
    # 2, 5 and 9 tied on 1½ with 9 and 5 drawn and 2 unmet, 9 then split off by performance).
    de = everything.index(Tiebreak.DIRECT_ENCOUNTER)
    rows = [row.standing for row in expected.rows]
    assert rows[0].rank == 1
    for a, b in zip(rows, rows[1:], strict=False):
        assert a.rank <= b.rank
        if a.rank == b.rank:
            assert a.score == b.score
            assert (
                a.tiebreaks[:de] + a.tiebreaks[de + 1 :] == b.tiebreaks[:de] + b.tiebreaks[de + 1 :]
            )
    # Points: every table hands out exactly its seats' placement points.
    results = Results(players, games, byes, rounds)
    assert sum(results.scores().values()) == pytest.approx(
        sum(sum(g.seat_points()) for g in games) + sum(b.points for b in byes)
    )
