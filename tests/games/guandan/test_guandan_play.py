"""Trick play, named after the rules ("Play" in ../shared/rules/french-54.md): counter-clockwise
turns, leading and passing, who leads a new trick, finished players skipped."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.guandan.actions import Pass, Play


def test_play_goes_counter_clockwise_in_increasing_seat_order(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    seen = []
    for seat, card, rank in ((0, "3C", 3), (1, "4C", 4), (2, "5C", 5), (3, "6C", 6)):
        seen.append(state.turn)
        kit.play(state, seat, card, "single", rank)
    assert seen == [0, 1, 2, 3]
    assert state.turn == 0


def test_the_leader_must_play_and_followers_may_pass(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    assert Pass() not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Pass())
    assert refused.value.code == "must_lead"
    kit.play(state, 0, "3C", "single", 3)
    assert Pass() in state.legal_actions(1)
    kit.pass_(state, 1)
    assert state.turn == 2


def test_when_all_other_active_players_pass_the_last_player_leads_again(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    kit.play(state, 0, "9D", "single", 9)
    for seat in (1, 2):
        kit.pass_(state, seat)
    assert state.table is not None
    events = kit.pass_(state, 3)
    assert state.table is None and state.turn == 0
    assert [e.data for e in events if e.kind == "lead"] == [{"seat": 0}]


def test_a_player_who_passed_may_play_again_once_someone_else_has_played(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C KC"}, turn=0)
    kit.play(state, 0, "3C", "single", 3)
    kit.pass_(state, 1)
    kit.play(state, 2, "5C", "single", 5)
    kit.pass_(state, 3)
    kit.pass_(state, 0)
    assert state.turn == 1
    kit.play(state, 1, "9S", "single", 9)
    assert state.table is not None and state.table.seat == 1


def test_finished_players_are_skipped(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 2: "5C 9H", 3: "6C 9C"}, places=[1], turn=0)
    kit.play(state, 0, "3C", "single", 3)
    assert state.turn == 2
    kit.pass_(state, 2)
    kit.pass_(state, 3)
    assert state.turn == 0 and state.table is None


def test_the_lead_passes_to_the_partner_of_a_player_who_went_out(kit: Any) -> None:
    state = kit.position({0: "3C", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    events = kit.play(state, 0, "3C", "single", 3)
    assert [e.data for e in events if e.kind == "out"] == [{"seat": 0, "place": 1}]
    assert state.turn == 1, "the others may still answer the last play"
    for seat in (1, 2):
        kit.pass_(state, seat)
    assert state.table is not None
    kit.pass_(state, 3)
    assert state.table is None and state.turn == 2


def test_a_follower_who_cannot_beat_the_table_has_only_pass_and_it_is_forced(kit: Any) -> None:
    state = kit.position({0: "AC 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    kit.play(state, 0, "AC", "single", 14)
    assert state.legal_actions(1) == [Pass()]
    (decision,) = state.pending()
    assert decision.seat == 1 and decision.forced == Pass() and decision.timed


def test_a_real_choice_is_not_forced(kit: Any) -> None:
    state = kit.position({0: "3C 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    (decision,) = state.pending()
    assert decision.forced is None and decision.timed and decision.fresh


def test_a_play_that_does_not_beat_the_table_is_refused_and_changes_nothing(kit: Any) -> None:
    state = kit.position({0: "9D 3C", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    kit.play(state, 0, "9D", "single", 9)
    before = state.to_json()
    for cards, kind, rank in (("4C", "single", 4), ("9S", "single", 9), ("4C 9S", "pair", 9)):
        with pytest.raises(IllegalAction):
            kit.play(state, 1, cards, kind, rank)
        assert state.to_json() == before


def test_only_held_cards_may_be_played(kit: Any) -> None:
    state = kit.position({0: "9D 3C", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    with pytest.raises(IllegalAction) as refused:
        kit.play(state, 0, "9S", "single", 9)
    assert refused.value.code == "not_in_hand"


def test_only_the_seat_to_act_may_act(kit: Any) -> None:
    state = kit.position({0: "9D 3C", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    with pytest.raises(IllegalAction) as refused:
        kit.play(state, 1, "4C", "single", 4)
    assert refused.value.code == "not_your_turn"
    assert state.legal_actions(1) == []


def test_a_play_with_wildcards_is_applied_with_the_reading_chosen(kit: Any) -> None:
    state = kit.position({0: "3S 4D 5C 2H 2H' 9D", 1: "4C 9S", 2: "5C 9H", 3: "6C 9C"}, turn=0)
    readings = {
        p.rank for p in state.legal_actions(0) if isinstance(p, Play) and p.combo == "straight"
    }
    assert {5, 6, 7} <= readings
    events = kit.play(state, 0, "3S 4D 5C 2H 2H'", "straight", 6)
    (play,) = [e.data for e in events if e.kind == "play"]
    assert play["combo"] == "straight" and play["rank"] == 6
    assert sorted(play["wild_as"]) == [2, 6]
