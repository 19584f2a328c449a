"""Leads (rules: "Lead: a single, a pair … or a tractor … in one effective suit"): the level rank
removed closes the gap, off-suit level cards never form tractors, no multi-part throws."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import parse_many
from games.core import IllegalAction
from games.tractor.actions import Play
from games.tractor.order import order
from games.tractor.tricks import classify

SPADES, HEARTS = 3, 2


def shape(cards: str, trump: int | None = SPADES, level: int = 5) -> tuple[str, int] | None:
    found = classify(parse_many(cards), order(trump, level))
    return None if found is None else (found.kind, found.pairs)


def test_a_lead_is_a_single_a_pair_of_identical_cards_or_a_tractor() -> None:
    assert shape("9H") == ("single", 0)
    assert shape("9H 9H'") == ("pair", 1)
    assert shape("9H 9H' 10H 10H'") == ("tractor", 2)
    assert shape("9H 9H' 10H 10H' JH JH'") == ("tractor", 3)


def test_removing_the_level_rank_closes_the_gap() -> None:
    assert shape("4H 4H' 6H 6H'", level=5) == ("tractor", 2), "at level 5, 4-4-6-6"
    assert shape("4H 4H' 6H 6H'", level=9) is None
    assert shape("KD KD' AD AD'", level=14) is None, "the level Ace is a trump"
    assert shape("QD QD' KD KD'", level=14) == ("tractor", 2)


def test_off_suit_level_cards_are_equal_and_never_form_a_tractor_with_each_other() -> None:
    assert shape("5H 5H' 5D 5D'") is None
    assert shape("5H 5H' 5D 5D'", trump=None) is None


def test_trump_tractors_run_through_the_level_cards_and_the_jokers() -> None:
    assert shape("5H 5H' 5S 5S'") == ("tractor", 2), "an off-suit level pair under the trump one"
    assert shape("AS AS' 5H 5H'") == ("tractor", 2), "the trump Ace under an off-suit level pair"
    assert shape("5S 5S' BJ BJ'") == ("tractor", 2)
    assert shape("BJ BJ' RJ RJ'") == ("tractor", 2)
    assert shape("AS AS' 5D 5D' 5S 5S' BJ BJ' RJ RJ'") == ("tractor", 5)
    assert shape("5C 5C' BJ BJ'", trump=None) == ("tractor", 2), "no-trump: level pair, jokers"
    assert shape("AS AS' 5S 5S'") is None, "an off-suit level pair must sit in between"
    assert shape("4S 4S' 6S 6S'") == ("tractor", 2)


def test_a_tractor_or_pair_needs_identical_cards_in_one_effective_suit() -> None:
    assert shape("5H 5D") is None, "two equal level cards are not identical"
    assert shape("9H 9D") is None
    assert shape("9S 9S' 5H 5H'") is None, "not consecutive"
    assert shape("9H 9H' 10D 10D'") is None
    assert shape("4H 4H' 5H 5H'") is None, "the level 5 of hearts is a trump"


@pytest.mark.parametrize(
    "cards",
    ["9H 9H' KH", "9H KH", "9H 9H' QH QH'", "9H 9H' 10H", "AH KH QH"],
)
def test_there_are_no_multi_part_throws(kit: Any, cards: str) -> None:
    state = kit.position({0: "9H 9H' 10H 10H' QH QH' KH AH", 1: "2C 3C 4C 6C 7C 8C 9C 10C"})
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Play(tuple(parse_many(cards))))
    assert caught.value.code == "bad_lead"
    assert state.to_json() == before


def test_the_legal_leads_are_every_single_pair_and_tractor_of_the_hand(kit: Any) -> None:
    state = kit.position({0: "4H 4H' 6H 6H' 7H 7H' 5D 5D' 5C 5C' AS AS' 9C"}, level=5, trump=SPADES)
    leads = kit.legal_leads(state, 0)
    singles = {n for n in "4H 4H' 6H 6H' 7H 7H' 5D 5D' 5C 5C' AS AS' 9C".split()}
    pairs = {"4H 4H'", "6H 6H'", "7H 7H'", "5D 5D'", "5C 5C'", "AS AS'"}
    tractors = {
        "4H 4H' 6H 6H'", "6H 6H' 7H 7H'", "4H 4H' 6H 6H' 7H 7H'",
        "AS AS' 5D 5D'", "AS AS' 5C 5C'",
    }  # fmt: skip
    assert leads == singles | pairs | tractors


def test_a_lead_of_cards_one_does_not_hold_is_refused(kit: Any) -> None:
    state = kit.position({0: "9H", 1: "3C"})
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, Play(tuple(parse_many("9H'"))))
    assert caught.value.code == "not_in_hand"
