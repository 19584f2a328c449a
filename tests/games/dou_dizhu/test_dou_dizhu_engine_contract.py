"""Dou Dizhu's side of the engine contract: forfeits in every phase, fixed deals (and
``deal_for`` reproducing the seed's), the clock on every decision, and junk rejected."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import parse_many
from games.cards.shedding import Pass, Play
from games.core import GameError, IllegalAction, MalformedAction, SeatResult, State
from games.dou_dizhu import GAME
from games.dou_dizhu.state import Bid, DouDizhuState, deal_for, shuffled_deal
from support.dou_dizhu import fixed_deal
from support.shedding import assert_plays_alike
from support.sizes import examples


def new(deals: list[Any], seed: int = 1) -> DouDizhuState:
    state = GAME.new_state(3, {"deals": deals}, seed)
    assert isinstance(state, DouDizhuState)
    return state


def crowned(landlord: int) -> DouDizhuState:
    """A deal in play: ``landlord`` bid 3 as the first bidder."""
    state = new([{**deal_for(3, 1, 0), "first_bidder": landlord}])
    state.apply(landlord, Bid(3))
    assert state.landlord == landlord
    return state


def outcome(results: list[SeatResult]) -> list[tuple[int, int, int]]:
    """(placing, team, weight) per seat."""
    assert [r.seat for r in results] == [0, 1, 2]
    return [(r.placing, r.team, r.weight) for r in results]


# ---- forfeits -------------------------------------------------------------------------------


@pytest.mark.parametrize("loser", [0, 1, 2])
def test_forfeit_during_bidding_puts_the_resigning_seat_last_every_seat_alone(loser: int) -> None:
    state = new([{**deal_for(3, 1, 0), "first_bidder": 0}])
    state.apply(0, Bid(1))
    expected = [(2 if s == loser else 1, s, 1) for s in range(3)]
    assert outcome(state.forfeit(loser)) == expected


def test_forfeit_after_a_redeal_is_still_every_seat_alone() -> None:
    state = new([{**deal_for(3, 1, 0), "first_bidder": 0}])
    for seat in (0, 1, 2):
        state.apply(seat, Pass())
    assert state.deal_no == 1 and state.landlord is None
    assert outcome(state.forfeit(2)) == [(1, 0, 1), (1, 1, 1), (2, 2, 1)]


@pytest.mark.parametrize("peasant", [1, 2])
def test_a_peasant_forfeit_loses_for_both_peasants(peasant: int) -> None:
    state = crowned(0)
    assert outcome(state.forfeit(peasant)) == [(1, 0, 2), (2, 1, 1), (2, 1, 1)]


def test_a_landlord_forfeit_wins_for_both_peasants() -> None:
    state = crowned(1)
    assert outcome(state.forfeit(1)) == [(1, 1, 1), (2, 0, 2), (1, 1, 1)]


def test_forfeit_mid_play_uses_the_sides_and_weights_of_a_normal_end() -> None:
    state = GAME.new_state(3, {}, 4)
    rng = random.Random(4)
    while not state.is_over():
        seat = state.pending()[0].seat
        if state.view(None)["phase"] == "play":
            landlord = state.view(None)["landlord"]
            peasant = (landlord + 1) % 3
            assert [(r.team, r.weight) for r in state.forfeit(peasant)] == [
                (0, 2) if s == landlord else (1, 1) for s in range(3)
            ]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    results = state.result()
    assert results is not None
    after = state.forfeit(0)
    assert [(r.team, r.weight) for r in after] == [(r.team, r.weight) for r in results]


# ---- fixed deals ----------------------------------------------------------------------------


def test_deals_option_fixes_the_cards_and_the_first_bidder() -> None:
    deal = fixed_deal({0: "3H 3S 3C 3D", 2: "RJ"}, bottom="BJ 2S 2H", first_bidder=2)
    state = new([deal])
    assert state.pending()[0].seat == 2
    assert set(parse_many("3H 3S 3C 3D")) <= set(state.hands[0])
    assert parse_many("RJ")[0] in state.hands[2]
    assert sorted(state.bottom) == sorted(parse_many("BJ 2S 2H"))


def test_each_redeal_takes_the_next_deals_entry_then_the_seed() -> None:
    second = fixed_deal({1: "RJ BJ"}, bottom="3H 3S 3C", first_bidder=1)
    state = new([fixed_deal({}, bottom="4H 4S 4C", first_bidder=0), second], seed=8)
    for seat in (0, 1, 2):
        state.apply(seat, Pass())
    assert state.deal_no == 1 and state.pending()[0].seat == 1
    assert state.to_json()["hands"][1][-2:] == parse_many("BJ RJ")
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    for seat in (1, 2, 0):
        restored.apply(seat, Pass())
    third = shuffled_deal(8, 2)
    assert restored.to_json()["hands"] == [list(h) for h in third.hands]
    assert restored.pending()[0].seat == third.first_bidder


def _passing_first_deals(state: State[Any], seat: int, rng: random.Random) -> Any:
    """Pass through the bidding of the first deals (redeals), then play at random."""
    view = state.view(None)
    if view["phase"] == "bidding" and view["deal_no"] < 2:
        return Pass()
    return rng.choice(list(state.legal_actions(seat)))


def test_deal_for_reproduces_every_deal_the_seed_makes() -> None:
    for seed in range(examples(3, 30)):
        deals = [deal_for(3, seed, i) for i in range(20)]
        from_seed = GAME.new_state(3, {}, seed)
        fixed = GAME.new_state(3, {"deals": json.loads(json.dumps(deals))}, seed + 1000)
        steps = assert_plays_alike(GAME, from_seed, fixed, _passing_first_deals, seed)
        assert steps > 6 and from_seed.view(None)["deal_no"] >= 2


def _full_deal() -> dict[str, Any]:
    return deal_for(3, 5, 0)


def _with(**changes: Any) -> dict[str, Any]:
    return {**_full_deal(), **changes}


def _swap_first_card(card: str) -> dict[str, Any]:
    deal = _full_deal()
    deal["hands"][0][0] = card
    return deal


@pytest.mark.parametrize(
    "deals",
    [
        "not a list",
        [None],
        [[]],
        [_with(extra=1)],
        [{"hands": _full_deal()["hands"], "bottom": _full_deal()["bottom"]}],
        [_with(first_bidder=3)],
        [_with(first_bidder=True)],
        [_with(first_bidder="0")],
        [_with(bottom=_full_deal()["bottom"][:2])],
        [_with(hands=_full_deal()["hands"][:2])],
        [_with(hands=[h[:16] for h in _full_deal()["hands"]])],
        [_swap_first_card("XX")],
        [_swap_first_card("7H'")],
        [_swap_first_card(7)],
        [_swap_first_card(_full_deal()["hands"][1][0])],
        [_swap_first_card(_full_deal()["bottom"][0])],
        [_full_deal(), None],
    ],
)
def test_bad_deals_are_refused_with_a_game_error(deals: Any) -> None:
    with pytest.raises(GameError) as err:
        GAME.new_state(3, {"deals": deals}, 1)
    assert "deals" in str(err.value)


# ---- decisions, codec and junk ----------------------------------------------------------------


def test_every_decision_runs_on_the_clock_and_none_is_forced() -> None:
    """Even a pass that is the only legal action (nothing beats the rocket) is the player's own
    move against the clock."""
    state = new([fixed_deal({0: "BJ RJ 3H"}, bottom="4S 4C 5H", first_bidder=0)])
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(2, Pass())
    state.apply(0, Play(tuple(parse_many("BJ RJ"))))
    assert state.legal_actions(1) == [Pass()]
    (decision,) = state.pending()
    assert decision.seat == 1 and decision.timed and decision.forced is None


def _nested(depth: int) -> Any:
    junk: Any = "3H"
    for _ in range(depth):
        junk = [junk]
    return junk


@pytest.mark.parametrize(
    "raw",
    [
        None,
        3,
        "bid",
        [{"kind": "pass"}],
        {},
        {"kind": None},
        {"kind": ["bid"]},
        {"kind": "double"},
        {"kind": "bid"},
        {"kind": "bid", "value": True},
        {"kind": "bid", "value": 2.0},
        {"kind": "bid", "value": "2"},
        {"kind": "bid", "value": 10**40},
        {"kind": "bid", "value": 0},
        {"kind": "bid", "value": 4},
        {"kind": "bid", "value": 2, "seat": 0},
        {"kind": "pass", "value": 0},
        {"kind": "play", "cards": "3H"},
        {"kind": "play", "cards": [None]},
        {"kind": "play", "cards": {"3H": 1}},
        {"kind": "play", "cards": ["3H" * 10_000]},
        {"kind": "play", "cards": ["3H"] * 10_000},
        {"kind": "play", "cards": _nested(5_000)},
        {"kind": _nested(5_000)},
    ],
)
def test_decode_refuses_junk_with_a_malformed_action(raw: Any) -> None:
    with pytest.raises(MalformedAction) as err:
        GAME.decode_action(raw)
    assert err.value.code == "malformed_action" and len(err.value.message) < 200


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "pass",
        {"kind": "pass"},
        Play(()),
        Play(("3H",)),  # type: ignore[arg-type]
        Play([0, 1]),  # type: ignore[arg-type]
        Play((True,)),
        Play((10**9,)),
        Bid("2"),  # type: ignore[arg-type]
        Bid(True),
    ],
)
def test_apply_refuses_what_is_not_a_well_formed_dou_dizhu_action(junk: Any) -> None:
    state = new([{**deal_for(3, 1, 0), "first_bidder": 0}])
    for phase in ("bidding", "play"):
        before = state.to_json()
        with pytest.raises(IllegalAction):
            state.apply(0, junk)
        assert state.to_json() == before, phase
        if phase == "bidding":
            state.apply(0, Bid(3))


def test_another_seats_action_changes_nothing() -> None:
    state = new([{**deal_for(3, 1, 0), "first_bidder": 0}])
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(2, Bid(1))
    assert err.value.code == "not_your_turn" and state.to_json() == before


def test_hidden_cards_are_the_other_hands_and_the_bottom_until_the_landlord_shows_it() -> None:
    state = new([fixed_deal({0: "3H"}, bottom="BJ RJ 2S", first_bidder=0)])
    bottom = {"BJ", "RJ", "2S"}
    assert bottom <= state.hidden_from(0) and bottom <= state.hidden_from(None)
    assert "3H" not in state.hidden_from(0) and "3H" in state.hidden_from(1)
    state.apply(0, Bid(3))
    assert not bottom & (state.hidden_from(1) | state.hidden_from(None))
    assert "3H" in state.hidden_from(None) and "3H" not in state.hidden_from(0)
