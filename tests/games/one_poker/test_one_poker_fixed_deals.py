"""The 'deals' option: entry k fixes the k-th shuffle of the stock (0: the match's first stock,
k >= 1: the k-th reshuffle of the discards), top of the stock first; shuffles beyond the list come
from the seed, and ``deal_for`` gives the entry that shuffles exactly as the seed does."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import deck, parse, parse_many, show
from games.core import DEALS_OPTION, GameError
from games.one_poker import GAME
from games.one_poker.actions import Lock
from games.one_poker.deals import deal_for
from games.one_poker.state import OnePokerState
from games.poker.betting import BetAction
from support.sizes import examples


def test_the_first_entry_puts_its_cards_on_top_of_the_stock_in_order() -> None:
    st = OnePokerState.new(2, {DEALS_OPTION: [["AH", "4S'", "2D", "5C"]]}, 3)
    assert st.hands == [parse_many("AH 2D"), [parse("4S'"), parse("5C")]]
    named = set(parse_many("AH 4S' 2D 5C"))
    assert sorted(st.stock) == sorted(c for c in deck(2, jokers=False) if c not in named)


def test_the_rest_of_the_first_stock_keeps_the_seeded_order() -> None:
    top = ["AH", "4S'"]
    st = OnePokerState.new(2, {DEALS_OPTION: [top]}, 3)
    order = [parse(c) for c in deal_for(2, 3, 0)]
    rest = [c for c in order if c not in set(parse_many("AH 4S'"))]
    drawn = [*parse_many("AH 4S'"), *rest[:2]]
    assert st.hands == [[drawn[0], drawn[2]], [drawn[1], drawn[3]]]
    assert st.stock == rest[2:][::-1]


def reshuffle_now(st: OnePokerState) -> OnePokerState:
    """The same match with every stock card but none moved to the discards: the next deal
    reshuffles (as after 50 deals)."""
    data = st.to_json()
    data["discards"] = data["stock"]
    data["stock"] = []
    return OnePokerState.from_json(data)


def finish_deal(st: OnePokerState) -> None:
    st.apply(0, st.legal_actions(0)[0])
    st.apply(1, st.legal_actions(1)[0])
    st.apply(st.first, BetAction("check"))
    st.apply(1 - st.first, BetAction("check"))


def test_the_second_entry_orders_the_first_reshuffle_skipping_cards_in_a_hand() -> None:
    st = OnePokerState.new(2, {DEALS_OPTION: [["AH", "4S", "2D", "5C"], ["2D", "KC'", "QC'"]]}, 3)
    st = reshuffle_now(st)
    st.apply(0, Lock(parse("AH")))
    st.apply(1, Lock(parse("4S")))
    st.apply(0, BetAction("check"))
    st.apply(1, BetAction("check"))
    assert st.reshuffles == 1
    # seat 0 kept 2D (so it is skipped); it won and draws first: KC', then seat 1 QC'
    assert st.hands == [[parse("2D"), parse("KC'")], [parse("5C"), parse("QC'")]]


def test_shuffles_beyond_the_list_come_from_the_seed() -> None:
    fixed = reshuffle_now(OnePokerState.new(2, {DEALS_OPTION: [["AH", "4S", "2D", "5C"]]}, 3))
    seeded = reshuffle_now(OnePokerState.new(2, {}, 3))
    finish_deal(fixed)
    finish_deal(seeded)
    pile_fixed, pile_seeded = set(fixed.stock), set(seeded.stock)
    order = [parse(c) for c in reversed(deal_for(2, 3, 1))]
    assert fixed.stock == [c for c in order if c in pile_fixed]
    assert seeded.stock == [c for c in order if c in pile_seeded]


def test_deal_for_lists_every_card_of_the_shuffle_top_first() -> None:
    entry = deal_for(2, 7, 0)
    seeded = OnePokerState.new(2, {}, 7)
    assert len(entry) == 104 and len(set(entry)) == 104
    assert entry[:4] == [
        show(c)
        for c in (
            *seeded.hands[0][:1],
            *seeded.hands[1][:1],
            seeded.hands[0][1],
            seeded.hands[1][1],
        )
    ]
    assert entry[4:] == [show(c) for c in reversed(seeded.stock)]


def play_both(seed: int) -> int:
    """A long seeded match and one built from deal_for with another seed, played alike; the views
    must agree at every step, through two reshuffles."""
    deals = [deal_for(2, seed, k) for k in range(6)]
    options: dict[str, Any] = {"stacks": [150, 150]}
    dealt = OnePokerState.new(2, options, seed)
    fixed = OnePokerState.new(2, {**options, DEALS_OPTION: json.loads(json.dumps(deals))}, seed + 1)
    rng = random.Random(seed)
    while not dealt.is_over() and dealt.reshuffles < 2:
        for viewer in (None, 0, 1):
            assert json.dumps(fixed.view(viewer)) == json.dumps(dealt.view(viewer))
        seat = rng.choice(list(dealt.pending())).seat
        legal = list(dealt.legal_actions(seat))
        passive = [a for a in legal if isinstance(a, BetAction) and a.kind in ("check", "call")]
        action = rng.choice(passive or legal)
        dealt.apply(seat, action)
        fixed.apply(seat, action)
    assert json.dumps(fixed.view(None)) == json.dumps(dealt.view(None))
    return dealt.reshuffles


def test_deal_for_reproduces_the_seeds_stock_through_reshuffles() -> None:
    reshuffled = [play_both(seed) for seed in range(examples(quick=1, thorough=10))]
    assert max(reshuffled) == 2


def test_the_old_stock_option_is_refused_pointing_to_deals() -> None:
    with pytest.raises(GameError, match="'deals'"):
        OnePokerState.new(2, {"stock": ["AH"]}, 1)


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        (["AH"], "non-empty list of card names"),
        ({"0": ["AH"]}, "one entry per shuffle"),
        ([[]], "non-empty list"),
        ([None], "non-empty list"),
        ([{}], "non-empty list"),
        ([["AH", "AH"]], "AH is listed twice"),
        ([["AH'", "AH'"]], "AH' is listed twice"),
        ([["BJ"]], "not a card of two packs without jokers"),
        ([["not a card"]], "not a card"),
        ([[7]], "not a card"),
        ([["AH"], ["ZZ"]], r"deals\[1\]"),
    ],
)
def test_a_bad_deals_entry_is_refused_saying_what_is_wrong(deals: Any, says: str) -> None:
    with pytest.raises(GameError, match=says):
        GAME.new_state(2, {DEALS_OPTION: deals}, 1)


def test_a_snapshot_from_before_the_option_still_loads() -> None:
    data = OnePokerState.new(2, {}, 4).to_json()
    del data["deals"]
    assert OnePokerState.from_json(data).to_json() == OnePokerState.new(2, {}, 4).to_json()
