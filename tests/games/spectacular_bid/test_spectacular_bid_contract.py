"""Spectacular Bid's side of the engine contract (games/core.py): forfeits in every phase, the
``deals`` option and ``deal_for``, forced (clock-stopped) decisions, the action records and their
codec, and which tiles each seat may not see.  One test per rule; loops over seeds are sized by
tests/support/sizes.py (quick by default, thorough when CI is set)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import DEALS_OPTION, GameError, IllegalAction, MalformedAction, SeatResult
from games.spectacular_bid import GAME
from games.spectacular_bid.actions import (
    ACCEPT,
    DRAW,
    READY,
    REVEAL,
    WAIVE,
    Accept,
    Action,
    Bid,
    Place,
    Raise,
    Ready,
    Waive,
)
from games.spectacular_bid.deals import deal_for
from games.spectacular_bid.state import SpectacularBidState
from games.spectacular_bid.tiles import ALL_TILES, tile
from support.sizes import examples, scaled

T = tuple[int, int]


def deal(hand0: list[T], hand1: list[T]) -> list[list[int]]:
    """A ``deals`` entry: the two hands, then the rest of the set as the boneyard."""
    named = [tile(*t) for t in hand0 + hand1]
    return [list(t) for t in named + [t for t in ALL_TILES if t not in named]]


SPINNER_DEAL = deal(
    [(6, 3), (6, 4), (5, 0), (4, 1), (3, 2), (2, 1), (1, 0)],
    [(6, 6), (4, 4), (5, 2), (3, 1), (2, 0), (5, 1), (6, 0)],
)


def new(options: dict[str, Any] | None = None, seed: int = 7) -> SpectacularBidState:
    state = GAME.new_state(2, options or {}, seed)
    assert isinstance(state, SpectacularBidState)
    return state


def started(options: dict[str, Any]) -> SpectacularBidState:
    state = new(options)
    state.apply(0, READY)
    state.apply(1, READY)
    return state


def frozen(state: SpectacularBidState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def quiet_pick(legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, usually waiving or accepting so that matches last several rounds."""
    quiet = [a for a in legal if isinstance(a, (Waive, Accept))]
    if quiet and rng.random() < 0.9:
        return quiet[0]
    return rng.choice(legal)


def moment(name: str) -> SpectacularBidState:
    """A state in the named phase of the match, reached by play (a pass-and-play match, so that a
    pending reveal is one of the moments)."""
    rng = random.Random(4)
    for seed in range(50):
        state = new({"hand_over": True}, seed)
        while not state.is_over():
            if name == "start, one seat ready" and state.ready == [True, False]:
                return state
            if name == "reveal" and state.reveal_for is not None and state.phase == "play":
                return state
            if name == state.phase and state.reveal_for is None and state.round_no >= 1:
                return state
            seat = state.pending()[0].seat
            state.apply(seat, quiet_pick(state.legal_actions(seat), rng))
        if name == "over":
            return state
    raise AssertionError(f"no {name} moment in 50 matches")


PHASES = ["start, one seat ready", "reveal", "auction", "play", "settlement", "over"]


# ------------------------------------------------------------------------------- forfeits
@pytest.mark.parametrize("phase", PHASES)
@pytest.mark.parametrize("loser", [0, 1])
def test_forfeit_makes_the_other_seat_the_winner_in_every_phase(phase: str, loser: int) -> None:
    state = moment(phase)
    before = frozen(state)
    result = state.forfeit(loser)
    assert result == [SeatResult(seat=s, placing=2 if s == loser else 1, team=s) for s in (0, 1)], (
        phase
    )
    assert frozen(state) == before


def test_forfeit_before_the_first_deal_is_a_duel_too() -> None:
    assert new().forfeit(1) == [SeatResult(0, 1, 0), SeatResult(1, 2, 1)]


def test_forfeit_names_only_the_two_seats() -> None:
    with pytest.raises(GameError, match="seats 0 and 1"):
        new().forfeit(2)


