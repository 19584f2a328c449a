"""The moments analysis's cost (games/moments.py, issue #32): CPU seconds of one game's whole
``analyse`` on one seeded match, the fast AI level in every seat, with seat 0 counted as the
person and then every seat (the cap on decisions judged bounds the second).

Run ``.venv/bin/python tests/bench/moments_cost.py [slug …]`` (default: every game but Bridge).
Prints figures only; asserts nothing.  docs/architecture.md ("The moments analysis") quotes them.
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from typing import Any

from games.core import AnalysisInput
from games.registry import get_game

GAMES = [
    "one_poker",
    "zheng_shangyou",
    "dou_dizhu",
    "holdem",
    "spectacular_bid",
    "guandan",
    "tractor",
]
SEED = 7
MAX_MOVES = 3000
"""A match still running after this many moves is analysed as it stands (as an aborted one)."""


def bot_match(slug: str, people: frozenset[int] | None) -> AnalysisInput:
    game = get_game(slug)
    seats = game.seat_counts[0]
    state = game.new_state(seats, {}, SEED)
    fast = list(game.bots.values())[min(1, len(game.bots) - 1)]
    bots = [fast() for _ in range(seats)]
    rng = random.Random(SEED)
    moves: list[tuple[int, Any]] = []
    while not state.is_over() and len(moves) < MAX_MOVES:
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
        seed=SEED,
        moves=moves,
        people=frozenset(range(seats)) if people is None else people,
    )


def main(slugs: list[str]) -> None:
    for slug in slugs:
        analyse = importlib.import_module(f"games.{slug}.analysis").analyse
        for label, people in (("seat 0", frozenset({0})), ("all seats", None)):
            record = bot_match(slug, people)
            start = time.process_time()
            result = analyse(record)
            spent = time.process_time() - start
            print(
                f"{slug:16} {label:9} moves {len(record.moves):5}  judged "
                f"{result['judged']:3} of {result['of']:5}  cpu {spent:6.2f} s  "
                f"moments {len(result['moments'])}",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
