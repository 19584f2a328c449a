"""Knockout brackets: seeding, byes, matches of N games and the tie-break game, multi-seat heats."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaking.knockout import (
    Heat,
    HeatShape,
    Match,
    MatchRules,
    MatchStatus,
    advancers,
    bracket_order,
    first_round,
    heat,
    heat_advance,
    heat_rounds,
    match_state,
    next_round,
    seats_for_game,
    seed_order,
)
from support.sizes import scaled


def test_seeding_is_by_rating_then_id() -> None:
    assert seed_order({10: 1500.0, 11: 1700.0, 12: 1500.0}) == [11, 10, 12]


def test_standard_bracket_order_keeps_top_seeds_apart() -> None:
    assert bracket_order(2) == [1, 2]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    with pytest.raises(ValueError):
        bracket_order(6)


def test_byes_go_to_the_top_seeds() -> None:
    # Six players in an eight-slot bracket: seeds 1 and 2 have byes; 4-5 and 3-6 play.
    seeds = [101, 102, 103, 104, 105, 106]
    assert first_round(seeds) == [
        Match(101, None),
        Match(104, 105),
        Match(102, None),
        Match(103, 106),
    ]


def test_next_round_pairs_neighbouring_winners_higher_seed_first() -> None:
    seeds = [1, 2, 3, 4, 5, 6, 7, 8]
    # Quarter-final winners in bracket order: 1, 5 (beat 4), 7 (beat 2), 3.
    assert next_round([1, 5, 7, 3], seeds) == [Match(1, 5), Match(3, 7)]
    assert next_round([5, 3], seeds) == [Match(3, 5)]
    with pytest.raises(ValueError):
        next_round([1, 2, 3], seeds)


@settings(max_examples=scaled(100))
@given(count=st.integers(min_value=1, max_value=70))
def test_a_bracket_plays_down_to_one_champion_and_seeds_one_and_two_meet_last(count: int) -> None:
    """With the better seed always winning, the bracket ends with seed 1; seeds 1 and 2 meet
    only in the final; byes go to exactly the top seeds."""
    seeds = list(range(1, count + 1))
    matches = first_round(seeds)
    byes = [m.higher for m in matches if m.lower is None]
    assert sorted(byes) == seeds[: len(byes)]
    rounds = 0
    while True:
        winners = [m.higher for m in matches]
        if len(winners) == 1:
            break
        if len(winners) > 2:
            assert all({m.higher, m.lower} != {1, 2} for m in matches)
        matches = next_round(winners, seeds)
        rounds += 1
    assert winners == [1]
    slots = 1
    while slots < count:
        slots *= 2
    assert rounds == max(0, slots.bit_length() - 2)


def test_a_match_of_two_games_alternates_seats_and_ends_early_when_clinched() -> None:
    rules = MatchRules(games=2)
    match = Match(1, 2)
    assert seats_for_game(match, 0, rules) == (1, 2)
    assert seats_for_game(match, 1, rules) == (2, 1)
    assert match_state(match, [], rules).status is MatchStatus.PLAYING
    assert match_state(match, [(0.5, 0.5)], rules).status is MatchStatus.PLAYING
    decided = match_state(match, [(1.0, 0.0), (0.5, 0.5)], rules)
    assert (decided.status, decided.winner) == (MatchStatus.DECIDED, 1)
    # Three games: two wins clinch it, the third is not played.
    three = MatchRules(games=3)
    early = match_state(match, [(0.0, 1.0), (0.0, 1.0)], three)
    assert (early.status, early.winner) == (MatchStatus.DECIDED, 2)
    with pytest.raises(ValueError):
        match_state(match, [(0.0, 1.0), (0.0, 1.0), (1.0, 0.0)], three)


def test_tie_break_game_lower_seed_moves_first_and_a_draw_goes_to_the_higher_seed() -> None:
    rules = MatchRules(games=2)
    match = Match(1, 2)
    level = match_state(match, [(1.0, 0.0), (0.0, 1.0)], rules)
    assert level.status is MatchStatus.TIEBREAK and level.winner is None
    assert seats_for_game(match, 2, rules) == (2, 1)
    drawn = match_state(match, [(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)], rules)
    assert (drawn.status, drawn.winner) == (MatchStatus.DECIDED, 1)
    lost = match_state(match, [(1.0, 0.0), (0.0, 1.0), (0.0, 1.0)], rules)
    assert (lost.status, lost.winner) == (MatchStatus.DECIDED, 2)
    with pytest.raises(ValueError):
        match_state(match, [(1.0, 0.0), (0.0, 1.0), (0.0, 1.0), (1.0, 0.0)], rules)
    with pytest.raises(ValueError):
        MatchRules(games=0)


def test_a_bye_is_decided_and_has_no_games() -> None:
    state = match_state(Match(1, None), [], MatchRules())
    assert (state.status, state.winner) == (MatchStatus.DECIDED, 1)
    with pytest.raises(ValueError):
        seats_for_game(Match(1, None), 0, MatchRules())


def test_multi_seat_heat_deals_tables_in_snake_order() -> None:
    # Eight players at tables of four: table 1 gets seeds 1, 4, 5, 8; table 2 gets 2, 3, 6, 7.
    assert heat(list(range(1, 9)), min_seats=4, max_seats=4) == Heat(
        tables=((1, 4, 5, 8), (2, 3, 6, 7)), byes=(), final=False
    )
    # Ten players at 3-4 seats: 4 + 3 + 3, the larger table first; the snake turns at each end.
    assert heat(list(range(1, 11))).tables == ((1, 6, 7, 10), (2, 5, 8), (3, 4, 9))


def test_multi_seat_heat_gives_byes_to_top_seeds_when_tables_cannot_be_filled() -> None:
    # Six players at tables of exactly four: two top seeds get byes, the other four play.
    result = heat(list(range(1, 7)), min_seats=4, max_seats=4)
    assert result.byes == (1, 2)
    assert result.tables == ((3, 4, 5, 6),)


def test_a_field_that_fits_one_table_is_the_final() -> None:
    assert heat([5, 6, 7]) == Heat(tables=((5, 6, 7),), byes=(), final=True)


def test_advancers_take_the_best_places_ties_at_the_cut_to_the_better_seed() -> None:
    seeds = [1, 2, 3, 4]
    assert advancers((1, 2, 3, 4), (3, 1, 2, 4), 2, seeds) == [2, 3]
    # 1 and 4 share second place: the better seed (1) goes through.
    assert advancers((4, 3, 2, 1), (2, 1, 3, 2), 2, seeds) == [3, 1]
    with pytest.raises(ValueError):
        advancers((1, 2), (1,), 1, seeds)


@settings(max_examples=scaled(100))
@given(
    count=st.integers(min_value=2, max_value=60),
    seats=st.sampled_from([(3, 3), (3, 4), (4, 4)]),
)
def test_multi_seat_knockout_reaches_a_final(count: int, seats: tuple[int, int]) -> None:
    """Round after round, each table sends its best through, and the field shrinks to a final."""
    low, high = seats
    field = list(range(1, count + 1))
    for _ in range(40):
        round_ = heat(field, min_seats=low, max_seats=high)
        if round_.final:
            assert len(field) <= high
            return
        seated = [p for t in round_.tables for p in t] + list(round_.byes)
        assert sorted(seated) == sorted(field)
        assert all(low <= len(t) <= high for t in round_.tables)
        # Seeds in each table: strongest first; the table's top half advances (at least one).
        nxt = list(round_.byes)
        for table in round_.tables:
            nxt += advancers(table, tuple(range(1, len(table) + 1)), max(1, len(table) // 2), field)
        assert len(nxt) < len(field)
        field = sorted(nxt)
    raise AssertionError("no final reached")


def test_heat_advance_is_half_the_seats_unless_the_next_round_could_not_fill_a_table() -> None:
    """Nine at threes: three tables, one each goes through, three make the final.  Ten at threes:
    three tables and the top seed's bye; four at threes: one table and a bye, so two of the table
    go through to fill the final."""
    assert heat_advance(heat(range(9), min_seats=3, max_seats=3), 3) == 1
    assert heat_advance(heat(range(12), min_seats=4, max_seats=4), 4) == 2
    assert heat_advance(heat(range(4), min_seats=3, max_seats=3), 3) == 2
    assert heat_advance(heat(range(5), min_seats=4, max_seats=4), 4) == 3


def test_heat_rounds_lay_out_the_whole_event_before_it_is_played() -> None:
    assert heat_rounds(9, 3) == [
        HeatShape((3, 3, 3), 0, 1, False),
        HeatShape((3,), 0, 3, True),
    ]
    assert heat_rounds(10, 3) == [
        HeatShape((3, 3, 3), 1, 1, False),
        HeatShape((3,), 1, 2, False),
        HeatShape((3,), 0, 3, True),
    ]
    assert heat_rounds(4, 4) == [HeatShape((4,), 0, 4, True)]


@settings(max_examples=scaled(100))
@given(count=st.integers(min_value=2, max_value=80), seats=st.sampled_from([3, 4]))
def test_heat_rounds_agree_with_playing_the_heats_out(count: int, seats: int) -> None:
    """The shapes the bracket draws in advance are the rounds that playing the heats gives,
    whoever wins each table."""
    field = list(range(count))
    for shape in heat_rounds(count, seats):
        round_ = heat(field, min_seats=seats, max_seats=seats)
        assert tuple(len(t) for t in round_.tables) == shape.sizes
        assert len(round_.byes) == shape.byes and round_.final == shape.final
        if round_.final:
            return
        assert shape.advance == heat_advance(round_, seats)
        nxt = list(round_.byes)
        for table in round_.tables:  # the lowest seeds win: the field's order still holds
            nxt += advancers(table, tuple(range(len(table), 0, -1)), shape.advance, field)
        field = sorted(nxt)
    raise AssertionError("heat_rounds ended before the final")