# ---------------------------------------------------------------------------------- deals
def test_deals_option_fixes_each_round_in_dealing_order_then_the_seed_takes_over() -> None:
    second = [list(t) for t in reversed(ALL_TILES)]
    state = started({DEALS_OPTION: [SPINNER_DEAL, second]})
    assert [list(t) for t in state.hands[0] + state.hands[1] + state.boneyard] == SPINNER_DEAL
    for expected in (second, deal_for(2, 7, 2)):
        state.phase, state.ready = "settlement", [False, False]
        state.apply(0, READY)
        state.apply(1, READY)
        assert [list(t) for t in state.hands[0] + state.hands[1] + state.boneyard] == expected


def test_deals_option_takes_tiles_in_either_orientation() -> None:
    flipped = [[b, a] for a, b in SPINNER_DEAL]
    assert started({"deals": [flipped]}).hands == started({"deals": [SPINNER_DEAL]}).hands


def test_deal_for_reproduces_what_the_seed_deals() -> None:
    """A match on the deals ``deal_for`` writes plays exactly like the seeded match: every view of
    both seats and the spectators is equal at every step of the first twenty rounds."""
    rounds = 20
    for seed in range(examples(4, 40)):
        seeded = new({"hand_over": seed % 2 == 1}, seed)
        fixed = new(
            {"hand_over": seed % 2 == 1, "deals": [deal_for(2, seed, i) for i in range(rounds)]},
            seed + 1_000_003,
        )
        rng = random.Random(seed)
        while not seeded.is_over() and not (
            seeded.round_no == rounds and seeded.phase == "settlement"
        ):
            for viewer in (0, 1, None):
                assert fixed.view(viewer) == seeded.view(viewer), (seed, seeded.round_no)
            seat = rng.choice(seeded.pending()).seat
            legal = seeded.legal_actions(seat)
            assert fixed.legal_actions(seat) == legal
            action = quiet_pick(legal, rng)
            seeded.apply(seat, action)
            fixed.apply(seat, action)


def test_deal_for_writes_the_documented_form() -> None:
    entry = deal_for(2, 123, 0)
    assert json.loads(json.dumps(entry)) == entry
    assert sorted(tile(a, b) for a, b in entry) == sorted(ALL_TILES)
    assert all(a >= b for a, b in entry)
    assert entry != deal_for(2, 123, 1) and entry == deal_for(2, 123, 0)


def test_deal_for_needs_two_seats_and_a_deal_index_from_zero() -> None:
    with pytest.raises(GameError, match="two seats"):
        deal_for(3, 1, 0)
    with pytest.raises(GameError, match="from 0"):
        deal_for(2, 1, -1)


