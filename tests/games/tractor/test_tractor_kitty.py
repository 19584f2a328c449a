"""The kitty (rules: "The dealer takes the kitty, buries 8 cards and leads"), and who sees it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import DEALS_OPTION, IllegalAction
from games.tractor.actions import Bury, Pass, Play
from games.tractor.state import TractorState

KITTY = "KS 10S 5D 3C 4C 6H 7H 8D"


def declared(kit: Any) -> TractorState:
    """Seat 1 declares hearts and deals the first deal; the kitty is :data:`KITTY`."""
    entry = kit.full_deal({1: "2H"}, kitty=KITTY, first=1)
    state = TractorState.new(4, {DEALS_OPTION: [entry]}, 3)
    kit.declare(state, 1, "2H")
    for seat in (2, 3, 0):
        kit.pass_(state, seat)
    return state


def words(payload: Any) -> set[str]:
    return set(json.dumps(payload).split('"'))


def test_the_dealer_takes_the_kitty_buries_eight_one_at_a_time_then_leads(kit: Any) -> None:
    state = declared(kit)
    assert state.phase == "bury" and state.turn == 1 and len(state.hands[1]) == 33
    assert state.pending()[0].fresh
    to_bury = state.hands[1][:8]
    for n, card in enumerate(to_bury):
        assert state.phase == "bury"
        assert {a for a in state.legal_actions(1)} == {Bury(c) for c in state.hands[1]}
        if n:
            assert not state.pending()[0].fresh, "the burial is one decision"
        state.apply(1, Bury(card))
    assert sorted(state.kitty) == sorted(to_bury) and len(state.hands[1]) == 25
    assert state.phase == "play" and state.turn == state.leader == 1
    assert all(isinstance(a, Play) for a in state.legal_actions(1))


def test_the_kitty_is_seen_only_by_the_dealer_while_burying(kit: Any) -> None:
    state = declared(kit)
    kitty = set(KITTY.split())
    assert set(state.view(1)["taken"]) == kitty
    for seat in (0, 2, 3, None):
        assert state.view(seat)["taken"] is None
        assert not kitty & words(state.view(seat)), f"seat {seat} saw the kitty"
        assert kitty <= set(state.hidden_from(seat))
    assert not kitty & set(state.hidden_from(1))
    kit.bury(state, 1, "KS 10S")
    assert state.view(1)["kitty"] == ["10S", "KS"] and state.view(2)["kitty"] is None
    assert state.view(2)["buried"] == 2
    assert {"KS", "10S"} <= set(state.hidden_from(3))


def test_after_the_burial_only_the_dealer_knows_the_buried_cards(kit: Any) -> None:
    state = declared(kit)
    kit.bury(state, 1, KITTY)
    assert sorted(state.view(1)["kitty"]) == sorted(KITTY.split())
    for seat in (0, 2, 3, None):
        assert state.view(seat)["kitty"] is None and state.view(seat)["buried"] == 8
        assert set(KITTY.split()) <= set(state.hidden_from(seat))


def test_burying_a_card_not_held_or_playing_before_the_burial_is_refused(kit: Any) -> None:
    state = declared(kit)
    before = state.to_json()
    other = state.hands[0][0]
    for seat, action in ((1, Bury(other)), (1, Play((state.hands[1][0],))), (1, Pass()),
                         (0, Bury(other))):  # fmt: skip
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before


def test_a_turned_up_kitty_is_known_to_everyone_while_the_dealer_buries(kit: Any) -> None:
    entry = kit.full_deal({}, kitty="9C 9D JC QC QD 4D 4S 5S", first=2)
    state = TractorState.new(4, {DEALS_OPTION: [entry]}, 3)
    for seat in (2, 3, 0, 1):
        state.apply(seat, Pass())
    assert state.turned and state.trump == 0 and state.dealer == 2
    for seat in (0, 1, 3, None):
        assert not {"9C", "JC"} & set(state.hidden_from(seat))
        assert state.view(seat)["turned"] == ["9C", "9D", "JC", "QC", "QD", "4D", "4S", "5S"]


def test_the_kitty_is_shown_to_all_when_the_deal_ends(kit: Any) -> None:
    state = kit.position({0: "AS", 1: "3H", 2: "4H", 3: "6H"}, trump=3, dealer=0, kitty="KD 10D 5C")
    events = kit.play(state, 0, "AS")
    for seat in (1, 2, 3):
        events += kit.play(state, seat, state.view(seat)["hand"][0])
    over = next(e for e in events if e.kind == "deal_over")
    assert over.data["kitty"] == ["5C", "10D", "KD"]
    assert state.view(2)["kitty"] == ["5C", "10D", "KD"] and not state.hidden_from(None)
