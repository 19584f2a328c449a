"""One Poker benchmarks: engine speed, AI strength and AI decision time.

Run: ``.venv/bin/python tests/bench/one_poker_bench.py`` (``--quick`` for a smoke run).  Prints
figures, never asserts them.

* Engine speed: complete random deals per second (random offered actions, simultaneous locks in a
  random order).
* Strength: full matches of the expert against random, a calling station and the greedy rule bot,
  the expert's seat alternating between 0 and 1 (seat 0 bets first in the first deal).
* Decision time: p50/p95 of the expert's ``choose`` on one core.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.core import JSON, Bot  # noqa: E402
from games.one_poker import GAME  # noqa: E402
from games.one_poker.actions import Lock, OnePokerAction  # noqa: E402
from games.one_poker.bots import ExpertBot, GreedyBot, RandomBot  # noqa: E402
from games.one_poker.state import OnePokerState  # noqa: E402
from games.poker.betting import BetAction  # noqa: E402

BUDGET = 300


class CallingStation:
    """Locks a random card, then checks or calls everything."""

    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[OnePokerAction],
        rng: random.Random,
        budget: int,
    ) -> OnePokerAction:
        if isinstance(legal[0], Lock):
            return rng.choice(list(legal))
        passive = (a for a in legal if isinstance(a, BetAction) and a.kind in ("check", "call"))
        return next(passive, legal[0])


OPPONENTS: dict[str, Callable[[], Bot[OnePokerAction]]] = {
    "random": RandomBot,
    "calling station": CallingStation,
    "greedy": GreedyBot,
}


def engine_deals_per_second(seconds: float) -> float:
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        state = OnePokerState.new(2, {}, seed)
        seed += 1
        while not state.is_over():
            seat = rng.choice(list(state.pending())).seat
            state.apply(seat, rng.choice(list(state.legal_actions(seat))))
        deals += state.deal_no + 1
    return deals / (time.perf_counter() - start)


def play_match(args: tuple[str, int]) -> tuple[bool, int, list[float]]:
    """One full match; returns whether the expert won, the deals played and its decision times."""
    opponent, seed = args
    state = GAME.new_state(2, {}, seed)
    rng = random.Random(seed)
    me = seed % 2
    bots: dict[int, Bot[OnePokerAction]] = {me: ExpertBot(), 1 - me: OPPONENTS[opponent]()}
    times: list[float] = []
    while not state.is_over():
        seat = rng.choice(list(state.pending())).seat
        start = time.perf_counter()
        action = bots[seat].choose(state.view(seat), state.legal_actions(seat), rng, BUDGET)
        if seat == me:
            times.append(time.perf_counter() - start)
        state.apply(seat, action)
    placing = {r.seat: r.placing for r in state.result() or []}[me]
    assert isinstance(state, OnePokerState)
    return placing == 1, state.deal_no + 1, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--matches", type=int, default=0, help="matches per opponent")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    matches = args.matches or (10 if args.quick else 1000)

    print("One Poker benchmark")
    print(
        f"engine: {engine_deals_per_second(0.5 if args.quick else 3.0):,.0f} "
        "random complete deals/s"
    )
    all_times: list[float] = []
    total = 0
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name in OPPONENTS:
            results = list(
                pool.map(play_match, [(name, seed) for seed in range(matches)], chunksize=10)
            )
            wins = sum(1 for won, _, _ in results if won)
            for _, _, t in results:
                all_times += t
            total += len(results)
            print(
                f"expert vs {name}: {len(results)} matches (seats alternated), won {wins} "
                f"({100 * wins / len(results):.1f}%), "
                f"mean deals {statistics.mean(d for _, d, _ in results):.0f}"
            )
    all_times.sort()
    p50 = all_times[len(all_times) // 2] * 1000
    p95 = all_times[int(len(all_times) * 0.95)] * 1000
    print(
        f"{total} matches; expert decisions: {len(all_times)}, budget {BUDGET} samples, "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms, max {all_times[-1] * 1000:.1f} ms "
        f"(one core per worker, {args.workers} workers)"
    )


if __name__ == "__main__":
    main()
