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
import statistics
import sys
import time
from pathlib import Path

# The checkout first (games/), then tests/ for its support package (tests/games must not hide it).
sys.path[:0] = [str(Path(__file__).resolve().parents[2])]
sys.path.append(str(Path(__file__).resolve().parents[1]))

from games.core import AnalysisInput  # noqa: E402
from games.registry import get_game  # noqa: E402
from support.bot_records import bot_record  # noqa: E402

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
    """A whole seeded match played by the fast level in every seat (capped at ``MAX_MOVES``)."""
    seats = get_game(slug).seat_counts[0]
    return bot_record(
        slug,
        seed,
        levels=[1] * seats,
        people=frozenset(range(seats)) if people is None else people,
        max_moves=MAX_MOVES,
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
