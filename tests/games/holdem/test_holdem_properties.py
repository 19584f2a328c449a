"""Property tests over random Hold'em matches: chips, legality, replay and hidden cards."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st_

from games.core import IllegalAction
from games.holdem import GAME
from games.holdem.state import BOARD_AFTER, HoldemState
from games.poker.betting import BetAction
from support.sizes import scaled

SETTINGS = settings(max_examples=scaled(25))


def random_action(state: HoldemState, seat: int, rng: random.Random) -> BetAction:
    """An offered action, or any legal amount inside the view's slider range."""
    view = state.view(seat)
    if view["raise_kind"] is not None and rng.random() < 0.3:
        return BetAction(view["raise_kind"], rng.randint(view["min_to"], view["max_to"]))
    return rng.choice(list(state.legal_actions(seat)))


def junk_actions(state: HoldemState, seat: int) -> list[tuple[int, Any]]:
    """Actions that must all be rejected now."""
    legal = set(state.legal_actions(seat))
    view = state.view(seat)
    out: list[tuple[int, Any]] = [
        ((seat + 1) % state.n, BetAction("check")),
        ((seat + 1) % state.n, BetAction("fold")),
    ]
    for kind in ("check", "call", "fold", "bet", "raise"):
        candidate = BetAction(kind, 0 if kind not in ("bet", "raise") else 10**6)
        if candidate not in legal:
            out.append((seat, candidate))
    if view["raise_kind"] is not None and view["min_to"] < view["max_to"]:
        out.append((seat, BetAction(view["raise_kind"], view["min_to"] - 1)))
        out.append((seat, BetAction(view["raise_kind"], view["max_to"] + 1)))
    return out


def play(seed: int, seats: int, max_steps: int, check_junk: bool) -> tuple[HoldemState, list[Any]]:
    state = HoldemState.new(seats, {}, seed)
    rng = random.Random(seed)
    total = sum(state.stacks) + sum(state.round.bets)
    log: list[Any] = []
    for _ in range(max_steps):
        if state.is_over():
            break
        seat = state.pending()[0].seat
        if check_junk:
            before = state.to_json()
            for who, bad in junk_actions(state, seat):
                try:
                    state.apply(who, bad)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"accepted {bad} for seat {who}")
                assert state.to_json() == before
        action = random_action(state, seat, rng)
        hand = state.hand_no
        state.apply(seat, action)
        if state.hand_no != hand or state.is_over():
            assert state.last_hand is not None
            assert sum(state.last_hand.stacks) == total  # every pot paid out in full
            paid = sum(sum(p.shares.values()) for p in state.last_hand.pots)
            assert paid == sum(p.amount for p in state.last_hand.pots)
        log.append(GAME.encode_action(action))
        assert sum(state.stacks) + sum(state.contrib) + sum(state.round.bets) == total
        assert min(state.stacks) >= 0
    return state, log


@SETTINGS
@given(st_.integers(0, 10**9), st_.sampled_from([2, 3, 4]))
def test_chips_conserved_and_every_offered_action_applies(seed: int, seats: int) -> None:
    play(seed, seats, 400, check_junk=False)


@SETTINGS
@given(st_.integers(0, 10**9))
def test_other_actions_are_rejected_and_change_nothing(seed: int) -> None:
    play(seed, 4, 60, check_junk=True)


@settings(max_examples=scaled(10))
@given(st_.integers(0, 10**9))
def test_full_match_pays_every_pot_and_ends_with_one_player(seed: int) -> None:
    state, _ = play(seed, 4, 100_000, check_junk=False)
    assert state.is_over()
    assert sorted(state.stacks) == [0, 0, 0, 4000]
    placings = sorted(r.placing for r in state.result() or [])
    assert placings[0] == 1 and placings.count(1) == 1


@SETTINGS
@given(st_.integers(0, 10**9))
def test_replaying_the_log_from_the_seed_reproduces_the_state(seed: int) -> None:
    state, log = play(seed, 4, 150, check_junk=False)
    again = GAME.new_state(4, {}, seed)
    for entry in log:
        seat = again.pending()[0].seat
        again.apply(seat, GAME.decode_action(json.loads(json.dumps(entry))))
    assert again.to_json() == state.to_json()
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()


@SETTINGS
@given(st_.integers(0, 10**9), st_.integers(0, 60))
def test_views_never_show_hidden_cards(seed: int, steps: int) -> None:
    """Shuffling every card a viewer cannot see leaves its view byte-identical."""
    state, _ = play(seed, 4, steps, check_junk=False)
    shown = BOARD_AFTER[state.street]
    for viewer in [None, 0, 1, 2, 3]:
        data = state.to_json()
        hidden = [c for s in range(4) if s != viewer for c in data["hole"][s]]
        hidden += data["board_all"][shown:]
        random.Random(seed).shuffle(hidden)
        for s in range(4):
            if s != viewer and data["hole"][s]:
                data["hole"][s] = [hidden.pop(), hidden.pop()]
        data["board_all"] = data["board_all"][:shown] + hidden
        other = HoldemState.from_json(data)
        assert json.dumps(other.view(viewer)) == json.dumps(state.view(viewer))


@SETTINGS
@given(
    st_.integers(0, 10**9),
    st_.lists(st_.sampled_from([1, 5, 10, 15, 19, 20, 21, 35, 60, 200]), min_size=2, max_size=4),
)
def test_short_stacks_and_all_in_blinds_keep_chips_and_finish(seed: int, stacks: list[int]) -> None:
    """Blinds posted short or all-in, short all-in raises and side pots on every hand."""
    state = HoldemState.new(len(stacks), {"stacks": stacks}, seed)
    rng = random.Random(seed)
    total = sum(stacks)
    for _ in range(20_000):
        if state.is_over():
            break
        seat = state.pending()[0].seat
        state.apply(seat, random_action(state, seat, rng))
        assert sum(state.stacks) + sum(state.contrib) + sum(state.round.bets) == total
        assert min(state.stacks) >= 0
    assert state.is_over() and max(state.stacks) == total
