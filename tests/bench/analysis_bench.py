"""The analysis job's cost per match, per game (issue #32): CPU seconds of the game's whole
``analyse`` (Bridge: double-dummy; the others: games/moments.py) on seeded matches played by the
fast AI level in every seat, with seat 0 counted as the person and then every seat (the cap on
decisions judged bounds the second).  The median and the worst over the seeds.

Run ``.venv/bin/python tests/bench/analysis_bench.py [--quick] [slug …]`` (default: every game;
``--quick``: one seed instead of five; ``make bench`` runs it).  Prints figures only; asserts
nothing.  docs/architecture.md ("The moments analysis") quotes them.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time
from typing import Any

from games.core import AnalysisInput
from games.registry import get_game

GAMES = [
    "bridge",
    "one_poker",
    "zheng_shangyou",
    "dou_dizhu",
    "holdem",
    "spectacular_bid",
    "guandan",
    "tractor",
]
SEEDS = (7, 8, 9, 10, 11)
"""Seeds of the benches' own range (the tests use small fixed seeds of their own)."""
MAX_MOVES = 3000
"""A match still running after this many moves is analysed as it stands (as an aborted one)."""


def bot_match(slug: str, people: frozenset[int] | None, seed: int) -> AnalysisInput:
    game = get_game(slug)
    seats = game.seat_counts[0]
    state = game.new_state(seats, {}, seed)
    fast = list(game.bots.values())[min(1, len(game.bots) - 1)]
    bots = [fast() for _ in range(seats)]
    rng = random.Random(seed)
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
        seed=seed,
        moves=moves,
        people=frozenset(range(seats)) if people is None else people,
    )


def main(slugs: list[str], seeds: tuple[int, ...]) -> None:
    print(f"seeds {list(seeds)}; CPU seconds of one match's analysis (median / worst)")
    for slug in slugs:
        analyse = importlib.import_module(f"games.{slug}.analysis").analyse
        for label, people in (("seat 0", frozenset({0})), ("all seats", None)):
            spent: list[float] = []
            moves: list[int] = []
            for seed in seeds:
                record = bot_match(slug, people, seed)
                start = time.process_time()
                analyse(record)
                spent.append(time.process_time() - start)
                moves.append(len(record.moves))
            print(
                f"{slug:16} {label:9} moves {statistics.median(moves):7.0f}  "
                f"cpu {statistics.median(spent):6.2f} / {max(spent):6.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    chosen = [a for a in sys.argv[1:] if a != "--quick"]
    main(chosen or GAMES, SEEDS[:1] if quick else SEEDS)
