"""Checks the shedding-game property tests share (Dou Dizhu, Zheng Shangyou).

Both games run the same invariants over random deals through the :class:`games.core.Game`
interface: snapshots survive JSON, views are JSON-safe and name no hidden card, a refused action
changes nothing, and the move log replays to the same state.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import JSON, Game, IllegalAction, State


def view_names(view: object) -> set[str]:
    """Every string anywhere in a view (card names among them)."""
    if isinstance(view, dict):
        return set().union(*(view_names(v) for v in view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*(view_names(v) for v in view)) if view else set()
    return {view} if isinstance(view, str) else set()


def assert_snapshot_round_trips(game: Game, state: State, data: Mapping[str, JSON]) -> None:
    """``data`` (the state's snapshot) survives JSON, and every view is JSON-safe."""
    assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    for viewer in (None, 0, 1, 2):
        json.dumps(state.view(viewer))


def assert_rejected(
    game: Game, data: Mapping[str, JSON], seat: int, action: Any, message: str
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


def assert_replays(game: Game, seed: int, log: Sequence[tuple[int, JSON]], state: State) -> None:
    """The encoded move log, decoded and applied to a fresh deal, reaches ``state`` again."""
    replay = game.new_state(3, {}, seed)
    for seat, raw in log:
        replay.apply(seat, game.decode_action(raw))
    assert replay.to_json() == state.to_json()
