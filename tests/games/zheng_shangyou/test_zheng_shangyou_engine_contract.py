"""Zheng Shangyou's side of the engine contract: forfeits in every phase, the fixed deal (and
``deal_for`` reproducing the seed's), the clock on every decision, and junk rejected."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import parse, show
from games.cards.shedding import Pass, Play
from games.core import GameError, IllegalAction, MalformedAction, State
from games.zheng_shangyou import GAME
from games.zheng_shangyou.state import DECK, ZhengShangyouState, deal_for
from support.shedding import assert_plays_alike
from support.sizes import examples


def start(seed: int = 2) -> ZhengShangyouState:
    state = GAME.new_state(3, {}, seed)
    assert isinstance(state, ZhengShangyouState)
    return state


def placings(state: ZhengShangyouState, loser: int) -> list[tuple[int, int, int]]:
    """(placing, team, weight) per seat if ``loser`` forfeits now."""
    results = state.forfeit(loser)
    assert [r.seat for r in results] == [0, 1, 2]
    return [(r.placing, r.team, r.weight) for r in results]


# ---- forfeits -------------------------------------------------------------------------------


@pytest.mark.parametrize("loser", [0, 1, 2])
def test_forfeit_before_the_first_play_puts_the_resigning_seat_last_the_others_first(
    loser: int,
) -> None:
    expected = [(2 if s == loser else 1, s, 1) for s in range(3)]
    assert placings(start(), loser) == expected


def test_forfeit_mid_deal_and_after_the_end_is_every_seat_alone() -> None:
    state = start(6)
    rng = random.Random(6)
    while not state.is_over():
        assert placings(state, 1) == [(1, 0, 1), (2, 1, 1), (1, 2, 1)]
        seat = state.pending()[0].seat
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert placings(state, 0) == [(2, 0, 1), (1, 1, 1), (1, 2, 1)]


# ---- the fixed deal -------------------------------------------------------------------------


def test_deals_option_fixes_the_hands_and_the_three_of_hearts_leads() -> None:
    names = [show(c) for c in DECK if c != parse("3H")]
    hands = [names[:16], names[16:32], [*names[32:], "3H"]]
    state = GAME.new_state(3, {"deals": [{"hands": hands}]}, 1)
    assert state.pending()[0].seat == 2
    for seat in range(3):
        assert set(state.view(seat)["hand"]) == set(hands[seat])


def _random(state: State[Any], seat: int, rng: random.Random) -> Any:
    return rng.choice(list(state.legal_actions(seat)))


def test_deal_for_reproduces_the_seeds_deal() -> None:
    for seed in range(examples(3, 30)):
        deals = json.loads(json.dumps([deal_for(3, seed, i) for i in range(20)]))
        from_seed = GAME.new_state(3, {}, seed)
        fixed = GAME.new_state(3, {"deals": deals}, seed + 1000)
        assert assert_plays_alike(GAME, from_seed, fixed, _random, seed) > 3


def _full_deal() -> dict[str, Any]:
    return deal_for(3, 5, 0)


def _swap_first_card(card: Any) -> dict[str, Any]:
    deal = _full_deal()
    deal["hands"][0][0] = card
    return deal


@pytest.mark.parametrize(
    "deals",
    [
        {"hands": []},
        [None],
        [{**_full_deal(), "first_bidder": 0}],
        [{}],
        [{"hands": _full_deal()["hands"][:2]}],
        [{"hands": [h[:15] for h in _full_deal()["hands"]]}],
        [_swap_first_card("AH")],
        [_swap_first_card("2H")],
        [_swap_first_card("RJ")],
        [_swap_first_card("XX")],
        [_swap_first_card(None)],
        [_swap_first_card(_full_deal()["hands"][2][5])],
    ],
)
def test_bad_deals_are_refused_with_a_game_error(deals: Any) -> None:
    with pytest.raises(GameError) as err:
        GAME.new_state(3, {"deals": deals}, 1)
    assert "deals" in str(err.value)


# ---- decisions, codec and junk ----------------------------------------------------------------


def test_every_decision_runs_on_the_clock_and_none_is_forced() -> None:
    """A pass when nothing beats (the only legal action) is still the player's own move."""
    state = start(6)
    rng = random.Random(6)
    seen_only_pass = False
    while not state.is_over():
        (decision,) = state.pending()
        assert decision.timed and decision.forced is None
        legal = state.legal_actions(decision.seat)
        seen_only_pass |= legal == [Pass()]
        state.apply(decision.seat, rng.choice(legal))
    assert seen_only_pass


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        "pass",
        {"kind": "bid", "value": 1},
        {"kind": 1},
        {"kind": "pass", "cards": []},
        {"kind": "play"},
        {"kind": "play", "cards": []},
        {"kind": "play", "cards": [3]},
        {"kind": "play", "cards": [True]},
        {"kind": "play", "cards": ["3H", "3H"]},
        {"kind": "play", "cards": ["x" * 100_000]},
        {"kind": "play", "cards": ["3H"] * 100_000},
    ],
)
def test_decode_refuses_junk_with_a_malformed_action(raw: Any) -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.decode_action(raw)
    assert len(err.value.message) < 200


@pytest.mark.parametrize(
    "junk",
    [None, 0, {"kind": "pass"}, Play(()), Play((parse("3H"), "x")), Play((-1,))],  # type: ignore[arg-type]
)
def test_apply_refuses_what_is_not_a_well_formed_zheng_shangyou_action(junk: Any) -> None:
    state = start()
    seat = state.pending()[0].seat
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(seat, junk)
    assert state.to_json() == before
    with pytest.raises(IllegalAction) as err:
        state.apply((seat + 1) % 3, state.legal_actions(seat)[0])
    assert err.value.code == "not_your_turn" and state.to_json() == before
