"""Elo against hand-computed values, and the invariants the rating math promises (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import SeatResult
from ratings.elo import (
    DEFAULT_SETTINGS,
    EloSettings,
    Participant,
    actual_score,
    expected_score,
    rating_changes,
)

ESTABLISHED = 100  # games played: well past the provisional period
NEW = 0


def seat(
    seat_no: int,
    placing: int,
    team: int | None = None,
    weight: int = 1,
    rating: float = 1500.0,
    games: int = ESTABLISHED,
) -> Participant:
    team_no = seat_no if team is None else team
    return Participant(rating, games, SeatResult(seat_no, placing, team_no, weight=weight))


# --- the expected score -------------------------------------------------------------------------


def test_expected_score_equal_ratings_is_one_half() -> None:
    assert expected_score(1500, 1500) == pytest.approx(0.5)


def test_expected_score_400_point_gap_is_ten_elevenths() -> None:
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) == pytest.approx(1 / 11)


def test_actual_score_equal_placings_are_a_draw() -> None:
    assert actual_score(1, 2) == 1.0
    assert actual_score(2, 2) == 0.5
    assert actual_score(3, 2) == 0.0


# --- the K schedule -------------------------------------------------------------------------------


def test_default_schedule_is_1500_start_k40_for_20_games_then_k20() -> None:
    assert DEFAULT_SETTINGS.initial_rating == 1500
    assert DEFAULT_SETTINGS.k_factor(0) == 40
    assert DEFAULT_SETTINGS.k_factor(19) == 40
    assert DEFAULT_SETTINGS.k_factor(20) == 20
    assert DEFAULT_SETTINGS.is_provisional(19)
    assert not DEFAULT_SETTINGS.is_provisional(20)


def test_settings_reject_nonsense() -> None:
    with pytest.raises(ValueError):
        EloSettings(k_established=0)
    with pytest.raises(ValueError):
        EloSettings(provisional_games=-1)


# --- duel -----------------------------------------------------------------------------------------


def test_duel_equal_ratings_winner_gains_10_loser_loses_10() -> None:
    assert rating_changes([seat(0, 1), seat(1, 2)], "duel") == pytest.approx([10, -10])


def test_duel_provisional_players_use_k40() -> None:
    changes = rating_changes([seat(0, 1, games=NEW), seat(1, 2, games=NEW)], "duel")
    assert changes == pytest.approx([20, -20])


def test_duel_provisional_against_established_each_uses_own_k() -> None:
    changes = rating_changes([seat(0, 2, games=NEW), seat(1, 1)], "duel")
    assert changes == pytest.approx([-20, 10])


def test_duel_400_point_favourite_wins_gains_20_elevenths() -> None:
    changes = rating_changes([seat(0, 1, rating=1900), seat(1, 2, rating=1500)], "duel")
    assert changes == pytest.approx([20 / 11, -20 / 11])


def test_duel_400_point_underdog_wins_gains_200_elevenths() -> None:
    changes = rating_changes([seat(0, 2, rating=1900), seat(1, 1, rating=1500)], "duel")
    assert changes == pytest.approx([-200 / 11, 200 / 11])


def test_duel_equal_placings_are_a_draw() -> None:
    assert rating_changes([seat(0, 1), seat(1, 1)], "duel") == pytest.approx([0, 0])
    changes = rating_changes([seat(0, 1, rating=1900), seat(1, 1, rating=1500)], "duel")
    # The favourite scores 0.5 against an expected 10/11: 20 * (0.5 - 10/11) = -90/11.
    assert changes == pytest.approx([-90 / 11, 90 / 11])


def test_duel_needs_exactly_two_participants() -> None:
    with pytest.raises(ValueError, match="exactly two"):
        rating_changes([seat(0, 1), seat(1, 2), seat(2, 3)], "duel")


def test_unknown_mode_and_bad_input_are_rejected() -> None:
    with pytest.raises(ValueError, match="unknown rating mode"):
        rating_changes([seat(0, 1), seat(1, 2)], "swiss")
    with pytest.raises(ValueError, match="at least two"):
        rating_changes([seat(0, 1)], "ffa")
    with pytest.raises(ValueError, match="weight"):
        rating_changes([seat(0, 1, weight=0), seat(1, 2)], "teams")
    with pytest.raises(ValueError, match="games_played"):
        rating_changes([seat(0, 1, games=-1), seat(1, 2)], "duel")


# --- free-for-all ---------------------------------------------------------------------------------


def test_ffa_three_equal_players_k_split_over_two_opponents() -> None:
    # Winner: 20/2 * ((1 - .5) + (1 - .5)) = 10; middle: 10 * (0 + .5 - .5) = 0; last: -10.
    changes = rating_changes([seat(0, 1), seat(1, 2), seat(2, 3)], "ffa")
    assert changes == pytest.approx([10, 0, -10])


def test_ffa_four_players_with_tie_for_second() -> None:
    # K/3 = 20/3.  First: 3 wins -> 20/3 * 1.5 = 10.  Tied seconds: one loss, one draw, one win
    # -> 20/3 * 0 = 0.  Last: 20/3 * -1.5 = -10.
    changes = rating_changes([seat(0, 1), seat(1, 2), seat(2, 2), seat(3, 4)], "ffa")
    assert changes == pytest.approx([10, 0, 0, -10])


def test_ffa_all_tied_equal_ratings_changes_nothing() -> None:
    assert rating_changes([seat(s, 1) for s in range(4)], "ffa") == pytest.approx([0] * 4)


def test_ffa_with_two_players_is_a_duel() -> None:
    pair = [seat(0, 2, rating=1610, games=NEW), seat(1, 1, rating=1480)]
    assert rating_changes(pair, "ffa") == pytest.approx(rating_changes(pair, "duel"))


def test_ffa_upset_winner_of_three() -> None:
    # 1500 beats 1900 and 1500.  vs 1900: 1 - 1/11 = 10/11; vs 1500: 0.5.  20/2 * (10/11 + 1/2).
    changes = rating_changes([seat(0, 1), seat(1, 2, rating=1900), seat(2, 3)], "ffa")
    assert changes[0] == pytest.approx(10 * (10 / 11 + 0.5))
    assert sum(changes) == pytest.approx(0)


# --- teams ----------------------------------------------------------------------------------------


def test_teams_equal_partnerships_each_member_moves_like_a_duel() -> None:
    players = [seat(0, 1, team=0), seat(1, 2, team=1), seat(2, 1, team=0), seat(3, 2, team=1)]
    assert rating_changes(players, "teams") == pytest.approx([10, -10, 10, -10])


def test_teams_strength_is_mean_of_members() -> None:
    # Team 0 = (1700 + 1300) / 2 = 1500 against team 1 = (1900 + 1100) / 2 = 1500: a fair match.
    players = [
        seat(0, 1, team=0, rating=1700),
        seat(1, 2, team=1, rating=1900),
        seat(2, 1, team=0, rating=1300),
        seat(3, 2, team=1, rating=1100),
    ]
    assert rating_changes(players, "teams") == pytest.approx([10, -10, 10, -10])


def test_teams_team_placing_is_best_member_placing_guandan_style() -> None:
    # Individual finishing order 1..4: the team of the first finisher wins regardless of partner.
    players = [seat(0, 1, team=0), seat(1, 2, team=1), seat(2, 4, team=0), seat(3, 3, team=1)]
    assert rating_changes(players, "teams") == pytest.approx([10, -10, 10, -10])


def test_teams_passed_out_bridge_deal_is_a_draw() -> None:
    players = [
        seat(0, 1, team=0, rating=1600),
        seat(1, 1, team=1),
        seat(2, 1, team=0, rating=1600),
        seat(3, 1, team=1),
    ]
    changes = rating_changes(players, "teams")
    e = expected_score(1600, 1500)
    assert changes == pytest.approx([20 * (0.5 - e), 20 * (e - 0.5)] * 2)


def test_teams_provisional_member_moves_twice_as_far_as_partner() -> None:
    players = [
        seat(0, 1, team=0, games=NEW),
        seat(1, 2, team=1),
        seat(2, 1, team=0),
        seat(3, 2, team=1),
    ]
    assert rating_changes(players, "teams") == pytest.approx([20, -10, 10, -10])


def dou_dizhu(
    landlord_place: int,
    *,
    landlord: float = 1500.0,
    peasants: tuple[float, float] = (1500.0, 1500.0),
) -> list[float]:
    peasant_place = 2 if landlord_place == 1 else 1
    return rating_changes(
        [
            seat(0, landlord_place, team=0, weight=2, rating=landlord),
            seat(1, peasant_place, team=1, rating=peasants[0]),
            seat(2, peasant_place, team=1, rating=peasants[1]),
        ],
        "teams",
    )


def test_dou_dizhu_landlord_win_gains_double_a_peasants_loss() -> None:
    assert dou_dizhu(1) == pytest.approx([20, -10, -10])


def test_dou_dizhu_landlord_loss_loses_double_a_peasants_gain() -> None:
    assert dou_dizhu(2) == pytest.approx([-20, 10, 10])


def test_dou_dizhu_strong_landlord_against_mean_of_peasants() -> None:
    # Peasants' strength (1700 + 1300) / 2 = 1500; landlord 1900 expected 10/11.
    changes = dou_dizhu(2, landlord=1900, peasants=(1700, 1300))
    assert changes == pytest.approx([-400 / 11, 200 / 11, 200 / 11])
    assert sum(changes) == pytest.approx(0)


def test_teams_needs_two_teams() -> None:
    with pytest.raises(ValueError, match="two teams"):
        rating_changes([seat(0, 1, team=0), seat(1, 2, team=0)], "teams")


# --- properties -----------------------------------------------------------------------------------

ratings = st.floats(min_value=0, max_value=3500, allow_nan=False)


@st.composite
def matches(draw: st.DrawFn, mode: str, same_k: bool) -> list[Participant]:
    """A random finished match for ``mode``; ``same_k`` gives everyone the same K."""
    if mode == "duel":
        n = 2
    else:
        n = draw(st.integers(min_value=2, max_value=6))
    placings = draw(st.lists(st.integers(1, n), min_size=n, max_size=n))
    if mode == "teams":
        team_count = draw(st.integers(min_value=2, max_value=n))
        teams = [s % team_count for s in range(n)]
        weights = draw(st.lists(st.integers(1, 3), min_size=n, max_size=n))
    else:
        teams = list(range(n))
        weights = [1] * n
    if same_k:
        shared = draw(st.sampled_from([NEW, ESTABLISHED]))
        games = [shared] * n
    else:
        games = draw(st.lists(st.integers(0, 40), min_size=n, max_size=n))
    rated = draw(st.lists(ratings, min_size=n, max_size=n))
    return [
        Participant(rated[s], games[s], SeatResult(s, placings[s], teams[s], weight=weights[s]))
        for s in range(n)
    ]


@pytest.mark.parametrize("mode", ["duel", "ffa", "teams"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_zero_sum_when_everyone_has_the_same_k(mode: str, data: st.DataObject) -> None:
    players = data.draw(matches(mode, same_k=True))
    assert sum(rating_changes(players, mode)) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize("mode", ["duel", "ffa", "teams"])
@settings(max_examples=100, deadline=None)
@given(data=st.data(), shift=st.floats(min_value=-1000, max_value=1000))
def test_only_rating_differences_matter(mode: str, data: st.DataObject, shift: float) -> None:
    players = data.draw(matches(mode, same_k=False))
    moved = [Participant(p.rating + shift, p.games_played, p.result) for p in players]
    assert rating_changes(moved, mode) == pytest.approx(rating_changes(players, mode), abs=1e-9)


@pytest.mark.parametrize("mode", ["duel", "ffa"])
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_sole_winner_gains_sole_loser_loses_and_no_move_exceeds_k(
    mode: str, data: st.DataObject
) -> None:
    players = data.draw(matches(mode, same_k=False))
    changes = rating_changes(players, mode)
    placings = [p.result.placing for p in players]
    for p, change in zip(players, changes, strict=True):
        assert abs(change) <= DEFAULT_SETTINGS.k_factor(p.games_played)
        if placings.count(p.result.placing) == 1 and p.result.placing == min(placings):
            assert change > 0
        if placings.count(p.result.placing) == 1 and p.result.placing == max(placings):
            assert change < 0


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_teams_of_one_with_weight_one_rate_like_ffa(data: st.DataObject) -> None:
    players = data.draw(matches("ffa", same_k=False))
    assert rating_changes(players, "teams") == pytest.approx(rating_changes(players, "ffa"))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_partners_change_in_proportion_to_stake_and_k(data: st.DataObject) -> None:
    players = data.draw(matches("teams", same_k=False))
    changes = rating_changes(players, "teams")
    by_team: dict[int, list[tuple[Participant, float]]] = {}
    for p, change in zip(players, changes, strict=True):
        by_team.setdefault(p.result.team, []).append((p, change))
    for members in by_team.values():
        per_unit = [
            change / (p.result.weight * DEFAULT_SETTINGS.k_factor(p.games_played))
            for p, change in members
        ]
        assert per_unit == pytest.approx([per_unit[0]] * len(per_unit), abs=1e-9)
