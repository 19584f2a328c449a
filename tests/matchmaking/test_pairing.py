"""The pairing pass: hand-made queues for each rule, and its promises over random queues."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaking.pairing import (
    DEFAULT_SETTINGS,
    PARTNERSHIP_SPLITS,
    PairingSettings,
    QueueEntry,
    form_tables,
)

WIDE = PairingSettings(initial_window=10_000, widening_per_second=0, max_window=10_000)
"""Windows so wide that every table is admissible: isolates priority and spread."""


def q(player_id: int, rating: float, waited: float = 0.0) -> QueueEntry:
    return QueueEntry(player_id, rating, waited)


def spread(table: list[int], by_id: dict[int, QueueEntry]) -> float:
    ratings = [by_id[p].rating for p in table]
    return max(ratings) - min(ratings)


def imbalance(ratings: list[float], split: tuple[tuple[int, int], tuple[int, int]]) -> float:
    (a, b), (c, d) = split
    return abs(ratings[a] + ratings[b] - ratings[c] - ratings[d])


def chunk_baseline(entries: list[QueueEntry], size: int, config: PairingSettings) -> int:
    """Players matched by the naive sort-and-chunk pass (admissible chunks only)."""
    order = sorted(entries, key=lambda e: (e.rating, e.player_id))
    matched = 0
    for start in range(0, len(order) - size + 1, size):
        chunk = order[start : start + size]
        if chunk[-1].rating - chunk[0].rating <= min(config.window(e.waited) for e in chunk):
            matched += size
    return matched


# --- the window -----------------------------------------------------------------------------------


def test_window_starts_at_100_widens_5_per_second_caps_at_400() -> None:
    assert DEFAULT_SETTINGS.window(0) == 100
    assert DEFAULT_SETTINGS.window(10) == 150
    assert DEFAULT_SETTINGS.window(60) == 400
    assert DEFAULT_SETTINGS.window(600) == 400


def test_window_negative_wait_counts_as_none() -> None:
    assert DEFAULT_SETTINGS.window(-5) == 100


def test_settings_reject_nonsense() -> None:
    with pytest.raises(ValueError):
        PairingSettings(initial_window=-1)
    with pytest.raises(ValueError):
        PairingSettings(initial_window=500, max_window=400)


# --- hand-made queues -----------------------------------------------------------------------------


def test_two_close_players_are_paired() -> None:
    assert form_tables([q(1, 1500), q(2, 1550)], 2) == [[1, 2]]


def test_players_beyond_the_window_wait() -> None:
    assert form_tables([q(1, 1500), q(2, 1601)], 2) == []


def test_window_widens_with_waiting_time() -> None:
    # 150 apart: both need a window of 150, i.e. 10 s of waiting each.
    assert form_tables([q(1, 1500, 10), q(2, 1650, 10)], 2) == [[1, 2]]
    assert form_tables([q(1, 1500, 60), q(2, 1650, 9)], 2) == []


def test_window_is_the_smallest_members_window() -> None:
    # Spread 120: fine for the long waiter (400) but not for the newcomer (100).
    assert form_tables([q(1, 1500, 60), q(2, 1620, 0)], 2) == []


def test_neighbours_in_rating_are_paired() -> None:
    tables = form_tables([q(1, 1000), q(2, 1510), q(3, 1020), q(4, 1490)], 2)
    assert sorted(sorted(t) for t in tables) == [[1, 3], [2, 4]]


def test_longest_waiting_get_the_seats_when_not_all_can_play() -> None:
    entries = [q(1, 1500, 3), q(2, 1501, 40), q(3, 1502, 20)]
    assert form_tables(entries, 2) == [[2, 3]]


def test_long_waiter_reaches_past_a_newcomer_with_a_narrow_window() -> None:
    # Newcomer 3 sits between 1 and 2; 1-3 spans 110 (> 3's window of 100), 3-2 spans 150.
    entries = [q(1, 1500, 60), q(3, 1610, 0), q(2, 1760, 60)]
    assert form_tables(entries, 2) == [[1, 2]]


def test_newcomers_inside_a_table_range_are_the_ones_left_out() -> None:
    # Six players for one four-seat table; the two newcomers sit in the middle of the ratings.
    entries = [q(i, 1500 + i, 0 if i in (1, 2) else 10) for i in range(6)]
    assert form_tables(entries, 4) == [[0, 3, 4, 5]]


def test_seat_order_is_longest_waiting_first() -> None:
    entries = [q(7, 1500, 5), q(3, 1510, 50), q(9, 1490, 5)]
    assert form_tables(entries, 3) == [[3, 7, 9]]


def test_three_seat_tables_are_filled_completely() -> None:
    entries = [q(i, 1500 + i) for i in range(8)]
    tables = form_tables(entries, 3)
    assert [len(t) for t in tables] == [3, 3]


def test_partnership_takes_the_balanced_split_seats_0_2_against_1_3() -> None:
    # Ratings 1400, 1450, 1500, 1550: 1400 + 1550 = 1450 + 1500, perfectly balanced.
    wide = PairingSettings(initial_window=200, max_window=200)
    entries = [q(1, 1400, 30), q(2, 1450), q(3, 1500), q(4, 1550)]
    assert form_tables(entries, 4, partnership=True, settings=wide) == [[1, 2, 4, 3]]


def test_invalid_calls_are_rejected() -> None:
    with pytest.raises(ValueError, match="twice"):
        form_tables([q(1, 1500), q(1, 1500)], 2)
    with pytest.raises(ValueError, match="two seats"):
        form_tables([q(1, 1500)], 1)
    with pytest.raises(ValueError, match="four seats"):
        form_tables([q(1, 1500)], 3, partnership=True)


def test_empty_queue_forms_nothing() -> None:
    assert form_tables([], 2) == []


def test_ten_thousand_players_are_nearly_all_matched() -> None:
    rng = random.Random(5)
    entries = [q(i, rng.gauss(1500, 350), rng.uniform(0, 90)) for i in range(10_000)]
    for size, partnership in ((2, False), (4, True)):
        tables = form_tables(entries, size, partnership)
        assert sum(len(t) for t in tables) >= 9_900


# --- properties -----------------------------------------------------------------------------------


@st.composite
def queues(draw: st.DrawFn) -> tuple[list[QueueEntry], int, bool, PairingSettings]:
    """A random queue, table size, partnership flag and window settings."""
    size = draw(st.sampled_from([2, 3, 4]))
    partnership = size == 4 and draw(st.booleans())
    count = draw(st.integers(min_value=0, max_value=40))
    ids = draw(st.lists(st.integers(0, 10_000), min_size=count, max_size=count, unique=True))
    ratings = draw(st.lists(st.integers(1000, 2000).map(float), min_size=count, max_size=count))
    waits = draw(st.lists(st.floats(0, 120), min_size=count, max_size=count))
    initial = draw(st.floats(0, 300))
    config = PairingSettings(
        initial_window=initial,
        widening_per_second=draw(st.floats(0, 20)),
        max_window=initial + draw(st.floats(0, 500)),
    )
    entries = [QueueEntry(p, r, w) for p, r, w in zip(ids, ratings, waits, strict=True)]
    return entries, size, partnership, config


@settings(max_examples=200, deadline=None)
@given(queues())
def test_no_player_twice_and_every_table_full(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, size, partnership, config = case
    tables = form_tables(entries, size, partnership, config)
    seated = [p for t in tables for p in t]
    assert len(seated) == len(set(seated))
    assert set(seated) <= {e.player_id for e in entries}
    assert all(len(t) == size for t in tables)


@settings(max_examples=200, deadline=None)
@given(queues())
def test_every_member_within_every_window(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, size, partnership, config = case
    by_id = {e.player_id: e for e in entries}
    for table in form_tables(entries, size, partnership, config):
        assert spread(table, by_id) <= min(config.window(by_id[p].waited) for p in table)


@settings(max_examples=200, deadline=None)
@given(queues())
def test_partnership_teams_balanced_no_better_split(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, _, _, config = case
    by_id = {e.player_id: e for e in entries}
    for table in form_tables(entries, 4, True, config):
        ratings = [by_id[p].rating for p in table]
        seated = imbalance(ratings, ((0, 2), (1, 3)))
        assert seated <= min(imbalance(ratings, split) for split in PARTNERSHIP_SPLITS)


@settings(max_examples=200, deadline=None)
@given(queues())
def test_never_matches_fewer_than_sort_and_chunk(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, size, partnership, config = case
    matched = size * len(form_tables(entries, size, partnership, config))
    assert matched >= chunk_baseline(entries, size, config)


@settings(max_examples=200, deadline=None)
@given(queues())
def test_when_all_fit_the_longest_waiting_play(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, size, partnership, _ = case
    tables = form_tables(entries, size, partnership, WIDE)
    seated = {p for t in tables for p in t}
    assert len(seated) == len(entries) // size * size
    waits = {e.player_id: int(e.waited) for e in entries}
    left = [waits[e.player_id] for e in entries if e.player_id not in seated]
    if left and seated:
        assert max(left) <= min(waits[p] for p in seated)


@settings(max_examples=200, deadline=None)
@given(queues())
def test_when_all_play_spread_no_worse_than_sort_and_chunk(
    case: tuple[list[QueueEntry], int, bool, PairingSettings],
) -> None:
    entries, size, partnership, _ = case
    entries = entries[: len(entries) // size * size]
    by_id = {e.player_id: e for e in entries}
    tables = form_tables(entries, size, partnership, WIDE)
    order = sorted(entries, key=lambda e: (e.rating, e.player_id))
    chunked = sum(order[s + size - 1].rating - order[s].rating for s in range(0, len(order), size))
    assert sum(spread(t, by_id) for t in tables) <= chunked + 1e-9


@settings(max_examples=200, deadline=None)
@given(queues(), st.randoms(use_true_random=False))
def test_result_does_not_depend_on_queue_order(
    case: tuple[list[QueueEntry], int, bool, PairingSettings], rng: random.Random
) -> None:
    entries, size, partnership, config = case
    shuffled = entries[:]
    rng.shuffle(shuffled)
    assert form_tables(shuffled, size, partnership, config) == form_tables(
        entries, size, partnership, config
    )
