"""The play, named after the rules: the opening lead by the declarer's left, the dummy shown after
it, the declarer playing both hands, following suit, who wins a trick and who leads next."""

from __future__ import annotations

from typing import Any

import pytest

from games.bridge.actions import Play
from games.cards.notation import CARDS
from games.core import IllegalAction

# South declares 4S: West leads, North is dummy.
SPADES_DEAL = {
    0: "AS KS QS JS 10S AH KH QH 2D 3D 4D 5D 6D",
    1: "9S 8S 7S JH 10H 9H 8H AD KD QD JD 2C 3C",
    2: "6S 5S 4S 7H 6H 5H 4H 10D 9D 8D 7D 4C 5C",
    3: "3S 2S 3H 2H AC KC QC JC 10C 9C 8C 7C 6C",
}


def spades_contract(kit: Any, calls: str = "1S p 4S p p p") -> Any:
    return kit.state(SPADES_DEAL, calls)


def names(actions: Any) -> set[str]:
    from games.cards.notation import NAMES

    return {NAMES[a.card] for a in actions if isinstance(a, Play)}


def test_the_declarers_left_hand_opponent_makes_the_opening_lead(kit: Any) -> None:
    state = spades_contract(kit)
    assert state.pending()[0].seat == kit.WEST
    # With East declaring, South (East's left) leads.
    state = kit.state(SPADES_DEAL, "p 1H p 1S p p p")
    assert state.contract is not None and state.contract.declarer == kit.EAST
    assert state.pending()[0].seat == kit.SOUTH


def test_the_dummy_is_shown_to_all_only_after_the_opening_lead(kit: Any) -> None:
    state = spades_contract(kit)
    north = set(SPADES_DEAL[2].split())
    for seat in (None, 0, 1, 3):
        assert state.view(seat)["dummy_hand"] is None
        assert north <= set(state.hidden_from(seat))
    events = kit.play(state, "JH")
    dummy = [e.data for e in events if e.kind == "dummy"]
    assert dummy and dummy[0]["seat"] == kit.NORTH and set(dummy[0]["dummy_hand"]) == north
    for seat in (None, 0, 1, 3):
        assert set(state.view(seat)["dummy_hand"]) == north
        assert not north & set(state.hidden_from(seat))
    assert set(state.hidden_from(None)) == set(SPADES_DEAL[0].split()) | set(
        SPADES_DEAL[3].split()
    ) | (set(SPADES_DEAL[1].split()) - {"JH"})


def test_the_declarer_plays_both_hands(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "JH")
    decision = state.pending()[0]
    assert decision.seat == kit.SOUTH, "South plays the dummy's card"
    assert state.hand_to_play == kit.NORTH
    assert names(state.legal_actions(kit.SOUTH)) == {"7H", "6H", "5H", "4H"}
    assert state.legal_actions(kit.NORTH) == [], "the dummy never acts"
    with pytest.raises(IllegalAction):
        state.apply(kit.NORTH, Play(CARDS["4H"]))
    kit.play(state, "4H 3H")
    assert state.pending()[0].seat == kit.SOUTH and state.hand_to_play == kit.SOUTH
    assert names(state.legal_actions(kit.SOUTH)) == {"AH", "KH", "QH"}


def test_north_plays_souths_cards_when_south_is_dummy(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "p p 1S p 4S p p p")  # North named spades first
    assert state.contract is not None and state.contract.declarer == kit.NORTH
    assert state.pending()[0].seat == kit.EAST
    kit.play(state, "3H")  # East leads
    assert state.hand_to_play == kit.SOUTH and state.pending()[0].seat == kit.NORTH
    assert names(state.legal_actions(kit.NORTH)) == {"AH", "KH", "QH"}
    with pytest.raises(IllegalAction) as error:
        state.apply(kit.SOUTH, Play(CARDS["AH"]))
    assert error.value.code == "not_your_turn"
    state.apply(kit.NORTH, Play(CARDS["AH"]))
    assert state.pending()[0].seat == kit.WEST


def test_players_must_follow_the_suit_led_when_they_can(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "AD")  # West leads a diamond
    assert names(state.legal_actions(kit.SOUTH)) == {"10D", "9D", "8D", "7D"}  # dummy's diamonds
    with pytest.raises(IllegalAction) as error:
        state.apply(kit.SOUTH, Play(CARDS["4C"]))
    assert error.value.code == "must_follow_suit"
    with pytest.raises(IllegalAction) as error:
        state.apply(kit.SOUTH, Play(CARDS["AS"]))  # in South's own hand, not the dummy's
    assert error.value.code == "not_in_hand"


def test_a_player_without_the_suit_may_play_any_card_and_need_not_trump(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "AD 7D")
    east = state.legal_actions(kit.EAST)
    assert names(east) == set(SPADES_DEAL[3].split()), "East has no diamond: any card"
    kit.play(state, "2H")  # a discard, not a trump


def test_the_highest_card_of_the_suit_led_wins_when_no_trump_is_played(kit: Any) -> None:
    state = spades_contract(kit)
    events = kit.play(state, "KD 7D 2H 2D")
    trick = [e.data for e in events if e.kind == "trick"][0]
    assert trick["winner"] == kit.WEST and trick["number"] == 1


def test_the_highest_trump_wins_a_trick(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "KD 7D 2S 2D")  # East ruffs West's king
    assert state.tricks[-1].winner == kit.EAST
    assert state.pending()[0].seat == kit.EAST, "the trick's winner leads next"
    kit.play(state, "AC 10S 2C 4C")  # South, void in clubs, ruffs East's ace
    assert state.tricks[-1].winner == kit.SOUTH


def test_in_notrump_only_the_suit_led_can_win(kit: Any) -> None:
    state = kit.state(SPADES_DEAL, "1NT p p p")
    kit.play(state, "AD 7D 2S 2D")
    assert state.tricks[-1].winner == kit.WEST, "a spade discard does not win in no trump"


def test_the_winner_of_a_trick_leads_to_the_next(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "JH 4H 3H AH")
    assert state.tricks[-1].winner == kit.SOUTH and state.leader == kit.SOUTH
    assert state.pending()[0].seat == kit.SOUTH and state.hand_to_play == kit.SOUTH
    kit.play(state, "AS 7S 4S 2S")
    assert state.leader == kit.SOUTH
    kit.play(state, "2D")
    assert state.hand_to_play == kit.WEST


def test_after_thirteen_tricks_the_deal_is_over_and_scored(kit: Any) -> None:
    state = spades_contract(kit)
    while not state.is_over():
        seat = state.pending()[0].seat
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.tricks) == 13 and sum(state.tricks_won()) == 13
    view = state.view(kit.WEST)
    assert view["result"]["score"]["tricks"] == state.tricks_won()[0]
    assert view["result"]["scores"]["ns"] == -view["result"]["scores"]["ew"]
    assert view["deal"][kit.EAST] == SPADES_DEAL[3].split(), "every hand is shown at the end"
    assert state.hidden_from(None) == []


def test_every_trick_and_its_winner_is_public(kit: Any) -> None:
    state = spades_contract(kit)
    kit.play(state, "JH 4H 3H AH")
    for seat in (None, 0, 1, 2, 3):
        view = state.view(seat)
        assert view["tricks"] == [
            {
                "leader": 1,
                "cards": [
                    {"seat": 1, "card": "JH"},
                    {"seat": 2, "card": "4H"},
                    {"seat": 3, "card": "3H"},
                    {"seat": 0, "card": "AH"},
                ],
                "winner": 0,
            }
        ]
        assert view["tricks_won"] == [1, 0]
