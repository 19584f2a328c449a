"""Tractor against the engine contract (games/core.py): the contract's own rules for forfeits, fixed
deals, the action codec and the views (the generic conformance run over every registered game is
tests/games/test_contract.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from games.cards import deck
from games.cards.notation import NAMES
from games.cards.shedding import Pass as SheddingPass
from games.core import DEALS_OPTION, GameError, MalformedAction, RatingMode
from games.tractor.actions import Bury, Continue, Declare, Pass, Play, decode_action, encode_action
from games.tractor.deals import deal_for
from games.tractor.declaration import GAME
from games.tractor.state import TractorState
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


def test_the_game_is_declared_for_four_seats_rated_as_teams_with_three_named_levels() -> None:
    check_declared(GAME, "tractor", (4,), RatingMode.TEAMS)
    assert list(GAME.bots) == ["beginner", "club", "expert"]
    assert GAME.time_control.bank_ms >= 600_000


def test_the_game_is_registered_with_its_board_rules_help_and_docs_page() -> None:
    import games.tractor
    from games.registry import all_games

    assert games.tractor.GAME is GAME and all_games()["tractor"] is GAME
    root = Path(__file__).resolve().parents[3]
    for part in (
        "frontend/static/boards/tractor.js",
        "frontend/templates/rules/tractor_en.html",
        "frontend/templates/rules/tractor_de.html",
        "docs/games/tractor.md",
    ):
        assert (root / part).is_file(), part


# ---- forfeits ----------------------------------------------------------------------------------


def test_a_forfeit_loses_the_match_for_the_partnership_in_every_phase() -> None:
    seen: set[str] = set()
    for seed in range(examples(3, 20)):
        state = TractorState.new(4, {}, seed)
        rng = random.Random(seed)
        while not state.is_over() and state.deal_no < 2:
            seen.add(state.phase)
            if rng.random() < 0.1 or state.phase != "play":
                check_partnership_forfeits(state)
            random_step(state, rng)
    assert seen == {"bid", "bury", "play", "deal_over"}


# ---- fixed deals -------------------------------------------------------------------------------


def test_fixed_deals_from_deal_for_play_exactly_like_the_seed() -> None:
    for n in range(examples(2, 10)):
        seed, other = 300 + n, 77_000 + n
        deals = [json_copy(deal_for(4, seed, i)) for i in range(40)]
        dealt = GAME.new_state(4, {}, seed)
        fixed = GAME.new_state(4, {DEALS_OPTION: deals}, other)
        rng = random.Random(seed)
        deals_seen = set()
        for step in range(examples(500, 2000)):
            if step % 7 == 0 or dealt.view(None)["phase"] != "play":
                assert_same_views(fixed, dealt, 4)
            if dealt.is_over():
                break
            deals_seen.add(dealt.view(None)["deal_no"])
            seat, action = random_step(dealt, rng)
            fixed.apply(seat, action)
        assert len(deals_seen) >= 2, "the check reaches a second deal"


def test_a_deal_may_be_fixed_by_the_hands_and_kitty_or_by_the_order_of_the_108_cards() -> None:
    order = [NAMES[c] for c in reversed(deck(packs=2))]
    by_order = TractorState.new(4, {DEALS_OPTION: [{"cards": order, "first": 2}]}, 1)
    bare = TractorState.new(4, {DEALS_OPTION: [order]}, 1)
    hands = [order[25 * s : 25 * (s + 1)] for s in range(4)]
    kitty = order[100:]
    by_hands = TractorState.new(
        4, {DEALS_OPTION: [{"hands": hands, "kitty": kitty, "first": 2}]}, 9
    )
    for seat in range(4):
        assert sorted(by_order.view(seat)["hand"]) == sorted(hands[seat])
        assert by_order.view(seat) == by_hands.view(seat)
        assert sorted(bare.view(seat)["hand"]) == sorted(hands[seat])
    assert by_order.turn == 2 and by_order.kitty == by_hands.kitty
    assert [NAMES[c] for c in by_order.kitty] == kitty, "the kitty keeps its order"


def test_a_fixed_first_deal_without_a_first_speaker_takes_the_seeds() -> None:
    for seed in range(8):
        entry = deal_for(4, seed, 0)
        del entry["first"]
        fixed = TractorState.new(4, {DEALS_OPTION: [entry]}, seed)
        assert fixed.turn == TractorState.new(4, {}, seed).turn


def test_later_deals_come_from_the_seed_after_the_fixed_ones() -> None:
    assert deal_for(4, 8, 3) == deal_for(4, 8, 3)
    assert "first" in deal_for(4, 8, 0) and "first" not in deal_for(4, 8, 1)
    assert deal_for(4, 8, 1) != deal_for(4, 9, 1)
    with pytest.raises(GameError):
        deal_for(3, 8, 0)


def _valid() -> tuple[list[list[str]], list[str]]:
    names = [NAMES[c] for c in deck(packs=2)]
    return [names[25 * s : 25 * (s + 1)] for s in range(4)], names[100:]


HANDS, KITTY = _valid()


@pytest.mark.parametrize(
    ("deals", "says"),
    [
        ("not a list", "must be a list"),
        ([["not a card"]], "108"),
        (["x"], "list of 108"),
        ([None], "list of 108"),
        ([{}], "either 'hands'"),
        ([{"hands": HANDS}], "either 'hands'"),
        ([{"hands": HANDS, "kitty": KITTY, "extra": 1}], "either 'hands'"),
        ([{"hands": HANDS[:3], "kitty": KITTY}], "four seats"),
        ([{"hands": [h[:24] for h in HANDS], "kitty": KITTY}], "25 card names"),
        ([{"hands": HANDS, "kitty": KITTY[:7]}], "8 card names"),
        ([{"hands": [["7H"] * 25, *HANDS[1:]], "kitty": KITTY}], "twice"),
        ([{"hands": HANDS, "kitty": [HANDS[0][0], *KITTY[1:]]}], "twice"),
        ([{"hands": [["ZZ", *HANDS[0][1:]], *HANDS[1:]], "kitty": KITTY}], "not a card name"),
        ([{"hands": HANDS, "kitty": KITTY, "first": 4}], "seat from 0 to 3"),
        ([{"hands": HANDS, "kitty": KITTY, "first": True}], "seat from 0 to 3"),
        (
            [{"hands": HANDS, "kitty": KITTY}, {"hands": HANDS, "kitty": KITTY, "first": 0}],
            "only the first",
        ),
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
        (Declare((NAMES.index("2H"),)), {"kind": "declare", "cards": ["2H"]}),
        (
            Declare((NAMES.index("BJ"), NAMES.index("BJ'"))),
            {"kind": "declare", "cards": ["BJ", "BJ'"]},
        ),
        (Bury(NAMES.index("7S'")), {"kind": "bury", "card": "7S'"}),
        (Play((NAMES.index("10D"),)), {"kind": "play", "cards": ["10D"]}),
        (
            Play((NAMES.index("3S"), NAMES.index("3S'"), NAMES.index("4S"), NAMES.index("4S'"))),
            {"kind": "play", "cards": ["3S", "3S'", "4S", "4S'"]},
        ),
    ],
)
def test_every_action_has_one_json_form_that_round_trips(action: Any, raw: Any) -> None:
    assert encode_action(action) == raw
    assert decode_action(json_copy(raw)) == action


@pytest.mark.parametrize(
    "raw",
    [
        *JUNK,
        {"kind": "bid", "value": 1},
        {"kind": "pass", "extra": 1},
        {"kind": "bury"},
        {"kind": "bury", "card": 7},
        {"kind": "bury", "card": "7X"},
        {"kind": "bury", "card": "ts"},
        {"kind": "declare", "cards": []},
        {"kind": "declare", "cards": ["2H", "2H'", "2S"]},
        {"kind": "declare", "cards": "2H"},
        {"kind": "play", "cards": []},
        {"kind": "play", "cards": "3S"},
        {"kind": "play", "cards": ["3S", "3S"]},
        {"kind": "play", "cards": [NAMES[c] for c in range(26)]},
        {"kind": "play", "cards": [["3S"]]},
        {"kind": "play", "cards": ["x" * 10_000]},
        {"kind": "play", "cards": ["3S"], "seat": 0},
    ],
)
def test_decoding_refuses_everything_but_a_tractor_action(raw: Any) -> None:
    with pytest.raises(MalformedAction):
        decode_action(raw)


@pytest.mark.parametrize(
    "action",
    [
        SheddingPass(),
        "pass",
        None,
        Play([1, 2]),  # type: ignore[arg-type]
        Play((True,)),
        Play((1, 1)),
        Play((500,)),
        Play(()),
        Declare((1, 2, 3)),
        Bury(-1),
        Bury(True),
    ],
)
def test_apply_refuses_objects_that_are_not_tractor_actions_and_changes_nothing(
    action: Any,
) -> None:
    state = TractorState.new(4, {}, 4)
    assert state.turn is not None
    check_refused_unchanged(state, state.turn, action)


# ---- views -------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_counts_of_the_others() -> None:
    state = TractorState.new(4, {}, 6)
    for seat in range(4):
        view = state.view(seat)
        assert sorted(view["hand"]) == sorted(NAMES[c] for c in state.hands[seat])
        assert view["hand_counts"] == [25, 25, 25, 25]
        others = {NAMES[c] for s in range(4) if s != seat for c in state.hands[s]}
        others |= {NAMES[c] for c in state.kitty}
        assert not others & set(json.dumps(view).split('"'))
    assert state.view(None)["hand"] is None
    hidden = {NAMES[c] for h in state.hands for c in h} | {NAMES[c] for c in state.kitty}
    assert set(state.hidden_from(None)) == hidden


def test_the_view_always_shows_both_teams_levels_and_the_deals_level() -> None:
    state = TractorState.new(4, {}, 6)
    rng = random.Random(6)
    for _ in range(400):
        view = state.view(None)
        assert len(view["levels"]) == 2 and 2 <= view["level"] <= 14
        if view["phase"] in ("bury", "play"):
            assert view["trump"] in ("C", "D", "H", "S", "NT")
        random_step(state, rng)
