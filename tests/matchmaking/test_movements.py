"""Bridge pairs movements (Mitchell, Howell) and the scoring of a pairs session."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge.duplicate import matchpoints
from matchmaking.movements import (
    Movement,
    _repeats,
    _starter_and_adder,
    _starters,
    howell,
    mitchell,
    rank,
    score_session,
)
from support.sizes import examples

MITCHELL_FIELDS = range(4, 31)
HOWELL_FIELDS = range(4, 17)


def tables_of(pairs: int) -> int:
    return -(-pairs // 2)


def where(movement: Movement) -> dict[int, list[tuple[int, str, int]]]:
    """Per pair, its (table, direction, board set) in each round it plays."""
    seen: dict[int, list[tuple[int, str, int]]] = defaultdict(list)
    for tables in movement.rounds:
        for s in tables:
            if s.ns is not None and s.ew is not None:
                seen[s.ns].append((s.table, "NS", s.board_set))
                seen[s.ew].append((s.table, "EW", s.board_set))
    return seen


def opponents(movement: Movement) -> Counter[frozenset[int]]:
    return Counter(
        frozenset((s.ns, s.ew))
        for tables in movement.rounds
        for s in tables
        if s.ns is not None and s.ew is not None
    )


def random_results(
    movement: Movement, rng: random.Random, missing: float = 0.0
) -> dict[tuple[int, int], dict[int, int]]:
    results: dict[tuple[int, int], dict[int, int]] = {}
    for r, tables in enumerate(movement.rounds, start=1):
        for s in tables:
            if s.ns is None or s.ew is None:
                continue
            boards = {
                b: 10 * rng.randint(-50, 50)
                for b in movement.boards(s.board_set)
                if rng.random() >= missing
            }
            results[(r, s.table)] = boards
    return results


# --- Mitchell ------------------------------------------------------------------------------------


def test_mitchell_north_south_pairs_stay_at_their_table() -> None:
    for n in MITCHELL_FIELDS:
        for tables in mitchell(n).rounds:
            assert [s.ns for s in tables] == list(range(1, tables_of(n) + 1))


def test_mitchell_east_west_pairs_move_up_one_table_a_round_and_skip_once_on_even_tables() -> None:
    for n in MITCHELL_FIELDS:
        t = tables_of(n)
        movement = mitchell(n)
        assert movement.skip_before == (t // 2 + 1 if t % 2 == 0 else None)
        table_of = [{s.ew: s.table for s in tables} for tables in movement.rounds]
        for r in range(1, len(table_of)):
            step = 2 if r + 1 == movement.skip_before else 1
            for pair, table in table_of[r - 1].items():
                assert table_of[r][pair] == (table - 1 + step) % t + 1


def test_mitchell_board_sets_move_down_one_table_each_round() -> None:
    for n in MITCHELL_FIELDS:
        t = tables_of(n)
        movement = mitchell(n)
        assert [s.board_set for s in movement.rounds[0]] == list(range(1, t + 1))
        for before, after in zip(movement.rounds, movement.rounds[1:], strict=False):
            table_of = {s.board_set: s.table for s in after}
            for s in before:
                assert table_of[s.board_set] == (s.table - 2) % t + 1


def test_mitchell_every_board_set_is_at_exactly_one_table_each_round() -> None:
    for n in MITCHELL_FIELDS:
        movement = mitchell(n)
        assert movement.board_sets == movement.tables == tables_of(n)
        for tables in movement.rounds:
            assert sorted(s.board_set for s in tables) == list(range(1, movement.board_sets + 1))


@pytest.mark.parametrize("n", MITCHELL_FIELDS)
def test_mitchell_no_pair_plays_a_board_set_twice(n: int) -> None:
    movement = mitchell(n)
    seen = where(movement)
    assert set(seen) == set(range(1, n + 1))
    for pair, visits in seen.items():
        sets = [board_set for _, _, board_set in visits]
        assert len(sets) == len(set(sets)), pair
        # a full Mitchell: every pair plays every set, except the rounds it sits out
        assert len(sets) == tables_of(n) - movement.sit_outs().count(pair)


@pytest.mark.parametrize("n", MITCHELL_FIELDS)
def test_mitchell_shorter_sessions_still_repeat_no_board_set(n: int) -> None:
    for rounds in range(1, tables_of(n) + 1):
        for visits in where(mitchell(n, rounds=rounds)).values():
            sets = [board_set for _, _, board_set in visits]
            assert len(sets) == len(set(sets))


def test_mitchell_opponents_repeat_only_in_the_last_round_of_a_full_even_table_skip() -> None:
    for n in MITCHELL_FIELDS:
        t = tables_of(n)
        full = opponents(mitchell(n))
        if t % 2:
            assert max(full.values()) == 1
        else:
            # the skip brings each EW pair back to its round-1 opponent in round T (documented)
            assert {pair for pair, c in full.items() if c == 2} == {
                frozenset((s.ns, s.ew)) for s in mitchell(n).rounds[0] if None not in (s.ns, s.ew)
            }
            assert max(opponents(mitchell(n, rounds=t - 1)).values()) == 1


def test_mitchell_ns_meet_only_ew_pairs() -> None:
    for n in MITCHELL_FIELDS:
        t = tables_of(n)
        for tables in mitchell(n).rounds:
            for s in tables:
                assert s.ns is not None and s.ns <= t
                assert s.ew is None or t < s.ew <= n


def test_mitchell_sit_outs_rotate_among_north_south_pairs() -> None:
    for n in MITCHELL_FIELDS:
        t = tables_of(n)
        idle = mitchell(n).sit_outs()
        if n % 2 == 0:
            assert set(idle) == {None}
            continue
        assert all(p is not None and p <= t for p in idle)
        if t % 2:
            assert sorted(p for p in idle if p is not None) == list(range(1, t + 1))
        else:
            # the skip's repeat meeting (documented): the round-1 sit-out sits out again last
            assert len(set(idle[:-1])) == t - 1 and idle[-1] == idle[0]
            assert mitchell(n, rounds=t - 1).sit_outs() == idle[:-1]


def test_mitchell_board_numbers_follow_the_sets() -> None:
    movement = mitchell(10, boards_per_round=3)
    assert list(movement.boards(1)) == [1, 2, 3]
    assert list(movement.boards(5)) == [13, 14, 15]
    with pytest.raises(ValueError):
        movement.boards(6)


def test_movements_reject_bad_sizes() -> None:
    with pytest.raises(ValueError):
        mitchell(3)
    with pytest.raises(ValueError):
        mitchell(8, rounds=5)
    with pytest.raises(ValueError):
        mitchell(8, rounds=0)
    with pytest.raises(ValueError):
        mitchell(8, boards_per_round=0)
    with pytest.raises(ValueError):
        howell(17)
    with pytest.raises(ValueError):
        howell(8, rounds=8)


# --- Howell --------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", HOWELL_FIELDS)
def test_howell_every_pair_meets_every_other_pair_exactly_once(n: int) -> None:
    movement = howell(n)
    assert len(movement.rounds) == n - 1 + n % 2
    met = opponents(movement)
    assert set(met.values()) == {1}
    assert set(met) == {frozenset((a, b)) for a in range(1, n + 1) for b in range(a + 1, n + 1)}


@pytest.mark.parametrize("n", HOWELL_FIELDS)
def test_howell_every_pair_plays_once_per_round_and_each_board_set_at_most_once_per_round(
    n: int,
) -> None:
    movement = howell(n)
    for tables, idle in zip(movement.rounds, movement.sit_outs(), strict=True):
        at_play = [s for s in tables if s.ns is not None and s.ew is not None]
        seated = sorted(p for s in at_play for p in (s.ns, s.ew) if p is not None)
        assert seated == [p for p in range(1, n + 1) if p != idle]
        sets = [s.board_set for s in tables]
        assert len(sets) == len(set(sets))
        assert all(1 <= b <= movement.board_sets for b in sets)


@pytest.mark.parametrize("n", range(7, 17))
def test_howell_no_pair_plays_a_board_set_twice_from_seven_pairs(n: int) -> None:
    movement = howell(n)
    for visits in where(movement).values():
        sets = [board_set for _, _, board_set in visits]
        assert len(sets) == len(set(sets))
        assert len(sets) == movement.board_sets - n % 2  # every set, but while sitting out


@pytest.mark.parametrize("n", [4, 5, 6])
def test_howell_below_seven_pairs_each_moving_pair_repeats_exactly_one_board_set(n: int) -> None:
    # Room squares of side 3 and 5 do not exist; no cyclic starter has a complete adder.
    q = n + n % 2 - 1
    assert all(_repeats_min(q, starter) > 0 for starter in _starters(q))
    starter, adder = _starter_and_adder(q)
    assert _repeats(q, starter, adder) == 1
    movement = howell(n)
    for pair, visits in where(movement).items():
        counts = Counter(board_set for _, _, board_set in visits)
        repeats = sum(c - 1 for c in counts.values())
        if pair == n and n % 2 == 0:  # pair m plays set r in round r: every set once
            assert repeats == 0
        elif n % 2 == 0:
            assert repeats == 1
        else:  # five pairs: the repeat may fall on the sit-out
            assert repeats <= 1


def _repeats_min(q: int, starter: tuple[tuple[int, int], ...]) -> int:
    return min(_repeats(q, starter, a) for a in permutations(range(1, q), len(starter)))


@pytest.mark.parametrize("n", HOWELL_FIELDS)
def test_howell_directions_alternate_as_evenly_as_possible(n: int) -> None:
    for visits in where(howell(n)).values():
        directions = Counter(d for _, d, _ in visits)
        assert abs(directions["NS"] - directions["EW"]) <= 1


@pytest.mark.parametrize("n", [5, 7, 9, 11, 13, 15])
def test_howell_sit_outs_rotate_through_the_field(n: int) -> None:
    idle = howell(n).sit_outs()
    assert sorted(p for p in idle if p is not None) == list(range(1, n + 1))


def test_howell_each_tables_board_set_advances_by_one_each_round() -> None:
    movement = howell(12)
    q = movement.board_sets
    for before, after in zip(movement.rounds, movement.rounds[1:], strict=False):
        for a, b in zip(before, after, strict=True):
            assert b.board_set == a.board_set % q + 1


# --- scoring -------------------------------------------------------------------------------------


def test_matchpoints_per_board_sum_to_n_times_n_minus_one() -> None:
    rng = random.Random(7)
    for movement in (mitchell(11), mitchell(12), howell(10), howell(9)):
        session = score_session(movement, random_results(movement, rng))
        for lines in session.travellers.values():
            n = len(lines)
            assert sum(line.ns_matchpoints for line in lines) == n * (n - 1)
            assert sum(line.ew_matchpoints for line in lines) == n * (n - 1)
            assert [line.ns_matchpoints for line in lines] == matchpoints(
                [line.score for line in lines]
            )
            assert all(line.ns_matchpoints + line.ew_matchpoints == 2 * (n - 1) for line in lines)


def test_a_pair_beating_every_other_result_on_every_board_gets_100_percent() -> None:
    rng = random.Random(3)
    for movement in (mitchell(9), howell(8), howell(7)):
        results = random_results(movement, rng)
        star = 1
        for (r, table), boards in results.items():
            s = movement.seating(r, table)
            if star in (s.ns, s.ew):
                sign = 1 if s.ns == star else -1
                for board in boards:
                    boards[board] = sign * 5000
        session = score_session(movement, results)
        best = session.ranking[0]
        assert (best.pair, best.place, best.percentage) == (star, 1, 100.0)
        assert best.matchpoints == best.top
        assert best.cross_imps > 0


def test_boards_played_once_score_the_average() -> None:
    movement = mitchell(8, boards_per_round=1)
    session = score_session(movement, {(1, 1): {1: 420}})
    (line,) = session.travellers[1]
    assert (line.ns_matchpoints, line.ew_matchpoints, line.ns_cross_imps) == (0, 0, 0.0)
    rows = {row.pair: row for row in session.ranking}
    assert rows[1].percentage == rows[5].percentage == 50.0
    assert rows[1].boards == 1 and rows[2].boards == 0


def test_percentage_is_over_boards_actually_played_and_sit_outs_score_nothing() -> None:
    for movement in (mitchell(9, boards_per_round=2), mitchell(7), howell(9)):
        session = score_session(movement, random_results(movement, random.Random(11)))
        rows = {row.pair: row for row in session.ranking}
        idle = movement.sit_outs()
        for pair, row in rows.items():
            assert row.boards == 2 * (len(movement.rounds) - idle.count(pair))
        assert sum(row.boards for row in rows.values()) == 2 * sum(
            len(lines) for lines in session.travellers.values()
        )


def test_a_mitchell_percentage_is_matchpoints_over_the_top() -> None:
    movement = mitchell(10)  # even field, every board played at every table
    session = score_session(movement, random_results(movement, random.Random(5)))
    for row in session.ranking:
        assert row.percentage == pytest.approx(100 * row.matchpoints / row.top)


def test_ranking_puts_the_highest_percentage_first_and_breaks_ties_by_cross_imps() -> None:
    movement = mitchell(10)
    session = score_session(movement, random_results(movement, random.Random(9)))
    ranking = session.ranking
    keys = [(-r.exact_percentage, -r.exact_cross_imps) for r in ranking]
    assert keys == sorted(keys)
    assert [r.place for r in ranking][0] == 1
    by_imps = score_session(movement, random_results(movement, random.Random(9)), by="cross_imps")
    keys = [(-r.exact_cross_imps, -r.exact_percentage) for r in by_imps.ranking]
    assert keys == sorted(keys)


def test_pairs_equal_on_percentage_and_cross_imps_share_a_place() -> None:
    movement = mitchell(8, boards_per_round=1)
    results = {
        (r, s.table): {b: 0 for b in movement.boards(s.board_set)}
        for r, tables in enumerate(movement.rounds, start=1)
        for s in tables
    }
    session = score_session(movement, results)
    assert {row.place for row in session.ranking} == {1}
    assert [row.pair for row in session.ranking] == list(range(1, 9))
    assert all(row.percentage == 50.0 for row in session.ranking)
    assert rank(session.ranking[:3])[2].place == 1


def test_results_must_match_the_movement() -> None:
    movement = mitchell(7, boards_per_round=2)
    idle_table = next(s.table for s in movement.rounds[0] if None in (s.ns, s.ew))
    with pytest.raises(ValueError, match="sits out"):
        score_session(movement, {(1, idle_table): {1: 0}})
    with pytest.raises(ValueError, match="not played"):
        score_session(movement, {(1, 1): {3: 0}})
    with pytest.raises(ValueError):
        score_session(movement, {(9, 1): {1: 0}})


@settings(max_examples=examples(25, 200))
@given(
    kind=st.sampled_from(["mitchell", "howell"]),
    pairs=st.integers(4, 16),
    boards=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
    missing=st.sampled_from([0.0, 0.2]),
)
def test_total_matchpoints_over_the_field_are_conserved(
    kind: str, pairs: int, boards: int, seed: int, missing: float
) -> None:
    movement = (mitchell if kind == "mitchell" else howell)(pairs, boards_per_round=boards)
    session = score_session(movement, random_results(movement, random.Random(seed), missing))
    counts = [len(lines) for lines in session.travellers.values()]
    rows = session.ranking
    assert sum(r.matchpoints for r in rows) == sum(2 * n * (n - 1) for n in counts)
    assert sum(r.top for r in rows) == sum(4 * n * (n - 1) for n in counts)
    assert sum(r.exact_cross_imps for r in rows) == 0
    assert sum(r.exact_percentage * r.boards for r in rows) == 100 * sum(counts)
    assert sum(r.boards for r in rows) == 2 * sum(counts)
    assert sorted(r.pair for r in rows) == list(range(1, pairs + 1))
