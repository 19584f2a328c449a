"""Property tests over random One Poker matches: chips, legality, replay and hidden cards."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st_

from games.cards import face, parse, rank
from games.core import IllegalAction
from games.one_poker import GAME
from games.one_poker.actions import Lock
from games.one_poker.state import UP_FROM, OnePokerState
from games.poker.betting import BetAction
from support.sizes import scaled

SETTINGS = settings(max_examples=scaled(30))


def random_action(state: OnePokerState, seat: int, rng: random.Random) -> Any:
    view = state.view(seat)
    if view["raise_kind"] is not None and rng.random() < 0.3:
        return BetAction(view["raise_kind"], rng.randint(view["min_to"], view["max_to"]))
    return rng.choice(list(state.legal_actions(seat)))


def junk_actions(state: OnePokerState, seat: int) -> list[tuple[int, Any]]:
    legal = set(state.legal_actions(seat))
    held = {face(c) for c in state.hands[seat]}
    out: list[tuple[int, Any]] = []
    for kind in ("check", "call", "fold", "bet", "raise"):
        candidate = BetAction(kind, 0 if kind not in ("bet", "raise") else 10**6)
        if candidate not in legal:
            out.append((seat, candidate))
    out += [(seat, Lock(f)) for f in (0, 12, 25, 51) if f not in held or Lock(f) not in legal]
    view = state.view(seat)
    if view["raise_kind"] is not None:
        out.append((seat, BetAction(view["raise_kind"], view["max_to"] + 1)))
    if state.phase == "betting":
        out.append((1 - seat, BetAction("check")))
    return out


def play(seed: int, max_steps: int, check_junk: bool) -> tuple[OnePokerState, list[Any]]:
    state = OnePokerState.new(2, {}, seed)
    rng = random.Random(seed)
    log: list[Any] = []
    for _ in range(max_steps):
        if state.is_over():
            break
        seat = rng.choice(list(state.pending())).seat
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
        state.apply(seat, action)
        log.append((seat, GAME.encode_action(action)))
        assert sum(state.stacks) + sum(state.contrib) + sum(state.round.bets) == 40
        assert min(state.stacks) >= 0
        assert len(state.stock) + len(state.discards) + 4 == 104 or state.is_over()
    return state, log


@SETTINGS
@given(st_.integers(0, 10**9))
def test_chips_conserved_and_every_offered_action_applies(seed: int) -> None:
    state, _ = play(seed, 5000, check_junk=False)
    assert state.is_over() and sorted(state.stacks) == [0, 40]


@SETTINGS
@given(st_.integers(0, 10**9))
def test_other_actions_are_rejected_and_change_nothing(seed: int) -> None:
    play(seed, 80, check_junk=True)


@SETTINGS
@given(st_.integers(0, 10**9), st_.integers(0, 200))
def test_replaying_the_log_from_the_seed_reproduces_the_state(seed: int, steps: int) -> None:
    state, log = play(seed, steps, check_junk=False)
    again = GAME.new_state(2, {}, seed)
    for seat, entry in log:
        again.apply(seat, GAME.decode_action(json.loads(json.dumps(entry))))
    assert again.to_json() == state.to_json()
    restored = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()


def _up(card: int) -> bool:
    return rank(card) >= UP_FROM


@SETTINGS
@given(st_.integers(0, 10**9), st_.integers(0, 120))
def test_views_never_show_the_other_hand_or_lock(seed: int, steps: int) -> None:
    """Replacing the other seat's cards by stock cards of the same group, and moving its lock to
    either of its cards, leaves the viewer's view byte-identical: only the signal counts leak."""
    state, _ = play(seed, steps, check_junk=False)
    rng = random.Random(seed)
    for viewer in (None, 0, 1):
        data = state.to_json()
        for other in (0, 1):
            if other == viewer:
                continue
            hand = data["hands"][other]
            old_lock = data["locked"][other]
            for i, card in enumerate(hand):
                j = next(
                    k
                    for k in rng.sample(range(len(data["stock"])), len(data["stock"]))
                    if _up(data["stock"][k]) == _up(card)
                )
                hand[i], data["stock"][j] = data["stock"][j], card
            if old_lock is not None:
                data["locked"][other] = rng.choice(hand)  # even the locked card's group is hidden
        rng.shuffle(data["stock"])
        other_state = OnePokerState.from_json(data)
        assert json.dumps(other_state.view(viewer)) == json.dumps(state.view(viewer))


def test_lock_codec_accepts_both_packs_and_rejects_garbage() -> None:
    assert GAME.decode_action({"kind": "lock", "card": "7H'"}) == Lock(face(parse("7H")))
    assert GAME.encode_action(Lock(face(parse("10S")))) == {"kind": "lock", "card": "10S"}
    for bad in ({"kind": "lock"}, {"kind": "lock", "card": "ZZ"}, "lock", {"kind": "x"}):
        try:
            GAME.decode_action(bad)
        except IllegalAction as err:
            assert err.code == "malformed_action"
        else:
            raise AssertionError(f"decoded {bad!r}")
