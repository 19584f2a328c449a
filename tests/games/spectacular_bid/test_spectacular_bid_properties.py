"""Property tests over random Spectacular Bid matches (hypothesis picks the seed and the moves).

After every action: 300 points in play and no negative balance.  At every settlement and at
sampled moments: the pending seats are exactly those with legal actions, and no view holds a tile
its viewer may not see.  Besides: every offered action applies, every other action is rejected
without any change, and replaying the action log from the same seed rebuilds the identical state.

The sizes follow tests/support/sizes.py: a tenth of the CI size by default, the full size (400
matches) when CI is set.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
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
    Waive,
)
from games.spectacular_bid.state import SpectacularBidState
from games.spectacular_bid.tiles import ALL_TILES, Tile
from support.sizes import scaled

MATCHES = scaled(400)
VIEW_SAMPLE = 0.05
"""Share of in-play moments whose three views are searched for hidden tiles (every moment
outside play is searched); the search costs more than the move itself."""


def pick(legal: list[Action], rng: random.Random, calm: float) -> Action:
    """A random legal action; with probability ``calm`` it waives or accepts instead of bidding,
    which makes matches last more rounds."""
    quiet = [a for a in legal if isinstance(a, (Waive, Accept))]
    if quiet and rng.random() < calm:
        return quiet[0]
    return rng.choice(legal)


VIEW_KEYS = {
    "phase",
    "round",
    "seat",
    "balances",
    "hand",
    "hand_counts",
    "boneyard",
    "line",
    "open_ends",
    "count",
    "to_act",
    "turn",
    "continuing",
    "jockey",
    "opener_rule",
    "auction",
    "ready",
    "hand_over",
    "round_log",
    "last_events",
    "round_summary",
    "result",
}
EVENT_KEYS = {
    "kind",
    "seat",
    "tile",
    "end",
    "count",
    "score",
    "boneyard",
    "open",
    "hand",
    "round",
    "from",
    "to",
    "amount",
    "reason",
    "bidder",
    "paid",
    "winner",
    "pips",
    "hand_counts",
    "balances",
    "jockey",
}


def shown_tiles(view: dict[str, Any]) -> set[Tile]:
    """Every tile the view shows.  Tiles may only sit in the hand, the line and the ``tile``/
    ``hand`` fields of events, so the key sets are pinned too: a new field must be added here."""
    assert set(view) <= VIEW_KEYS, set(view) - VIEW_KEYS
    found: set[Tile] = set()
    for t in view.get("hand", []):
        found.add((max(t), min(t)))
    line = view["line"]
    if line["origin"] is not None:
        found.add((max(line["origin"]), min(line["origin"])))
    for arm in line["arms"].values():
        found |= {(max(t), min(t)) for t in arm}
    for event in view["round_log"] + view["last_events"]:
        assert set(event) <= EVENT_KEYS, set(event) - EVENT_KEYS
        if "tile" in event:
            found.add((max(event["tile"]), min(event["tile"])))
        for t in event.get("hand", []):
            found.add((max(t), min(t)))
    return found


def check_views(state: SpectacularBidState) -> None:
    for viewer in (0, 1, None):
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view
        hidden = set(state.boneyard)
        for s in (0, 1):
            if s != viewer:
                hidden |= set(state.hands[s])
        leaked = shown_tiles(view) & hidden
        assert not leaked, (viewer, leaked)
        assert sorted((a, b) for a, b in state.hidden_from(viewer)) == sorted(hidden)
        assert ("hand" in view) == (viewer is not None)
        assert view["to_act"] == [d.seat for d in state.pending()]


def check_forced(state: SpectacularBidState) -> None:
    """A decision is forced exactly when the clocks stand (Start/Continue, a reveal), and then it
    names the one legal action."""
    for d in state.pending():
        legal = state.legal_actions(d.seat)
        if d.timed:
            assert d.forced is None
        else:
            assert legal == [d.forced]


def play_match(
    seed: int, hand_over: bool, rng: random.Random, calm: float, limit: int = 3000
) -> tuple[SpectacularBidState, list[tuple[int, Action]]]:
    """Play random moves to the end; the full checks run at sampled moments and at every
    settlement (they cost more than the move itself)."""
    state = GAME.new_state(2, {"hand_over": hand_over}, seed)
    assert isinstance(state, SpectacularBidState)
    log: list[tuple[int, Action]] = []
    for _ in range(limit):
        if state.is_over():
            break
        pending = state.pending()
        assert pending
        check_forced(state)
        seat = rng.choice(pending).seat
        action = pick(list(state.legal_actions(seat)), rng, calm)
        state.apply(seat, action)
        log.append((seat, action))
        assert sum(state.balances) == 300 and min(state.balances) >= 0
        if rng.random() < VIEW_SAMPLE or state.phase in ("settlement", "over"):
            seats = [d.seat for d in state.pending()]
            for s in (0, 1):
                assert bool(state.legal_actions(s)) == (s in seats)
            check_views(state)
    return state, log


@settings(max_examples=MATCHES)
@given(
    seed=st.integers(0, 2**31),
    hand_over=st.booleans(),
    calm=st.sampled_from([0.0, 0.5, 0.9]),
    moves_seed=st.integers(0, 2**31),
)
def test_random_matches_keep_300_points_hide_tiles_and_replay(
    seed: int, hand_over: bool, calm: float, moves_seed: int
) -> None:
    state, log = play_match(seed, hand_over, random.Random(moves_seed), calm)
    again = GAME.new_state(2, {"hand_over": hand_over}, seed)
    for seat, action in log:
        again.apply(seat, GAME.decode_action(json.loads(json.dumps(GAME.encode_action(action)))))
    assert again.to_json() == state.to_json()
    if state.is_over():
        result = state.result()
        assert result is not None and sorted(r.placing for r in result) == [1, 2]
        assert 0 in state.balances


def candidate_actions(rng: random.Random, hand: list[Tile]) -> list[Action]:
    """A spread of well-formed actions, most of them illegal at any given moment (placements
    mostly of tiles in hand, so that wrong ends and closed arms get tried too)."""
    t = rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(ALL_TILES)
    return [
        READY,
        DRAW,
        WAIVE,
        ACCEPT,
        REVEAL,
        Bid(rng.choice([0, 5, 10, 15, 17, 20, 150, 155, 400])),
        Raise(rng.choice([5, 15, 20, 22, 25, 165, 170])),
        Place((t[1], t[0]), rng.choice(["W", "E", "N", "S", "origin"])),
    ]


def canonical(action: Action) -> str:
    return json.dumps(GAME.encode_action(action), sort_keys=True)


@settings(max_examples=scaled(30))
@given(seed=st.integers(0, 2**31), hand_over=st.booleans(), moves_seed=st.integers(0, 2**31))
def test_offered_actions_apply_and_all_others_change_nothing(
    seed: int, hand_over: bool, moves_seed: int
) -> None:
    moves = random.Random(moves_seed)
    state = GAME.new_state(2, {"hand_over": hand_over}, seed)
    assert isinstance(state, SpectacularBidState)
    for _ in range(300):
        if state.is_over():
            break
        snapshot = state.to_json()
        for seat in (0, 1):
            legal = list(state.legal_actions(seat))
            offered = {canonical(a) for a in legal}
            for action in legal:
                trial = GAME.state_from_json(snapshot)
                trial.apply(seat, action)
            for action in candidate_actions(moves, state.hands[seat]):
                if canonical(action) in offered:
                    continue
                try:
                    state.apply(seat, action)
                except IllegalAction as err:
                    assert err.message
                else:
                    raise AssertionError(f"seat {seat} could {action}")
                assert state.to_json() == snapshot
        seat = moves.choice(state.pending()).seat
        state.apply(seat, pick(list(state.legal_actions(seat)), moves, 0.5))
