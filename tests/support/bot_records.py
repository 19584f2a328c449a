"""Match records played by the AI levels, for the analysis tests and tests/bench/analysis_bench.py:
what the analysis job is given (``games.core.AnalysisInput``) without a server in between."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.core import AnalysisInput
from games.registry import get_game

MOMENTS_GAMES = [
    "dou_dizhu",
    "guandan",
    "holdem",
    "one_poker",
    "spectacular_bid",
    "tractor",
    "zheng_shangyou",
]
"""The games analysed by the moments analysis (every game but Bridge)."""


def bot_record(
    slug: str,
    seed: int,
    *,
    levels: Sequence[int],
    people: frozenset[int],
    max_moves: int,
) -> AnalysisInput:
    """A match of ``slug`` seeded ``seed``, seat ``s`` played by the level ``levels[s]`` (an
    index into ``game.bots``, weakest first), until it is over or ``max_moves`` moves are in
    (then it is analysed as it stands, as an aborted match is); ``people`` are the seats counted
    as people."""
    game = get_game(slug)
    seats = game.seat_counts[0]
    state = game.new_state(seats, {}, seed)
    makers = list(game.bots.values())
    bots = [makers[min(levels[s], len(makers) - 1)]() for s in range(seats)]
    rng = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    while not state.is_over() and len(moves) < max_moves:
        decision = state.pending()[0]
        seat = decision.seat
        action = decision.forced
        if action is None:
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat), rng, 0)
        moves.append((seat, game.encode_action(action)))
        state.apply(seat, action)
    return AnalysisInput(
        state=state.to_json(),
        seats=seats,
        options={},
        seed=seed,
        moves=moves,
        people=people,
    )
