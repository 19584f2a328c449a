"""Arena: points and streaks from the list of finished games, pairing the pool, standings."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaking.arena import (
    ArenaGame,
    Waiting,
    arena_scores,
    arena_standings,
    pair_waiting,
)
from support.sizes import scaled

WIN, DRAW, LOSS = (1, 2), (1, 1), (2, 1)


def arena_game(a: int, b: int, placings: tuple[int, int]) -> ArenaGame:
    return ArenaGame((a, b), placings)


def test_two_points_a_win_one_a_draw() -> None:
    scores = arena_scores([arena_game(1, 2, WIN), arena_game(1, 3, DRAW), arena_game(2, 3, LOSS)])
    assert (scores[1].points, scores[2].points, scores[3].points) == (3.0, 0.0, 3.0)
    assert scores[1].wins == 1 and scores[1].games == 2


def test_two_wins_in_a_row_double_the_following_games() -> None:
    # Win, win (2 + 2), then on fire: win 4, draw 2 (the draw ends the streak), then win 2.
    games = [
        arena_game(1, 2, WIN),
        arena_game(1, 3, WIN),
        arena_game(1, 4, WIN),
        arena_game(1, 5, DRAW),
        arena_game(1, 6, WIN),
    ]
    scores = arena_scores(games)
    assert scores[1].points == 2 + 2 + 4 + 2 + 2
    assert scores[1].streak == 1 and not scores[1].on_fire


def test_a_loss_on_fire_scores_nothing_and_ends_the_streak() -> None:
    games = [
        arena_game(1, 2, WIN),
        arena_game(1, 3, WIN),
        arena_game(1, 4, LOSS),
        arena_game(1, 5, WIN),
        arena_game(1, 6, WIN),
    ]
    scores = arena_scores(games)
    assert scores[1].points == 2 + 2 + 0 + 2 + 2
    assert scores[1].on_fire  # two wins again: the next game counts double


def test_a_no_show_scores_nothing_and_loses_the_streak() -> None:
    games = [
        arena_game(1, 2, WIN),
        arena_game(1, 3, WIN),
        ArenaGame((1, 4), (1, 2), absent=frozenset({1})),
        arena_game(1, 5, WIN),
    ]
    scores = arena_scores(games)
    assert scores[1].points == 2 + 2 + 0 + 2
    assert scores[4].points == 2.0  # a win by forfeit: 4 was present, 1 was not


def test_multi_seat_arena_points_are_twice_the_placement_points() -> None:
    scores = arena_scores([ArenaGame((1, 2, 3, 4), (1, 2, 3, 4))])
    assert scores[1].points == 2.0 and scores[1].wins == 1
    assert scores[2].points == pytest.approx(4 / 3)
    assert scores[4].points == 0.0


def test_pairing_by_standing_skips_the_last_opponent() -> None:
    pool = [
        Waiting(1, 10, last_opponents=frozenset({2})),
        Waiting(2, 9, last_opponents=frozenset({1})),
        Waiting(3, 8),
        Waiting(4, 2),
    ]
    # 1's nearest is 2, its last opponent: it takes 3; 2 then takes 4.
    assert pair_waiting(pool) == [(1, 3), (2, 4)]


def test_a_player_without_a_fresh_partner_waits_for_the_next_pass() -> None:
    pool = [
        Waiting(1, 5, last_opponents=frozenset({2})),
        Waiting(2, 5, last_opponents=frozenset({1})),
    ]
    assert pair_waiting(pool) == []
    pool.append(Waiting(3, 0))
    assert pair_waiting(pool) == [(1, 3)]


def test_pairing_tables_of_three_avoid_last_table_mates() -> None:
    pool = [
        Waiting(1, 9, last_opponents=frozenset({2, 3})),
        Waiting(2, 8, last_opponents=frozenset({1, 3})),
        Waiting(3, 7, last_opponents=frozenset({1, 2})),
        Waiting(4, 6),
        Waiting(5, 5),
        Waiting(6, 4),
    ]
    # 1 skips its last table-mates 2 and 3 and sits with 4 and 5; 2 finds only 6 fresh (3 was
    # at its last table), so 2, 3 and 6 wait for the next pass.
    assert pair_waiting(pool, table_size=3) == [(1, 4, 5)]


def test_bad_pools_are_refused() -> None:
    with pytest.raises(ValueError):
        pair_waiting([Waiting(1, 0), Waiting(1, 0)])
    with pytest.raises(ValueError):
        pair_waiting([], table_size=1)


def test_arena_standings_points_then_performance() -> None:
    ratings = {1: 1500.0, 2: 1500.0, 3: 2000.0, 4: 1000.0}
    games = [arena_game(1, 3, WIN), arena_game(2, 4, WIN)]
    rows = arena_standings([1, 2, 3, 4], games, ratings)
    # 1 and 2 both have 2 points; 1 beat a 2000 (performance 2500), 2 a 1000 (1500).
    # 3 and 4 both lost to a 1500: performance 1000 each, so they share third place.
    assert [(s.player, s.rank, s.score, s.tiebreaks) for s in rows] == [
        (1, 1, 2.0, (2500.0,)),
        (2, 2, 2.0, (1500.0,)),
        (3, 3, 0.0, (1000.0,)),
        (4, 3, 0.0, (1000.0,)),
    ]


@settings(max_examples=scaled(200))
@given(seed=st.integers(min_value=0, max_value=10**6), size=st.integers(min_value=0, max_value=40))
def test_pairing_pass_promises(seed: int, size: int) -> None:
    """Each waiting player is seated at most once, never with a last opponent, the tables pair
    neighbours in the standing; and the result does not depend on the pool's order."""
    rng = random.Random(seed)
    pool = []
    for p in range(size):
        last = frozenset(rng.sample(range(size), k=min(size, rng.randint(0, 2))))
        pool.append(Waiting(p, float(rng.randint(0, 20)), float(rng.randint(1000, 2000)), last))
    tables = pair_waiting(pool)
    seated = [p for t in tables for p in t]
    assert len(seated) == len(set(seated))
    by_id = {w.player_id: w for w in pool}
    for a, b in tables:
        assert b not in by_id[a].last_opponents and a not in by_id[b].last_opponents
        assert by_id[a].points >= by_id[b].points
    shuffled = list(pool)
    rng.shuffle(shuffled)
    assert pair_waiting(shuffled) == tables
    # Without any last opponents everyone is seated but one of an odd pool, neighbours together.
    fresh = [Waiting(w.player_id, w.points, w.rating) for w in pool]
    plain = pair_waiting(fresh)
    assert len(plain) == len(pool) // 2
    order = sorted(fresh, key=lambda w: (-w.points, -w.rating, w.player_id))
    assert plain == [
        (order[k].player_id, order[k + 1].player_id) for k in range(0, 2 * len(plain), 2)
    ]


@settings(max_examples=scaled(100))
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_scores_are_replayed_game_by_game(seed: int) -> None:
    """Points equal the sum of each game's base points, doubled while on fire."""
    rng = random.Random(seed)
    games = [
        arena_game(rng.randint(1, 5), rng.randint(6, 9), rng.choice([WIN, DRAW, LOSS]))
        for _ in range(40)
    ]
    scores = arena_scores(games)
    for p, record in scores.items():
        total = 0.0
        streak = 0
        for g in games:
            if p not in g.players:
                continue
            i = g.players.index(p)
            base = {1: 2.0, 0: 0.0}.get(int(g.placings[i] < g.placings[1 - i]), 0.0)
            if g.placings[0] == g.placings[1]:
                base = 1.0
            total += base * (2 if streak >= 2 else 1)
            streak = streak + 1 if base == 2.0 else 0
        assert record.points == total
