"""Guandan against the engine contract (games/core.py): the contract's own rules for forfeits, fixed
deals and the action codec (the generic conformance run over every registered game is
tests/games/test_contract.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import deck
from games.cards.notation import NAMES
from games.cards.shedding import Pass as SheddingPass
from games.core import DEALS_OPTION, GameError, MalformedAction, RatingMode
from games.guandan import GAME
from games.guandan.actions import Continue, Pass, Play, Return, decode_action, encode_action
from games.guandan.deals import deal_for
from games.guandan.state import GuandanState
from games.registry import all_games
from support.contract import (
    JUNK,
    assert_same_views,
    check_declared,
    check_partnership_forfeits,
    check_refused_unchanged,
    json_copy,
    random_step,
)
from support.sizes import examples


def test_the_game_is_registered_for_four_seats_rated_as_teams_with_three_ai_levels() -> None:
    check_declared(GAME, "guandan", (4,), RatingMode.TEAMS)
    assert list(GAME.bots) == ["random", "greedy", "expert"], "weakest first"
    assert all_games()["guandan"] is GAME


# ---- forfeits ----------------------------------------------------------------------------------


def test_a_forfeit_loses_the_match_for_the_partnership_in_every_phase() -> None:
    seen: set[str] = set()
    for seed in range(examples(3, 20)):
        state = GuandanState.new(4, {}, seed)
        rng = random.Random(seed)
        while not state.is_over() and len(seen) < 3 and state.deal_no < 3:
            seen.add(state.phase)
            check_partnership_forfeits(state)
            random_step(state, rng)
    assert seen == {"play", "return", "deal_over"}


def test_the_match_result_ranks_the_winning_partnership_first() -> None:
    state = GuandanState.new(4, {}, 5)
    state.winners, state.phase, state.levels = 1, "over", [9, 14]
    result = state.result()
    assert result is not None
    assert [(r.placing, r.team, r.score) for r in result] == [
        (2, 0, 9),
        (1, 1, 14),
        (2, 0, 9),
        (1, 1, 14),
    ]


# ---- fixed deals -------------------------------------------------------------------------------


def test_fixed_deals_from_deal_for_play_exactly_like_the_seed() -> None:
    for n in range(examples(2, 20)):
        seed, other = 300 + n, 77_000 + n
        deals = [json_copy(deal_for(4, seed, i)) for i in range(20)]
        dealt = GAME.new_state(4, {}, seed)
        fixed = GAME.new_state(4, {DEALS_OPTION: deals}, other)
        rng = random.Random(seed)
        deals_seen = set()
        for _ in range(examples(400, 1500)):
            assert_same_views(fixed, dealt, 4)
            if dealt.is_over():
                break
            deals_seen.add(dealt.view(None)["deal_no"])
            seat, action = random_step(dealt, rng)
            fixed.apply(seat, action)
        assert len(deals_seen) >= 2, "the check reaches a deal with tribute"


def test_a_deal_may_be_fixed_by_the_four_hands_or_by_the_order_of_the_108_cards() -> None:
    order = [NAMES[c] for c in reversed(deck(packs=2))]
    by_order = GuandanState.new(4, {DEALS_OPTION: [{"cards": order, "leader": 2}]}, 1)
    bare = GuandanState.new(4, {DEALS_OPTION: [order]}, 1)
    hands = [order[27 * s : 27 * (s + 1)] for s in range(4)]
    by_hands = GuandanState.new(4, {DEALS_OPTION: [{"hands": hands, "leader": 2}]}, 9)
    for seat in range(4):
        assert sorted(by_order.view(seat)["hand"]) == sorted(hands[seat])
        assert by_order.view(seat) == by_hands.view(seat)
        assert sorted(bare.view(seat)["hand"]) == sorted(hands[seat])
    assert by_order.turn == 2


def test_a_fixed_first_deal_without_a_leader_takes_the_seeds_leader() -> None:
    for seed in range(8):
        entry = deal_for(4, seed, 0)
        del entry["leader"]
        fixed = GuandanState.new(4, {DEALS_OPTION: [entry]}, seed)
        assert fixed.turn == GuandanState.new(4, {}, seed).turn


def test_later_deals_come_from_the_seed_after_the_fixed_ones() -> None:
    assert deal_for(4, 8, 3) == deal_for(4, 8, 3)
    assert "leader" in deal_for(4, 8, 0) and "leader" not in deal_for(4, 8, 1)
    assert deal_for(4, 8, 1) != deal_for(4, 9, 1)


def _valid_hands() -> list[list[str]]:
    names = [NAMES[c] for c in deck(packs=2)]
    return [names[27 * s : 27 * (s + 1)] for s in range(4)]


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        ("not a list", "must be a list"),
        ([["not a card"]], "108"),
        (["x"], "list of 108"),
        ([None], "list of 108"),
        ([{}], "either 'hands'"),
        ([{"hands": _valid_hands(), "extra": 1}], "either 'hands'"),
        ([{"hands": _valid_hands()[:3]}], "four seats"),
        ([{"hands": [h[:26] for h in _valid_hands()]}], "27 card names"),
        ([{"hands": [["7H"] * 27, *_valid_hands()[1:]]}], "twice"),
        ([{"hands": [["ZZ", *_valid_hands()[0][1:]], *_valid_hands()[1:]]}], "not a card name"),
        ([{"hands": _valid_hands(), "leader": 4}], "seat from 0 to 3"),
        ([{"hands": _valid_hands(), "leader": True}], "seat from 0 to 3"),
        ([{"hands": _valid_hands()}, {"hands": _valid_hands(), "leader": 0}], "only the first"),
    ],
)
def test_a_bad_deals_option_is_refused_with_a_clear_error(deals: Any, says: str) -> None:
    with pytest.raises(GameError, match=says):
        GAME.new_state(4, {DEALS_OPTION: deals}, 1)


# ---- the action codec --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "raw"),
    [
        (Pass(), {"kind": "pass"}),
        (Continue(), {"kind": "continue"}),
        (Return(NAMES.index("7S'")), {"kind": "return", "card": "7S'"}),
        (
            Play((NAMES.index("3S"), NAMES.index("2H"), NAMES.index("5S")), "straight", 7),
            {"kind": "play", "cards": ["3S", "2H", "5S"], "combo": "straight", "rank": 7},
        ),
    ],
)
def test_every_action_has_one_json_form_that_round_trips(action: Any, raw: Any) -> None:
    assert encode_action(action) == raw
    assert decode_action(json_copy(raw)) == action


PLAY = {"kind": "play", "cards": ["3S"], "combo": "single", "rank": 3}


@pytest.mark.parametrize(
    "raw",
    [
        *JUNK,
        {"kind": "bid", "value": 1},
        {"kind": "pass", "extra": 1},
        {"kind": "return"},
        {"kind": "return", "card": 7},
        {"kind": "return", "card": "7X"},
        {"kind": "return", "card": "ts"},
        {**PLAY, "cards": []},
        {**PLAY, "cards": "3S"},
        {**PLAY, "cards": ["3S", "3S"]},
        {**PLAY, "cards": ["3S"] * 11},
        {**PLAY, "cards": [["3S"]]},
        {**PLAY, "cards": ["x" * 10_000]},
        {**PLAY, "combo": "rocket"},
        {**PLAY, "combo": None},
        {**PLAY, "rank": True},
        {**PLAY, "rank": 3.0},
        {**PLAY, "rank": "3"},
        {**PLAY, "rank": 17},
        {**PLAY, "rank": 10**30},
        {**PLAY, "seat": 0},
    ],
)
def test_decoding_refuses_everything_but_a_guandan_action(raw: Any) -> None:
    with pytest.raises(MalformedAction):
        decode_action(raw)


@pytest.mark.parametrize(
    "action",
    [
        SheddingPass(),
        "pass",
        None,
        Play([1, 2], "pair", 3),  # type: ignore[arg-type]
        Play((True,), "single", 3),
        Play((1, 1), "pair", 3),
        Play((1,), "single", True),
        Play((500,), "single", 3),
        Return(-1),
        Return(True),
    ],
)
def test_apply_refuses_objects_that_are_not_guandan_actions_and_changes_nothing(
    action: Any,
) -> None:
    state = GuandanState.new(4, {}, 4)
    assert state.turn is not None
    check_refused_unchanged(state, state.turn, action)


# ---- views -------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_counts_of_the_others() -> None:
    state = GuandanState.new(4, {}, 6)
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == [NAMES[c] for c in state.hands[seat]]
        assert view["hand_counts"] == [27, 27, 27, 27]
        others = {NAMES[c] for s in range(4) if s != seat for c in state.hands[s]}
        assert not others & set(json.dumps(view).split('"'))
    assert state.view(None)["hand"] is None
    assert set(state.hidden_from(None)) == {NAMES[c] for h in state.hands for c in h}
