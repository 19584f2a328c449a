"""Following (rules: "Follow the effective suit as far as possible …"), one card per action."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import parse_many
from games.core import IllegalAction
from games.tractor.actions import Play

SPADES = 3


def test_follow_the_led_suit_as_far_as_you_can(kit: Any) -> None:
    state = kit.position({0: "9H 4D", 1: "3H KS 4C 5C"}, level=5)
    kit.play(state, 0, "9H")
    assert kit.legal_cards(state, 1) == {"3H"}
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        kit.play(state, 1, "KS")
    assert caught.value.code == "must_follow" and state.to_json() == before


def test_level_cards_and_jokers_belong_to_trump_not_to_their_suit(kit: Any) -> None:
    state = kit.position({0: "9S 9H", 1: "5H BJ 9H' 3C"}, level=5, trump=SPADES)
    kit.play(state, 0, "9S")
    assert kit.legal_cards(state, 1) == {"5H", "BJ"}, "a trump lead: the level card and joker"
    state = kit.position({0: "9H 9S", 1: "5H 3C"}, level=5, trump=SPADES)
    kit.play(state, 0, "9H")
    assert kit.legal_cards(state, 1) == {"5H", "3C"}, "the 5 of hearts is no heart: void"


def test_following_a_pair_give_a_pair_of_the_suit_if_you_have_one(kit: Any) -> None:
    state = kit.position({0: "9H 9H' 2C 2D", 1: "3H 3H' 4H KH 2S 3C"}, level=5)
    kit.play(state, 0, "9H 9H'")
    assert kit.legal_cards(state, 1) == {"3H", "3H'"}
    kit.play(state, 1, "3H")
    assert kit.legal_cards(state, 1) == {"3H'"}


def test_following_a_pair_without_a_pair_any_two_cards_of_the_suit(kit: Any) -> None:
    state = kit.position({0: "9H 9H'", 1: "3H 4H KH 3C"}, level=5)
    kit.play(state, 0, "9H 9H'")
    assert kit.legal_cards(state, 1) == {"3H", "4H", "KH"}


def test_following_a_tractor_give_as_many_pairs_as_you_can_consecutive_or_not(kit: Any) -> None:
    hand = "3H 3H' 7H 7H' JH JH' 4H KH"
    state = kit.position({0: "9H 9H' 10H 10H' 2C 3C 4C 6C", 1: hand}, level=5)
    kit.play(state, 0, "9H 9H' 10H 10H'")
    assert kit.legal_cards(state, 1) == set(hand.split()) - {"4H", "KH"}
    kit.play(state, 1, "3H 3H' JH")
    assert kit.legal_cards(state, 1) == {"JH'"}, "3-3 and J-J: two pairs, not consecutive"
    kit.play(state, 1, "JH'")
    assert state.turn == 2


def test_following_a_tractor_with_one_pair_give_it_and_two_more_of_the_suit(kit: Any) -> None:
    state = kit.position({0: "9H 9H' 10H 10H' 2C 3C 4C", 1: "3H 3H' 4H KH QH 2C' 3C'"}, level=5)
    kit.play(state, 0, "9H 9H' 10H 10H'")
    kit.play(state, 1, "4H KH")
    assert kit.legal_cards(state, 1) == {"3H", "3H'"}, "the pair must come now"


def test_short_of_the_suit_play_all_of_it_and_fill_freely(kit: Any) -> None:
    state = kit.position({0: "9H 9H' 10H 10H' 2C", 1: "3H KH 4C 6C 8S"}, level=5)
    kit.play(state, 0, "9H 9H' 10H 10H'")
    assert kit.legal_cards(state, 1) == {"3H", "KH", "4C", "6C", "8S"}
    kit.play(state, 1, "4C 8S")
    assert kit.legal_cards(state, 1) == {"3H", "KH"}, "the hearts must all come"


def test_void_in_the_suit_discard_or_trump_and_trumping_is_never_compulsory(kit: Any) -> None:
    state = kit.position({0: "9H", 1: "3S 4C"}, level=5, trump=SPADES)
    kit.play(state, 0, "9H")
    assert kit.legal_cards(state, 1) == {"3S", "4C"}


def test_a_follow_is_given_one_card_at_a_time_as_one_continued_decision(kit: Any) -> None:
    state = kit.position({0: "9H 9H' 3C", 1: "3H 4H 5C"}, level=5)
    kit.play(state, 0, "9H 9H'")
    assert state.pending()[0].seat == 1 and state.pending()[0].fresh
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, Play(tuple(parse_many("3H 4H"))))
    assert caught.value.code == "one_card"
    kit.play(state, 1, "3H")
    decision = state.pending()[0]
    assert decision.seat == 1 and not decision.fresh
    assert decision.forced == Play(tuple(parse_many("4H"))), "one card left that may come"
    assert state.view(0)["trick"] == [
        {"seat": 0, "cards": ["9H", "9H'"]},
        {"seat": 1, "cards": ["3H"]},
    ]
