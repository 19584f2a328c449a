"""Checks the shedding-game property tests share (Dou Dizhu, Zheng Shangyou).

Both games run the same invariants over random deals through the :class:`games.core.Game`
interface: snapshots survive JSON, views are JSON-safe and name no hidden card, a refused action
changes nothing, the move log replays to the same state, and fixed deals play like the seed's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.core import JSON, Game, IllegalAction, State


def view_names(view: object) -> set[str]:
    """Every string anywhere in a view (card names among them)."""
    if isinstance(view, dict):
        return set().union(*(view_names(v) for v in view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*(view_names(v) for v in view)) if view else set()
    return {view} if isinstance(view, str) else set()


def assert_snapshot_round_trips(
    game: Game[Any], state: State[Any], data: Mapping[str, JSON]
) -> None:
    """``data`` (the state's snapshot) survives JSON, and every view is JSON-safe."""
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    for viewer in (None, 0, 1, 2):
        json.dumps(state.view(viewer))


def assert_rejected(
    game: Game[Any], data: Mapping[str, JSON], seat: int, action: Any, message: str
) -> None:
    """``action`` raises IllegalAction on the state ``data`` and leaves it unchanged."""
    trial = game.state_from_json(data)
    try:
        trial.apply(seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(message)
    assert trial.to_json() == data


def assert_replays(
    game: Game[Any], seed: int, log: Sequence[tuple[int, JSON]], state: State[Any]
) -> None:
    """The encoded move log, decoded and applied to a fresh deal, reaches ``state`` again."""
    replay = game.new_state(3, {}, seed)
    for seat, raw in log:
        replay.apply(seat, game.decode_action(raw))
    assert replay.to_json() == state.to_json()


Chooser = Callable[[State[Any], int, random.Random], Any]
"""Picks the action ``seat`` takes in ``state`` (tests steer matches with it)."""


def assert_plays_alike(
    game: Game[Any], first: State[Any], second: State[Any], choose: Chooser, rng_seed: int
) -> int:
    """Both states see the same views at every step when the same actions are taken in both;
    returns the number of actions taken."""
    rng = random.Random(rng_seed)
    steps = 0
    while True:
        for viewer in (None, 0, 1, 2):
            assert first.view(viewer) == second.view(viewer)
        assert first.pending() == second.pending()
        if first.is_over():
            assert second.is_over() and first.result() == second.result()
            return steps
        seat = first.pending()[0].seat
        action = choose(first, seat, rng)
        first_events = first.apply(seat, action)
        second_events = second.apply(seat, action)
        assert first_events == second_events
        steps += 1
