"""Declaring trump after the deal (rules: "Level … declare trump or pass"): single level card <
level pair < two Black Jokers < two Red Jokers, no equal overcall, nothing out of turn, three
passes close, four passes turn the kitty up, and who deals."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import parse_many
from games.core import DEALS_OPTION, IllegalAction
from games.tractor.actions import Declare, Pass
from games.tractor.state import DealResult, TractorState


def dealt(kit: Any, hands: dict[int, str], kitty: str = "", first: int = 0) -> TractorState:
    return TractorState.new(4, {DEALS_OPTION: [kit.full_deal(hands, kitty, first)]}, 1)


def later_deal(kit: Any, hands: dict[int, str], *, dealer: int, levels: tuple[int, int],
               kitty: str = "") -> TractorState:  # fmt: skip
    """A match whose second deal is ``hands``, dealt by ``dealer`` with the teams at ``levels``."""
    entry = kit.full_deal(hands, kitty, None, levels[dealer % 2])
    state = TractorState.new(4, {DEALS_OPTION: [kit.full_deal({}), entry]}, 1)
    state.levels = list(levels)
    state.previous = DealResult(0, 2, 0, "S", (0, 0), 0, 0, 1, 0, 0, 1, levels, dealer, False)
    state._start_deal(1)
    return state


def declarations(state: TractorState, seat: int) -> list[str]:
    return [
        " ".join(str(c) for c in a.cards)
        for a in state.legal_actions(seat)
        if isinstance(a, Declare)
    ]


def test_a_single_level_card_declares_its_suit_and_three_passes_close_the_bidding(kit: Any) -> None:
    state = dealt(kit, {0: "2H"})
    kit.declare(state, 0, "2H")
    for seat in (1, 2):
        kit.pass_(state, seat)
        assert state.phase == "bid"
    kit.pass_(state, 3)
    assert state.phase == "bury" and state.trump == 2 and state.dealer == 0
    assert state.view(1)["trump"] == "H"


def test_an_identical_level_pair_overcalls_a_single(kit: Any) -> None:
    state = dealt(kit, {0: "2H", 1: "2S 2S'"})
    kit.declare(state, 0, "2H")
    kit.declare(state, 1, "2S 2S'")
    for seat in (2, 3, 0):
        kit.pass_(state, seat)
    assert state.trump == 3


def test_two_different_level_cards_are_not_a_pair(kit: Any) -> None:
    state = dealt(kit, {0: "2H 2S"})
    with pytest.raises(IllegalAction) as caught:
        kit.declare(state, 0, "2H 2S")
    assert caught.value.code == "not_a_declaration"


def test_black_jokers_overcall_a_level_pair_and_declare_no_trump(kit: Any) -> None:
    state = dealt(kit, {0: "2H 2H'", 1: "BJ BJ'"})
    kit.declare(state, 0, "2H 2H'")
    kit.declare(state, 1, "BJ BJ'")
    for seat in (2, 3, 0):
        kit.pass_(state, seat)
    assert state.phase == "bury" and state.trump is None
    assert state.view(None)["trump"] == "NT"


def test_red_jokers_overcall_black_jokers(kit: Any) -> None:
    state = dealt(kit, {0: "BJ BJ'", 3: "RJ RJ'"}, first=0)
    kit.declare(state, 0, "BJ BJ'")
    kit.pass_(state, 1)
    kit.pass_(state, 2)
    kit.declare(state, 3, "RJ RJ'")
    assert state.view(0)["declaration"] == {
        "seat": 3, "cards": ["RJ", "RJ'"], "strength": "red_jokers", "suit": "NT",
    }  # fmt: skip
    assert state.legal_actions(0) == [Pass()], "nothing overcalls the Red Jokers"


@pytest.mark.parametrize(
    ("first", "second"), [("2H", "2S"), ("2H 2H'", "2S 2S'"), ("BJ BJ'", "BJ BJ'")]
)
def test_an_overcall_of_equal_strength_is_forbidden(kit: Any, first: str, second: str) -> None:
    if first == second:  # both Black Joker pairs cannot exist: overcall the Black Jokers' pair
        state = dealt(kit, {0: first, 1: "2S 2S'"})
        kit.declare(state, 0, first)
        assert declarations(state, 1) == []
        with pytest.raises(IllegalAction):
            kit.declare(state, 1, "2S 2S'")
        return
    state = dealt(kit, {0: first, 1: second})
    kit.declare(state, 0, first)
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        kit.declare(state, 1, second)
    assert caught.value.code == "no_overcall"
    assert state.to_json() == before


def test_nothing_can_be_reinforced_out_of_turn(kit: Any) -> None:
    state = dealt(kit, {0: "2H 2H'", 1: "2S 2S'"})
    kit.declare(state, 0, "2H")
    with pytest.raises(IllegalAction) as caught:
        kit.declare(state, 0, "2H 2H'")
    assert caught.value.code == "not_your_turn"
    kit.declare(state, 1, "2S 2S'")
    kit.pass_(state, 2)
    kit.pass_(state, 3)
    # Back in turn, the pair would only equal the pair on the table.
    assert declarations(state, 0) == []
    kit.pass_(state, 0)
    assert state.trump == 3


def test_a_player_who_passed_may_still_overcall_when_the_turn_comes_back(kit: Any) -> None:
    state = dealt(kit, {0: "BJ BJ'", 1: "2D"})
    kit.pass_(state, 0)
    kit.declare(state, 1, "2D")
    kit.pass_(state, 2)
    kit.pass_(state, 3)
    kit.declare(state, 0, "BJ BJ'")
    for seat in (1, 2, 3):
        kit.pass_(state, seat)
    assert state.trump is None and state.dealer == 1, "the first declarer deals the first deal"


def test_in_the_first_deal_the_first_declarer_becomes_the_dealer_even_when_overcalled(
    kit: Any,
) -> None:
    state = dealt(kit, {2: "2C", 3: "2D 2D'"}, first=2)
    kit.declare(state, 2, "2C")
    assert state.dealer == 2
    kit.declare(state, 3, "2D 2D'")
    for seat in (0, 1, 2):
        kit.pass_(state, seat)
    assert state.dealer == 2 and state.trump == 1
    assert state.phase == "bury" and state.turn == 2 and len(state.hands[2]) == 33


def test_four_passes_turn_the_kitty_up_and_its_first_card_that_is_not_a_joker_is_trump(
    kit: Any,
) -> None:
    state = dealt(kit, {0: "3C", 1: "3D", 2: "3H", 3: "3S"}, kitty="RJ BJ' 9H 2S", first=1)
    for seat in (1, 2, 3, 0):
        kit.pass_(state, seat)
    assert state.trump == 2 and state.turned
    assert state.dealer == 1, "no dealer yet in the first deal: the seat that spoke first"
    for seat in (0, 1, 2, 3, None):
        assert state.view(seat)["turned"][:3] == ["RJ", "BJ'", "9H"]
    assert state.view(1)["taken"] is not None and state.view(3)["taken"] is not None


def test_in_a_later_deal_the_dealer_speaks_first_and_stays_when_everyone_passes(kit: Any) -> None:
    state = later_deal(kit, {}, dealer=3, levels=(6, 9), kitty="10D")
    assert state.dealer == 3 and state.level == 9 and state.turn == 3
    for seat in (3, 0, 1, 2):
        kit.pass_(state, seat)
    assert state.dealer == 3 and state.trump == 1 and state.phase == "bury"


def test_a_later_deal_is_played_at_the_dealer_teams_level_and_declared_with_its_cards(
    kit: Any,
) -> None:
    state = later_deal(kit, {0: "9S", 1: "6H"}, dealer=0, levels=(6, 9))
    assert state.level == 6
    assert declarations(state, 0) == [], "a 9 is no level card at level 6"
    with pytest.raises(IllegalAction):
        kit.declare(state, 0, "9S")
    kit.pass_(state, 0)
    kit.declare(state, 1, "6H")
    for seat in (2, 3, 0):
        kit.pass_(state, seat)
    assert state.dealer == 0 and state.trump == 2, "the declaration sets trump, not the dealer"


def test_the_level_card_of_the_first_deal_is_the_2(kit: Any) -> None:
    state = dealt(kit, {0: "3H 2H"})
    assert declarations(state, 0) == [str(c) for c in parse_many("2H")]
    with pytest.raises(IllegalAction):
        kit.declare(state, 0, "3H")


def test_a_declaration_shows_its_cards_and_the_bar_lists_what_can_still_overcall(kit: Any) -> None:
    state = dealt(kit, {0: "2H", 1: "2S 2S'"})
    assert state.view(0)["overcall_with"] == ["single", "pair", "black_jokers", "red_jokers"]
    kit.declare(state, 0, "2H")
    for seat in (0, 1, 2, 3, None):
        view = state.view(seat)
        assert view["overcall_with"] == ["pair", "black_jokers", "red_jokers"]
        assert view["declaration"]["cards"] == ["2H"] and view["bids"][-1]["seat"] == 0
    kit.declare(state, 1, "2S 2S'")
    assert state.view(2)["overcall_with"] == ["black_jokers", "red_jokers"]


def test_one_joker_or_a_card_one_does_not_hold_declares_nothing(kit: Any) -> None:
    state = dealt(kit, {0: "BJ 2C"})
    for cards, code in (("BJ", "not_a_declaration"), ("2D", "not_in_hand")):
        with pytest.raises(IllegalAction) as caught:
            kit.declare(state, 0, cards)
        assert caught.value.code == code
    with pytest.raises(IllegalAction):
        state.apply(0, Declare(()))
