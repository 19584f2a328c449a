"""Bridge against the engine contract (games/core.py): the generic conformance run, forfeits, the
deal (one card at a time from West, vulnerability before the deal), fixed deals, the codec and
what each seat may see."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.bridge.actions import Bid, Double, Pass, Play, Redouble, decode_action, encode_action
from games.bridge.deals import DECK, VULNERABILITIES, deal_for, deal_out, shuffled_deal
from games.bridge.declaration import GAME
from games.bridge.state import BridgeState
from games.cards.notation import CARDS, NAMES
from games.cards.shedding import Pass as SheddingPass
from games.core import DEALS_OPTION, GameError, IllegalAction, MalformedAction, RatingMode
from support.contract import (
    JUNK,
    assert_same_views,
    check_declared,
    check_game,
    check_partnership_forfeits,
    check_refused_unchanged,
    json_copy,
    random_step,
)
from support.sizes import examples

# ---- the generic conformance run ---------------------------------------------------------------


def test_random_deals_keep_the_engine_contract_at_every_step() -> None:
    check_game(GAME, 4, matches=examples(6, 60))


def test_the_game_is_declared_for_four_seats_rated_as_partnerships() -> None:
    check_declared(GAME, "bridge", (4,), RatingMode.TEAMS)
    assert list(GAME.bots)[0] == "random" and len(GAME.bots) >= 1


# ---- the deal ----------------------------------------------------------------------------------


def test_the_cards_are_dealt_one_at_a_time_clockwise_starting_with_west() -> None:
    pack = [NAMES[c] for c in DECK]
    state = BridgeState.new(4, {DEALS_OPTION: [{"cards": pack}]}, 1)
    # South deals: West (seat 1) gets the first card, North the second, East the third, South
    # the fourth, and so on round the table.
    for k, name in enumerate(pack):
        assert name in state.view((1 + k) % 4)["hand"]
    assert deal_out(list(range(52)))[1][:3] == (0, 4, 8)


def test_each_player_gets_thirteen_cards_of_the_52_without_jokers() -> None:
    for seed in range(examples(20, 200)):
        state = BridgeState.new(4, {}, seed)
        hands = [set(state.view(s)["hand"]) for s in range(4)]
        assert [len(h) for h in hands] == [13] * 4
        assert set().union(*hands) == {NAMES[c] for c in DECK}
        assert not {"BJ", "RJ"} & set().union(*hands)


def test_the_vulnerability_is_chosen_before_the_deal_as_an_option() -> None:
    for vulnerability in VULNERABILITIES:
        state = BridgeState.new(4, {"vulnerability": vulnerability}, 3)
        assert state.view(None)["vulnerability"] == vulnerability
        # Choosing it does not change the cards the seed deals.
        assert state.deal == BridgeState.new(4, {}, 3).deal
    with pytest.raises(GameError, match="vulnerability"):
        BridgeState.new(4, {"vulnerability": "north"}, 3)


def test_without_the_option_the_seed_chooses_the_vulnerability_before_the_shuffle() -> None:
    seen = {BridgeState.new(4, {}, seed).vulnerability for seed in range(60)}
    assert seen == set(VULNERABILITIES)
    for seed in range(10):
        assert BridgeState.new(4, {}, seed).vulnerability == shuffled_deal(seed, 0).vulnerability


def test_a_fixed_deal_gives_the_four_hands_and_the_vulnerability() -> None:
    names = [NAMES[c] for c in DECK]
    hands = [names[13 * s : 13 * (s + 1)] for s in range(4)]
    state = BridgeState.new(4, {DEALS_OPTION: [{"hands": hands, "vulnerability": "ew"}]}, 9)
    for seat in range(4):
        assert sorted(state.view(seat)["hand"]) == sorted(hands[seat])
    assert state.vulnerability == "ew"
    # Without a vulnerability the option or else the seed chooses it.
    bare = BridgeState.new(4, {DEALS_OPTION: [{"hands": hands}], "vulnerability": "both"}, 9)
    assert bare.vulnerability == "both"
    seeded = BridgeState.new(4, {DEALS_OPTION: [{"hands": hands}]}, 9)
    assert seeded.vulnerability == shuffled_deal(9, 0).vulnerability
    with pytest.raises(GameError, match="disagree"):
        BridgeState.new(
            4, {DEALS_OPTION: [{"hands": hands, "vulnerability": "ns"}], "vulnerability": "ew"}, 9
        )


def test_fixed_deals_from_deal_for_play_exactly_like_the_seed() -> None:
    for n in range(examples(4, 40)):
        seed, other = 300 + n, 77_000 + n
        deals = [json_copy(deal_for(4, seed, i)) for i in range(3)]
        dealt = GAME.new_state(4, {}, seed)
        fixed = GAME.new_state(4, {DEALS_OPTION: deals}, other)
        rng = random.Random(seed)
        while True:
            assert_same_views(fixed, dealt, 4)
            assert fixed.to_json() | {"seed": 0} == dealt.to_json() | {"seed": 0}
            if dealt.is_over():
                break
            seat, action = random_step(dealt, rng)
            fixed.apply(seat, action)


def _hands() -> list[list[str]]:
    names = [NAMES[c] for c in DECK]
    return [names[13 * s : 13 * (s + 1)] for s in range(4)]


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        ("not a list", "must be a list"),
        ([["not a card"]], "52"),
        (["x"], "list of 52"),
        ([None], "list of 52"),
        ([{}], "either 'hands'"),
        ([{"hands": _hands(), "extra": 1}], "either 'hands'"),
        ([{"hands": _hands()[:3]}], "four seats"),
        ([{"hands": [h[:12] for h in _hands()]}], "13 card names"),
        ([{"hands": [["7H"] * 13, *_hands()[1:]]}], "twice"),
        ([{"hands": [["ZZ", *_hands()[0][1:]], *_hands()[1:]]}], "not a card name"),
        ([{"hands": [["RJ", *_hands()[0][1:]], *_hands()[1:]]}], "not a card name"),
        ([{"hands": [["7H'", *_hands()[0][1:]], *_hands()[1:]]}], "not a card name"),
        ([{"hands": [[7, *_hands()[0][1:]], *_hands()[1:]]}], "not a card name"),
        ([{"hands": _hands(), "vulnerability": "all"}], "vulnerability"),
        ([{"hands": _hands(), "vulnerability": None}], "vulnerability"),
        ([{"cards": [NAMES[c] for c in DECK][:51]}], "52 card names"),
    ],
)
def test_a_bad_deals_option_is_refused_with_a_clear_error(deals: Any, says: str) -> None:
    with pytest.raises(GameError, match=says):
        GAME.new_state(4, {DEALS_OPTION: deals}, 1)


def test_other_options_are_left_alone() -> None:
    assert GAME.new_state(4, {"hand_over": True}, 1).to_json() == GAME.new_state(4, {}, 1).to_json()


# ---- forfeits ----------------------------------------------------------------------------------


def test_a_forfeit_loses_the_deal_for_the_partnership_in_the_auction_and_the_play() -> None:
    seen: set[str] = set()
    for seed in range(examples(4, 20)):
        state = BridgeState.new(4, {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seen.add(state.phase)
            check_partnership_forfeits(state)
            random_step(state, rng)
    assert seen == {"auction", "play"}


# ---- the action codec --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "raw"),
    [
        (Pass(), {"kind": "pass"}),
        (Double(), {"kind": "double"}),
        (Redouble(), {"kind": "redouble"}),
        (Bid(1, 0), {"kind": "bid", "level": 1, "strain": "C"}),
        (Bid(4, 3), {"kind": "bid", "level": 4, "strain": "S"}),
        (Bid(7, 4), {"kind": "bid", "level": 7, "strain": "NT"}),
        (Play(CARDS["10H"]), {"kind": "play", "card": "10H"}),
        (Play(CARDS["AS"]), {"kind": "play", "card": "AS"}),
    ],
)
def test_every_action_has_one_json_form_that_round_trips(action: Any, raw: Any) -> None:
    assert encode_action(action) == raw
    assert decode_action(json_copy(raw)) == action


BID = {"kind": "bid", "level": 1, "strain": "C"}


@pytest.mark.parametrize(
    "raw",
    [
        *JUNK,
        {"kind": "call"},
        {"kind": "pass", "extra": 1},
        {"kind": "double", "level": 1},
        {"kind": "play"},
        {"kind": "play", "card": 7},
        {"kind": "play", "card": "7X"},
        {"kind": "play", "card": "TS"},
        {"kind": "play", "card": "RJ"},
        {"kind": "play", "card": "7H'"},
        {"kind": "play", "card": "x" * 10_000},
        {**BID, "level": 0},
        {**BID, "level": 8},
        {**BID, "level": True},
        {**BID, "level": 1.0},
        {**BID, "level": "1"},
        {**BID, "level": 10**30},
        {**BID, "strain": "N"},
        {**BID, "strain": "nt"},
        {**BID, "strain": 0},
        {**BID, "seat": 0},
        {"kind": "bid", "level": 1},
    ],
)
def test_decoding_refuses_everything_but_a_bridge_action(raw: Any) -> None:
    with pytest.raises(MalformedAction):
        decode_action(raw)


@pytest.mark.parametrize(
    "action",
    [
        SheddingPass(),
        "pass",
        None,
        Bid(0, 0),
        Bid(8, 0),
        Bid(1, 5),
        Bid(True, 0),
        Bid(1, True),
        Play(52),
        Play(-1),
        Play(True),
        Play("AS"),  # type: ignore[arg-type]
    ],
)
def test_apply_refuses_objects_that_are_not_bridge_actions_and_changes_nothing(
    action: Any,
) -> None:
    state = BridgeState.new(4, {}, 4)
    check_refused_unchanged(state, 0, action)


def test_an_action_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = BridgeState.new(4, {}, 4)
    before = state.to_json()
    for seat in (1, 2, 3):
        with pytest.raises(IllegalAction) as error:
            state.apply(seat, Pass())
        assert error.value.code == "not_your_turn"
    assert state.to_json() == before


# ---- views -------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_counts_of_the_others() -> None:
    state = BridgeState.new(4, {}, 6)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == [NAMES[c] for c in state.hands[seat]]
        assert view["hand_counts"] == [13, 13, 13, 13]
        others = {NAMES[c] for s in range(4) if s != seat for c in state.hands[s]}
        assert not others & set(json.dumps(view).split('"'))
        assert set(state.hidden_from(seat)) == others
    assert state.view(None)["hand"] is None
    assert set(state.hidden_from(None)) == {NAMES[c] for h in state.hands for c in h}


def test_a_hand_is_shown_spades_hearts_diamonds_clubs_high_cards_first() -> None:
    names = [NAMES[c] for c in DECK]
    state = BridgeState.new(
        4, {DEALS_OPTION: [{"hands": [names[:13], names[13:26], names[26:39], names[39:]]}]}, 1
    )
    assert state.view(3)["hand"] == [f"{r}S" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()]
    order = {
        n: i
        for i, n in enumerate(
            f"{r}{s}" for s in "SHDC" for r in "A K Q J 10 9 8 7 6 5 4 3 2".split()
        )
    }
    for seed in range(5):
        for seat in range(4):
            hand = BridgeState.new(4, {}, seed).view(seat)["hand"]
            assert hand == sorted(hand, key=order.__getitem__)


def test_snapshots_round_trip_in_every_phase() -> None:
    for seed in range(examples(5, 40)):
        state = BridgeState.new(4, {}, seed)
        rng = random.Random(seed)
        while True:
            copy = BridgeState.from_json(json_copy(state.to_json()))
            assert copy.to_json() == state.to_json()
            for seat in (None, 0, 1, 2, 3):
                assert copy.view(seat) == state.view(seat)
            if state.is_over():
                break
            random_step(state, rng)
