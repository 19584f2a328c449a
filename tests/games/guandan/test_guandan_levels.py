"""Places, the end of a deal, levels and the match ("Places", "Match win" and "Scoring" in
../shared/rules/french-54.md)."""

from __future__ import annotations

from typing import Any

from games.core import Decision
from games.guandan.actions import Continue
from games.guandan.state import GuandanState


def partners_first_and_second(kit: Any, **setup: Any) -> GuandanState:
    """Seat 0 goes out first, seat 1 lets it pass, seat 2 (the partner) goes out second."""
    state: GuandanState = kit.position({0: "3C", 1: "AC AD", 2: "5C", 3: "AS AH"}, turn=0, **setup)
    kit.play(state, 0, "3C", "single", 3)
    kit.pass_(state, 1)
    kit.play(state, 2, "5C", "single", 5)
    return state


def three_out(kit: Any, third: int, **setup: Any) -> GuandanState:
    """Seats 0 and 1 go out first and second, then ``third`` (2 or 3) goes out."""
    hands = {0: "3C", 1: "4C", 2: "5C 6C", 3: "5D 6D"}
    hands[third] = "5C"
    hands[5 - third] = "AC AD"
    state: GuandanState = kit.position(hands, turn=0, **setup)
    kit.play(state, 0, "3C", "single", 3)
    kit.play(state, 1, "4C", "single", 4)
    if third == 2:
        kit.play(state, 2, "5C", "single", 5)
    else:
        kit.pass_(state, 2)
        kit.play(state, 3, "5C", "single", 5)
    return state


def test_the_deal_ends_as_soon_as_partners_finish_first_and_second(kit: Any) -> None:
    state = partners_first_and_second(kit)
    assert state.phase == "deal_over"
    assert state.previous is not None
    assert state.previous.places == (0, 2)
    assert state.hands[1] and state.hands[3], "the opponents' order does not matter"


def test_partners_first_and_second_go_up_three_levels(kit: Any) -> None:
    state = partners_first_and_second(kit)
    assert state.previous is not None and state.previous.promotion == 3
    assert state.levels == [5, 2]


def test_the_deal_ends_when_the_third_player_is_out_the_fourth_is_last(kit: Any) -> None:
    state = three_out(kit, third=2)
    assert state.previous is not None
    assert state.previous.places == (0, 1, 2, 3)
    assert state.phase == "deal_over"


def test_a_partner_third_gives_two_levels_and_a_partner_last_one(kit: Any) -> None:
    third = three_out(kit, third=2)
    assert third.previous is not None and third.previous.promotion == 2
    assert third.levels == [4, 2]
    last = three_out(kit, third=3)
    assert last.previous is not None and last.previous.places == (0, 1, 3, 2)
    assert last.previous.promotion == 1
    assert last.levels == [3, 2]


def test_promotion_is_capped_at_ace(kit: Any) -> None:
    state = partners_first_and_second(kit, level=13, levels=(13, 4), level_team=0)
    assert state.levels == [14, 4]


def test_the_next_deal_is_played_at_the_level_of_the_team_that_won(kit: Any) -> None:
    state = three_out(kit, third=3, level=6, levels=(2, 6), level_team=1)
    assert state.levels == [3, 6]
    kit.continue_all(state)
    assert state.deal_no == 1
    assert state.level == 3 and state.level_team == 0


def test_every_seat_presses_continue_between_deals_an_untimed_forced_step(kit: Any) -> None:
    state = partners_first_and_second(kit)
    assert state.pending() == [Decision(s, timed=False, forced=Continue()) for s in range(4)]
    for seat in range(3):
        state.apply(seat, Continue())
        assert state.phase == "deal_over"
    assert [d.seat for d in state.pending()] == [3]
    state.apply(3, Continue())
    assert state.phase in ("return", "play") and state.deal_no == 1


def test_a_team_at_ace_wins_by_finishing_first_with_the_partner_second(kit: Any) -> None:
    state = partners_first_and_second(kit, level=14, levels=(14, 9), level_team=0)
    assert state.is_over() and state.winners == 0
    result = state.result()
    assert result is not None
    assert {r.seat: r.placing for r in result} == {0: 1, 1: 2, 2: 1, 3: 2}
    assert {r.seat: r.team for r in result} == {0: 0, 1: 1, 2: 0, 3: 1}
    assert state.pending() == []


def test_a_team_at_ace_wins_by_finishing_first_with_the_partner_third(kit: Any) -> None:
    state = three_out(kit, third=2, level=14, levels=(14, 9), level_team=0)
    assert state.is_over() and state.winners == 0


def test_a_team_at_ace_whose_partner_is_last_plays_on_at_ace(kit: Any) -> None:
    state = three_out(kit, third=3, level=14, levels=(14, 9), level_team=0)
    assert not state.is_over() and state.result() is None
    assert state.levels == [14, 9]
    kit.continue_all(state)
    assert state.level == 14 and state.level_team == 0


def test_a_team_at_ace_does_not_win_in_a_deal_played_at_the_other_teams_level(kit: Any) -> None:
    state = partners_first_and_second(kit, level=9, levels=(14, 9), level_team=1)
    assert not state.is_over()
    kit.continue_all(state)
    assert state.level == 14 and state.level_team == 0


def test_a_new_match_starts_both_teams_at_level_two() -> None:
    state = GuandanState.new(4, {}, seed=3)
    assert state.levels == [2, 2] and state.level == 2 and state.level_team is None
    view = state.view(0)
    assert view["levels"] == [2, 2] and view["level"] == 2
