"""Tribute and return ("Tribute" in ../shared/rules/french-54.md and "Tribut und Rückkehr" in the
German seed, which wins on conflict).

Each test plays out a tiny first deal (set with ``kit.position``) so that the second deal, fixed
with ``options["deals"]``, starts with the tribute.  First deal outcomes used:

* ``[0, 1, 2, 3]`` — seat 0 first, seat 3 last: single tribute 3 → 0; team 0 goes up 2 (level 4).
* ``[0, 2]`` — partners first and second: double tribute by 1 and 3; team 0 goes up 3 (level 5).
* ``[2, 0]`` — the same with seat 2 first.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import parse
from games.cards.notation import NAMES
from games.core import IllegalAction
from games.guandan.actions import Return
from games.guandan.combos import card_rank, is_wild
from games.guandan.state import GuandanState


def first_deal(kit: Any, outcome: str, second: dict[str, Any]) -> GuandanState:
    """Play the first deal to ``outcome`` and press Continue: the second deal (``second``) is
    dealt and its tribute paid."""
    deals = [kit.full_deal({}), second]
    state: GuandanState
    if outcome == "single":
        state = kit.position({0: "3C", 1: "4C", 2: "5C", 3: "AC AD"}, turn=0, deals=deals)
        for seat, card, rank in ((0, "3C", 3), (1, "4C", 4), (2, "5C", 5)):
            kit.play(state, seat, card, "single", rank)
    elif outcome == "double":
        state = kit.position({0: "3C", 1: "AC AD", 2: "5C", 3: "AS AH"}, turn=0, deals=deals)
        kit.play(state, 0, "3C", "single", 3)
        kit.pass_(state, 1)
        kit.play(state, 2, "5C", "single", 5)
    else:
        state = kit.position({2: "3C", 3: "AC AD", 0: "5C", 1: "AS AH"}, turn=2, deals=deals)
        kit.play(state, 2, "3C", "single", 3)
        kit.pass_(state, 3)
        kit.play(state, 0, "5C", "single", 5)
    kit.continue_all(state)
    return state


def hand_of(kit: Any, named: str, filler: str) -> str:
    """27 cards: ``named`` and then as many of the cards of the ``filler`` ranks as needed."""
    count = 27 - len(named.split())
    return f"{named} {kit.names_of(filler, 'CDHS', count=count)}"


def test_the_first_deal_has_no_tribute_and_its_leader_is_drawn() -> None:
    leaders = set()
    for seed in range(40):
        state = GuandanState.new(4, {}, seed)
        assert state.phase == "play" and state.payments == [] and state.view(0)["tribute"] is None
        assert state.turn is not None
        leaders.add(state.turn)
    assert leaders == {0, 1, 2, 3}


def test_the_last_player_gives_the_strongest_card_to_the_first(kit: Any) -> None:
    payer = hand_of(kit, "RJ AS KS", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer}))
    assert state.level == 4
    (payment,) = state.payments
    assert (payment.payer, payment.receiver, NAMES[payment.card]) == (3, 0, "RJ")
    assert parse("RJ") in state.hands[0] and parse("RJ") not in state.hands[3]
    assert len(state.hands[0]) == 28 and len(state.hands[3]) == 26


def test_the_tribute_is_never_a_heart_level_card_but_may_be_a_natural_level_card(kit: Any) -> None:
    payer = hand_of(kit, "4H 4H' 4S AS AD", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer}))
    (payment,) = state.payments
    assert NAMES[payment.card] == "4S", "the level rank is above the Ace; its hearts are wild"


def test_partners_first_and_second_take_a_tribute_from_both_opponents_higher_to_first(
    kit: Any,
) -> None:
    second = kit.full_deal({1: hand_of(kit, "KS", "2 3 10 J"), 3: hand_of(kit, "AS", "6 7 8 9")})
    state = first_deal(kit, "double", second)
    assert state.level == 5
    paid = {(p.payer, p.receiver, NAMES[p.card]) for p in state.payments}
    assert paid == {(3, 0, "AS"), (1, 2, "KS")}


def test_equal_tributes_go_in_turn_order_starting_from_the_first_placed_player(kit: Any) -> None:
    second = kit.full_deal({1: hand_of(kit, "AS", "6 7 8 9"), 3: hand_of(kit, "AD", "2 3 10 J")})
    state = first_deal(kit, "reverse", second)
    paid = {(p.payer, p.receiver) for p in state.payments}
    assert paid == {(3, 2), (1, 0)}, "seat 3 plays right after the first-placed seat 2"


def test_two_red_jokers_held_by_the_payer_cancel_the_tribute_and_first_leads(kit: Any) -> None:
    payer = hand_of(kit, "RJ RJ'", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer}))
    assert state.tribute_cancelled and state.payments == []
    assert state.phase == "play" and state.turn == 0
    assert state.view(1)["tribute"] == {"cancelled": True, "payments": []}


def test_two_red_jokers_held_by_the_two_payers_together_cancel_the_tribute(kit: Any) -> None:
    second = kit.full_deal({1: hand_of(kit, "RJ", "6 7 8 9"), 3: hand_of(kit, "RJ'", "2 3 10 J")})
    state = first_deal(kit, "double", second)
    assert state.tribute_cancelled and state.phase == "play" and state.turn == 0


def test_one_red_joker_does_not_cancel_the_tribute(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer, 1: "RJ'"}))
    assert not state.tribute_cancelled and state.phase == "return"


def test_the_receiver_returns_a_non_wild_card_of_rank_2_to_10(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer, 0: "4H AS KS 10S 4C"}))
    assert state.phase == "return"
    (decision,) = state.pending()
    assert decision.seat == 0 and decision.timed and decision.forced is None
    offered = state.legal_actions(0)
    assert offered and all(isinstance(a, Return) for a in offered)
    cards = [a.card for a in offered if isinstance(a, Return)]
    assert all(card_rank(c) <= 10 and not is_wild(c, state.level) for c in cards)
    assert parse("10S") in cards and parse("4C") in cards
    for refused in ("4H", "AS", "KS"):
        with pytest.raises(IllegalAction):
            state.apply(0, Return(parse(refused)))
    assert state.legal_actions(3) == []


def test_without_a_card_of_rank_2_to_10_the_return_is_one_of_the_weakest_cards(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    receiver = hand_of(kit, "", "J Q K A")
    state = first_deal(kit, "single", kit.full_deal({3: payer, 0: receiver}))
    cards = {NAMES[a.card] for a in state.legal_actions(0) if isinstance(a, Return)}
    assert cards == {"JC", "JD", "JH", "JS"}, "one per face: the two packs' copies are alike"


def test_a_single_possible_return_is_forced(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    receiver = f"JC BJ BJ' {kit.names_of('Q K A', 'CDHS')}"
    state = first_deal(kit, "single", kit.full_deal({3: payer, 0: receiver}))
    (decision,) = state.pending()
    assert decision.forced == Return(parse("JC"))


def test_the_player_who_receives_the_first_placed_players_return_leads(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer, 0: "10S"}))
    state.apply(0, Return(parse("10S")))
    assert parse("10S") in state.hands[3] and len(state.hands[3]) == 27
    assert state.phase == "play" and state.turn == 3


def test_after_a_double_tribute_both_receivers_return_and_first_places_payer_leads(
    kit: Any,
) -> None:
    second = kit.full_deal(
        {
            1: hand_of(kit, "AS", "6 7 8 9"),
            3: hand_of(kit, "KS", "2 3 10 J"),
            0: "4C",
            2: "4D",
        }
    )
    state = first_deal(kit, "double", second)
    assert sorted(d.seat for d in state.pending()) == [0, 2]
    state.apply(2, Return(parse("4D")))
    assert [d.seat for d in state.pending()] == [0]
    state.apply(0, Return(parse("4C")))
    assert parse("4C") in state.hands[1] and parse("4D") in state.hands[3]
    assert state.phase == "play" and state.turn == 1, "seat 1 paid the first-placed seat 0"


def test_tribute_and_return_cards_are_shown_to_everyone(kit: Any) -> None:
    payer = hand_of(kit, "RJ", "5 6 8 9")
    state = first_deal(kit, "single", kit.full_deal({3: payer, 0: "10S"}))
    events = state.apply(0, Return(parse("10S")))
    assert {"kind": "return", "seat": 0, "to": 3, "card": "10S"} in [
        {"kind": e.kind, **e.data} for e in events
    ]
    for seat in (1, 2, None):
        assert state.view(seat)["tribute"] == {
            "cancelled": False,
            "payments": [{"payer": 3, "receiver": 0, "card": "RJ", "returned": "10S"}],
        }
        hidden = set(state.hidden_from(seat))
        assert "RJ" not in hidden and "10S" not in hidden