@pytest.mark.parametrize(
    ("deals", "message"),
    [
        ("all", "must be a list"),
        ({"0": SPINNER_DEAL}, "must be a list"),
        (["x"], "all 28 tiles"),
        ([SPINNER_DEAL[:27]], "all 28 tiles"),
        ([SPINNER_DEAL + [[0, 0]]], "all 28 tiles"),
        ([[[6, 6]] * 28], "exactly once"),
        ([SPINNER_DEAL[:27] + [SPINNER_DEAL[0]]], "exactly once"),
        ([SPINNER_DEAL[:27] + [[7, 0]]], "entry 27, is no tile"),
        ([SPINNER_DEAL[:27] + [[True, 0]]], "is no tile"),
        ([SPINNER_DEAL[:27] + [[0, 0, 0]]], "is no tile"),
        ([SPINNER_DEAL[:27] + [["0", "0"]]], "is no tile"),
        ([SPINNER_DEAL[:27] + [[[0], [0]]]], "is no tile"),
        ([SPINNER_DEAL, SPINNER_DEAL[1:]], "deal 1 of option 'deals'"),
    ],
)
def test_deals_option_rejects_anything_but_permutations_of_the_set(
    deals: object, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        GAME.new_state(2, {"deals": deals}, 1)


def test_hand_over_option_is_true_or_false() -> None:
    with pytest.raises(GameError, match="hand_over"):
        GAME.new_state(2, {"hand_over": "yes"}, 1)


# ------------------------------------------------------------------------ forced decisions
def test_start_and_continue_are_forced_while_the_clocks_stand() -> None:
    state = new({"deals": [SPINNER_DEAL]})
    assert [(d.seat, d.timed, d.forced) for d in state.pending()] == [
        (0, False, READY),
        (1, False, READY),
    ]
    state = moment("settlement")
    assert all(not d.timed and d.forced == READY for d in state.pending())


def test_hand_over_reveal_is_forced_while_the_clocks_stand() -> None:
    state = started({"deals": [SPINNER_DEAL], "hand_over": True})
    (decision,) = state.pending()
    assert (decision.seat, decision.timed, decision.forced) == (1, False, REVEAL)
    state.apply(1, REVEAL)
    assert state.pending()[0].forced is None


def test_a_timed_turn_is_never_forced_even_with_one_legal_action() -> None:
    """The rank opening leaves one tile, but the turn runs on the player's clock: the platform
    applies nothing for them."""
    state = started({"deals": [SPINNER_DEAL]})
    assert state.legal_actions(1) == [Place((6, 6), "origin")]
    (decision,) = state.pending()
    assert decision.timed and decision.forced is None


def test_applying_the_forced_actions_starts_the_match() -> None:
    state = new({"deals": [SPINNER_DEAL], "hand_over": True})
    while state.phase == "start" or state.reveal_for is not None:
        decision = state.pending()[0]
        assert decision.forced is not None
        state.apply(decision.seat, decision.forced)
    assert state.phase == "play" and state.to_act() == [1]


# ------------------------------------------------------------------- action records, codec
LOGGED_JSON: list[tuple[Action, dict[str, Any]]] = [
    (READY, {"kind": "ready"}),
    (REVEAL, {"kind": "reveal"}),
    (DRAW, {"kind": "draw"}),
    (WAIVE, {"kind": "waive"}),
    (ACCEPT, {"kind": "accept"}),
    (Bid(15), {"kind": "bid", "amount": 15}),
    (Raise(40), {"kind": "raise", "amount": 40}),
    (Place((6, 3), "W"), {"kind": "place", "tile": [6, 3], "end": "W"}),
    (Place((5, 5), "origin"), {"kind": "place", "tile": [5, 5], "end": "origin"}),
]


@pytest.mark.parametrize(("action", "logged"), LOGGED_JSON)
def test_every_action_encodes_to_the_json_the_move_log_always_held(
    action: Action, logged: dict[str, Any]
) -> None:
    assert GAME.encode_action(action) == logged
    assert GAME.decode_action(json.loads(json.dumps(logged))) == action


def test_placements_are_stored_canonically_whichever_way_the_tile_is_given() -> None:
    assert Place((3, 6), "W") == Place((6, 3), "W") and Place((3, 6), "W").tile == (6, 3)
    assert GAME.decode_action({"kind": "place", "tile": [3, 6], "end": "E"}) == Place((6, 3), "E")


@pytest.mark.parametrize(
    "build",
    [
        lambda: Place((7, 1), "W"),
        lambda: Place((6, 6), "X"),
        lambda: Place((6,), "W"),  # type: ignore[arg-type]
        lambda: Place((True, 0), "W"),
        lambda: Bid(True),
        lambda: Bid("15"),  # type: ignore[arg-type]
        lambda: Raise(10**100),
        lambda: Raise(-5),
    ],
)
def test_action_records_refuse_fields_that_name_no_action(build: Any) -> None:
    with pytest.raises(MalformedAction):
        build()


DEEP: list[Any] = []
_level = DEEP
for _ in range(5000):
    _level.append([])
    _level = _level[0]

JUNK: list[Any] = [
    None,
    1,
    True,
    "ready",
    [],
    ["ready"],
    {},
    {"kind": None},
    {"kind": 1},
    {"kind": ["place"]},
    {"kind": {"kind": "ready"}},
    {"kind": "jump"},
    {"kind": "x" * 10_000},
    {"kind": "Ready"},
    {"kind": "ready", "seat": 0},
    {"kind": "draw", "tile": [1, 1]},
    {"kind": "bid"},
    {"kind": "bid", "amount": 15, "seat": 1},
    {"kind": "bid", "amount": "15"},
    {"kind": "bid", "amount": 15.0},
    {"kind": "bid", "amount": True},
    {"kind": "bid", "amount": None},
    {"kind": "bid", "amount": 10**100},
    {"kind": "raise", "amount": 2**63},
    {"kind": "raise", "amount": -5},
    {"kind": "raise", "amount": [20]},
    {"kind": "place", "tile": [6, 6]},
    {"kind": "place", "end": "W"},
    {"kind": "place", "tile": [6, 6], "end": "W", "seat": 0},
    {"kind": "place", "tile": "66", "end": "W"},
    {"kind": "place", "tile": [6, "6"], "end": "W"},
    {"kind": "place", "tile": [6.0, 6], "end": "W"},
    {"kind": "place", "tile": [True, 0], "end": "W"},
    {"kind": "place", "tile": [6, 6, 6], "end": "W"},
    {"kind": "place", "tile": [[6], [6]], "end": "W"},
    {"kind": "place", "tile": {"a": 6, "b": 6}, "end": "W"},
    {"kind": "place", "tile": [7, 1], "end": "W"},
    {"kind": "place", "tile": [-1, 1], "end": "W"},
    {"kind": "place", "tile": [6, 6], "end": "w"},
    {"kind": "place", "tile": [6, 6], "end": ["W"]},
    {"kind": "place", "tile": [6, 6], "end": 0},
    {"kind": "place", "tile": DEEP, "end": "W"},
    {"kind": "place", "tile": [6, 6], "end": DEEP},
    {"kind": DEEP},
    DEEP,
]


@pytest.mark.parametrize("raw", JUNK, ids=range(len(JUNK)))
def test_decode_rejects_everything_but_the_logged_forms(raw: Any) -> None:
    with pytest.raises(MalformedAction) as info:
        GAME.decode_action(raw)
    assert info.value.code == "malformed_action" and len(info.value.message) < 200


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)
ACTION_SHAPED = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(
            ["ready", "reveal", "draw", "waive", "accept", "bid", "raise", "place"]
        )
    },
    optional={
        "amount": st.integers(-10, 1100) | JSON_VALUES,
        "tile": st.lists(st.integers(-1, 7), max_size=3) | JSON_VALUES,
        "end": st.sampled_from(["W", "E", "N", "S", "origin", "X"]) | JSON_VALUES,
        "seat": st.integers(0, 1),
    },
)


