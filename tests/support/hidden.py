"""Checks that no message carries a hidden tile or card to someone not entitled to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

SECRET_KEYS = {"hand", "tile", "tiles", "card", "cards", "hands", "boneyard_tiles"}


def tile_like(payload: Any) -> Iterator[tuple[int, int]]:
    """Every [a, b] pair stored under a key that can hold tiles, anywhere in ``payload``."""
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in SECRET_KEYS:
                yield from _pairs(value)
            yield from tile_like(value)
    elif isinstance(payload, list):
        for item in payload:
            yield from tile_like(item)


def _pairs(value: Any) -> Iterator[tuple[int, int]]:
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        yield (min(value), max(value))
    elif isinstance(value, list):
        for item in value:
            yield from _pairs(item)


def replay_hands(
    game: Any, seed: int, options: dict[str, Any], seats: int, moves: list[dict[str, Any]]
) -> tuple[dict[int, list[set[tuple[int, int]]]], Any]:
    """Each seat's hand after every seq (replaying the move log), and the final state."""
    state = game.new_state(seats, options, seed)

    def hands() -> list[set[tuple[int, int]]]:
        return [{(min(t), max(t)) for t in state.view(s).get("hand", [])} for s in range(seats)]

    by_seq = {0: hands()}
    for move in moves:
        if move["action"] is not None:
            state.apply(move["seat"], game.decode_action(move["action"]))
        by_seq[move["seq"]] = hands()
    return by_seq, state
