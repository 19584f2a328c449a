"""The replay index (live.replay.replay_index) carries with each move the events it caused as
spectators see them — what the board's words for the move read (e.g. that a card came from the
dummy) — and nothing a seat alone saw."""

from __future__ import annotations

import pytest

from live.replay import replay_index, replay_steps

from .test_fairness import played_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("slug", ["zheng_shangyou", "tractor"])
def test_each_move_carries_the_events_spectators_saw_at_that_step(make_user, slug) -> None:
    match = played_match(make_user(), slug, moves=10)
    index = replay_index(match=match)
    steps = replay_steps(match=match, start=0, stop=index["steps"])
    spectator = {s["step"]: s["frames"]["spectator"]["events"] for s in steps}
    assert any(m["events"] for m in index["moves"])
    for move in index["moves"]:
        assert move["events"] == spectator[move["step"]]