@settings(max_examples=scaled(500))
@given(raw=JSON_VALUES | ACTION_SHAPED)
def test_decode_gives_an_action_that_encodes_back_or_refuses(raw: Any) -> None:
    try:
        action = GAME.decode_action(raw)
    except MalformedAction:
        return
    encoded = GAME.encode_action(action)
    assert GAME.decode_action(encoded) == action
    if encoded["kind"] == "place":
        assert sorted(encoded["tile"]) == sorted(raw["tile"])
        assert {**raw, "tile": encoded["tile"]} == encoded
    else:
        assert raw == encoded


@dataclass(frozen=True, slots=True)
class Bet:
    """Another game's action."""

    amount: int


class FakeReady(Ready):
    """A subclass is not one of the game's action classes."""


@pytest.mark.parametrize(
    "junk",
    [{"kind": "ready"}, None, "ready", ("ready",), Bet(15), FakeReady(), Ready, object()],
    ids=["dict", "None", "str", "tuple", "other game", "subclass", "class", "object"],
)
def test_apply_refuses_what_is_not_a_spectacular_bid_action_and_changes_nothing(
    junk: object,
) -> None:
    state = new()
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, junk)  # type: ignore[arg-type]
    assert info.value.code == "malformed_action"
    assert frozen(state) == before


def test_encode_refuses_what_is_not_an_action() -> None:
    with pytest.raises(MalformedAction):
        GAME.encode_action({"kind": "ready"})  # type: ignore[arg-type]


# --------------------------------------------------------------------------- hidden tiles
def test_each_seat_is_hidden_the_boneyard_and_the_other_hand_spectators_both_hands() -> None:
    state = started({"deals": [SPINNER_DEAL]})
    boneyard = SPINNER_DEAL[14:]
    assert state.hidden_from(0) == boneyard + SPINNER_DEAL[7:14]
    assert state.hidden_from(1) == boneyard + SPINNER_DEAL[:7]
    assert state.hidden_from(None) == boneyard + SPINNER_DEAL[:14]
    assert new().hidden_from(None) == []
