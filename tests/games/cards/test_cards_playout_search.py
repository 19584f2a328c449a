"""The sampled-world search the shedding-game experts share (games/cards/search.py): every
candidate is tried in the same worlds, and the caller's default keeps the move unless another
beats it by more than the margin it is given."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.cards.search import playout_search


class OneShot:
    """A toy deal over after one action: world ``w`` is won by candidate ``c`` when ``w`` is
    below ``wins[c]`` (so over ``n`` worlds candidate ``c`` wins ``min(n, wins[c])``)."""

    def __init__(self, world: int, wins: dict[str, int]) -> None:
        self.world, self.wins, self.score = world, wins, None

    def apply(self, seat: int, action: str) -> list[Any]:
        self.score = 1 if self.world < self.wins[action] else -1
        return []

    def is_over(self) -> bool:
        return self.score is not None

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"result": {"scores": [self.score]}}

    def to_json(self) -> dict[str, Any]:
        return {"world": self.world, "wins": self.wins}


def search(wins: dict[str, int], keep_first_by: float, worlds: int = 10) -> str:
    counter = iter(range(worlds))
    return playout_search(
        {"seat": 0},
        list(wins),
        policy=lambda view, legal, rng: legal[0],
        rng=random.Random(1),
        worlds=worlds,
        sample=lambda view, rng: OneShot(next(counter), wins),  # type: ignore[arg-type,return-value]
        restore=lambda snap: OneShot(snap["world"], snap["wins"]),  # type: ignore[arg-type,return-value]
        outcome=lambda score: 1.0 if score > 0 else 0.0,
        keep_first_by=keep_first_by,
    )


@pytest.mark.parametrize(
    ("wins", "margin", "chosen"),
    [
        ({"planner": 5, "other": 6}, 0.0, "other"),  # the plain maximum
        ({"planner": 5, "other": 6}, 1.0, "planner"),  # one world more is within the margin
        ({"planner": 5, "other": 7}, 1.0, "other"),  # two worlds more beat it
        ({"planner": 5, "other": 5}, 0.0, "planner"),  # ties go to the earlier candidate
        ({"planner": 2, "a": 4, "b": 5}, 1.0, "b"),  # among the others the best one
    ],
)
def test_the_first_candidate_keeps_the_move_unless_another_wins_more_than_the_margin(
    wins: dict[str, int], margin: float, chosen: str
) -> None:
    assert search(wins, margin) == chosen
