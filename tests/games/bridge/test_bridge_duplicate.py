"""Duplicate scoring: the WBF IMP scale band by band, matchpoints with ties and their totals,
percentages, cross-IMPs, the Butler datum without the top and bottom scores, a table's North–South
score from the engine, and properties under hypothesis (IMPs antisymmetric and monotone,
matchpoint totals conserved)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge.calls import HEARTS, NOTRUMP, SPADES, Contract
from games.bridge.duplicate import (
    board_scores,
    butler_datum,
    butler_imps,
    cross_imp_totals,
    cross_imps,
    imps,
    matchpoints,
    ns_score,
    percentages,
    table_score,
    team_imps,
)
from support.sizes import scaled

# (lowest, highest difference, IMPs): Law 78B of the Laws of Duplicate Bridge 2017.
WBF_SCALE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 7600, 24),
]  # fmt: skip

SCORES = st.lists(st.integers(-800, 800).map(lambda n: 10 * n), min_size=1, max_size=12)


@pytest.mark.parametrize(("low", "high", "won"), WBF_SCALE)
def test_each_imp_band_edge_converts_as_the_wbf_scale(low: int, high: int, won: int) -> None:
    assert imps(low) == won and imps(high) == won
    assert imps(-low) == -won and imps(-high) == -won
    if won < 24:
        assert imps(high + 10) == won + 1


def test_differences_between_the_tens_keep_the_band_reached() -> None:
    assert [imps(d) for d in (15, 19, 45, 49, 3999, -45)] == [0, 0, 1, 1, 23, -1]


def test_a_team_match_board_is_the_imps_of_the_two_north_south_scores() -> None:
    # 4♠ made vulnerable at one table, 4♠ one down at the other: 620 + 100 = 720 → 12.
    assert team_imps(620, -100) == 12 and team_imps(-100, 620) == -12
    assert team_imps(420, 420) == 0


def test_matchpoints_give_two_for_each_score_beaten_and_one_for_each_tie() -> None:
    assert matchpoints([620, 170, 620, -100, 650]) == [5, 2, 5, 0, 8]
    assert matchpoints([90]) == [0]
    assert matchpoints([50, 50, 50]) == [2, 2, 2]


def test_percentages_divide_by_the_top_and_a_lone_score_is_average() -> None:
    assert percentages([620, 170, 620, -100, 650]) == [62.5, 25.0, 62.5, 0.0, 100.0]
    assert percentages([-200]) == [50.0]


def test_cross_imps_compare_each_score_with_every_other() -> None:
    scores = [620, 170, -100]
    # 620: +450 → 10, +720 → 12; 170: −450 → −10, +270 → 7; −100: −12, −7.
    assert cross_imp_totals(scores) == [22, -3, -19]
    assert cross_imps(scores) == [11.0, -1.5, -9.5]
    assert cross_imps([400]) == [0.0]


def test_the_butler_datum_drops_the_top_and_the_bottom_and_rounds_to_ten() -> None:
    assert butler_datum([620, 620, 170, -100, 1430]) == 470  # (170 + 620 + 620) / 3
    assert butler_datum([100, 200, 130, 5000]) == 170  # (130 + 200) / 2 = 165, half up
    assert butler_datum([-100, -200, -130, -5000]) == -170, "halves away from zero"
    assert butler_datum([620, -100]) == 260, "two scores: both are averaged"
    assert butler_imps([620, 620, 170, -100, 1430]) == [4, 4, -7, -11, 14]
    with pytest.raises(ValueError):
        butler_datum([])


def test_a_tables_north_south_score_comes_from_the_engine_scoring() -> None:
    assert ns_score(Contract(4, SPADES, 0, 0), "ns", 10) == 620
    assert ns_score(Contract(4, SPADES, 0, 1), "ns", 10) == -420, "West declares: E-W's 420"
    assert ns_score(Contract(3, NOTRUMP, 1, 3), "both", 8) == 200
    assert ns_score(Contract(6, HEARTS, 0, 2), "none", 12) == 980
    assert ns_score(None, "both", 0) == 0


def test_board_scores_read_finished_tables_of_one_board(kit: Any) -> None:
    one = kit.state(calls="p p p p", vulnerability="ns")
    two = kit.state(calls="1C p p p", vulnerability="ns")
    while not two.is_over():
        seat = two.pending()[0].seat
        two.apply(seat, two.legal_actions(seat)[0])
    assert board_scores([one, two]) == [0, two.side_scores()[0]]
    assert table_score(two) == two.side_scores()[0]
    other = kit.state(calls="p p p p", vulnerability="ew")
    with pytest.raises(ValueError, match="same board"):
        board_scores([one, other])
    with pytest.raises(ValueError, match="not over"):
        table_score(kit.state(calls="1C"))


@settings(max_examples=scaled(400))
@given(st.integers(-10_000, 10_000))
def test_imps_are_antisymmetric_and_bounded(difference: int) -> None:
    assert imps(-difference) == -imps(difference)
    assert 0 <= imps(abs(difference)) <= 24


@settings(max_examples=scaled(400))
@given(st.integers(-10_000, 10_000), st.integers(0, 10_000))
def test_imps_never_fall_as_the_difference_grows(difference: int, more: int) -> None:
    assert imps(difference + more) >= imps(difference)


@settings(max_examples=scaled(400))
@given(SCORES)
def test_matchpoints_on_a_board_always_sum_to_n_times_n_minus_one(scores: list[int]) -> None:
    n = len(scores)
    points = matchpoints(scores)
    assert sum(points) == n * (n - 1)
    east_west = matchpoints([-s for s in scores])
    assert [ns + ew for ns, ew in zip(points, east_west, strict=True)] == [2 * (n - 1)] * n


@settings(max_examples=scaled(400))
@given(SCORES)
def test_cross_imps_cancel_out_over_the_board(scores: list[int]) -> None:
    assert sum(cross_imp_totals(scores)) == 0
    lowest, highest = min(scores), max(scores)
    assert lowest <= butler_datum(scores) <= highest
