"""The 'deals' option: entry i fixes hand i (hole cards, board, the top of the pack), hands beyond
the list come from the seed, and ``deal_for`` gives the entry that deals exactly what the seed
deals — whoever holds the button and whoever is still in."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import deck, parse_many, show
from games.core import DEALS_OPTION, GameError
from games.holdem import GAME
from games.holdem.deals import deal_for
from games.holdem.state import HoldemState
from games.poker.betting import BetAction
from support.sizes import examples

PACK_TOP = "AS KS QS JS 2C 3C 4C 5C 9D 8D 7D 6D 10H 10C 2H 3H".split()
"""16 cards: eight hole cards, then burn, flop, burn, turn, burn, river."""


def fold_round(st: HoldemState) -> None:
    """Everyone folds to the big blind: the hand ends without a flop."""
    hand = st.hand_no
    while st.hand_no == hand:
        seat = st.pending()[0].seat
        st.apply(seat, BetAction("fold"))


def test_a_fixed_pack_is_dealt_two_rounds_from_the_buttons_left_with_burn_cards() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [{"pack": PACK_TOP}]}, 1)
    cards = parse_many(" ".join(PACK_TOP))
    # button 0: seats 1, 2, 3, 0 get one card each, then a second round in the same order
    assert st.hole == [
        [cards[3], cards[7]],
        [cards[0], cards[4]],
        [cards[1], cards[5]],
        [cards[2], cards[6]],
    ]
    assert st.board_all == [cards[9], cards[10], cards[11], cards[13], cards[15]]


def test_fixed_hole_cards_and_board_leave_the_rest_to_the_hands_seeded_shuffle() -> None:
    entry = {"hole": {"2": ["AS", "AD"]}, "board": ["KS", "KD"]}
    st = HoldemState.new(4, {DEALS_OPTION: [entry]}, 5)
    named = set(parse_many("AS AD KS KD"))
    rest = [c for c in deck(1, jokers=False) if c not in named]
    drawn = random.Random("5:0").sample(rest, 16)
    assert st.hole[2] == parse_many("AS AD")
    assert st.hole[1] == [drawn[0], drawn[3]] and st.hole[3] == [drawn[1], drawn[4]]
    assert st.hole[0] == [drawn[2], drawn[5]]
    # the fixed board cards take the first places; burns and the turn/river stay where they were
    assert st.board_all == [*parse_many("KS KD"), drawn[9], drawn[11], drawn[13]]


def test_hands_beyond_the_list_come_from_the_seed() -> None:
    fixed = HoldemState.new(4, {DEALS_OPTION: [{"pack": PACK_TOP}]}, 8)
    seeded = HoldemState.new(4, {}, 8)
    assert fixed.hole != seeded.hole
    fold_round(fixed)
    fold_round(seeded)
    assert fixed.hand_no == seeded.hand_no == 1
    assert fixed.hole == seeded.hole and fixed.board_all == seeded.board_all


def test_deal_for_names_the_seeded_pack_of_the_hand() -> None:
    entry = deal_for(4, 3, 2)
    top = random.Random("3:2").sample(deck(1, jokers=False), 16)
    assert entry == {"pack": [show(c) for c in top]}
    assert json.loads(json.dumps(entry)) == entry


def _play_both(seed: int, seats: int, stacks: list[int], hands: int) -> int:
    """Play a seeded match and one with deal_for's entries side by side; views must agree."""
    deals = [deal_for(seats, seed, i) for i in range(hands)]
    options: dict[str, Any] = {"stacks": stacks}
    dealt = HoldemState.new(seats, options, seed)
    fixed = HoldemState.new(seats, {**options, DEALS_OPTION: deals}, seed + 12345)
    rng = random.Random(seed)
    steps = 0
    while not dealt.is_over() and dealt.hand_no < hands:
        for viewer in [None, *range(seats)]:
            assert json.dumps(fixed.view(viewer)) == json.dumps(dealt.view(viewer))
        seat = dealt.pending()[0].seat
        action = rng.choice(list(dealt.legal_actions(seat)))
        dealt.apply(seat, action)
        fixed.apply(seat, action)
        steps += 1
    assert json.dumps(fixed.view(None)) == json.dumps(dealt.view(None))
    return steps


def test_deal_for_reproduces_the_seeds_hands_whoever_is_still_in() -> None:
    """Short stacks bust players early, so the button skips seats and fewer seats are dealt in."""
    for n in range(examples(quick=3, thorough=40)):
        stacks = [random.Random(n).choice([30, 60, 200, 1000]) for _ in range(4)]
        _play_both(n, 4, stacks, 40)
        _play_both(n, 3, stacks[:3], 40)


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        ({"pack": PACK_TOP}, "list with one entry per hand"),
        (["AS"], "an entry is an object"),
        ([{"cards": ["AS"]}], "unknown key"),
        ([{}], "fixes no card"),
        ([{"hole": {"0": ["AS", "KS", "QS"]}}], "exactly two hole cards"),
        ([{"hole": {"4": ["AS", "KS"]}}], "no seat 4"),
        ([{"hole": {"first": ["AS", "KS"]}}], "seat numbers"),
        ([{"hole": {"0": ["AS", "KS"]}, "board": ["AS"]}], "AS is placed twice"),
        ([{"pack": ["AS", "AS"]}], "AS is placed twice"),
        ([{"board": ["AS", "KS", "QS", "JS", "10S", "9S"]}], "at most 5"),
        ([{"pack": ["7H'"]}], "not a card of one pack"),
        ([{"pack": ["BJ"]}], "not a card of one pack"),
        ([{"pack": ["not a card"]}], "not a card of one pack"),
        ([{"board": [7]}], "not a card of one pack"),
        ([{"board": "AS KS QS"}], "a list of card names"),
    ],
)
def test_a_bad_deals_entry_is_refused_saying_what_is_wrong(deals: Any, says: str) -> None:
    with pytest.raises(GameError, match=says):
        GAME.new_state(4, {DEALS_OPTION: deals}, 1)


def test_the_deals_survive_a_snapshot() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [{"pack": PACK_TOP}, {"board": ["TS"]}]}, 1)
    again = HoldemState.from_json(json.loads(json.dumps(st.to_json())))
    assert again.deals == st.deals and again.to_json() == st.to_json()
    fold_round(again)
    assert again.board_all[0] == parse_many("10S")[0]
