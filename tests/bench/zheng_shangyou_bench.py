"""Zheng Shangyou benchmark: engine speed, and the expert AI's strength and speed.

Run ``.venv/bin/python tests/bench/zheng_shangyou_bench.py`` (``--quick`` for a smoke run).
rlcard has no Zheng Shangyou, so the engine figures stand alone (compare them with the Dou Dizhu
bench, which measures rlcard).  Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from games.core import Bot
from games.zheng_shangyou import GAME

BUDGET = 24
"""Play-outs per decision handed to the bots (only the expert searches)."""


def engine_figures(deals: int, repeats: int) -> dict[str, float]:
    """Random complete deals per second and legal-move calls per second (best of ``repeats``)."""

    def deals_per_s() -> float:
        rng = random.Random(1)
        t0 = time.perf_counter()
        for seed in range(deals):
            state = GAME.new_state(3, {}, seed)
            while not state.is_over():
                seat = state.pending()[0].seat
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        return deals / (time.perf_counter() - t0)

    def legal_per_s() -> float:
        rng = random.Random(2)
        calls, spent = 0, 0.0
        for seed in range(max(1, deals // 4)):
            state = GAME.new_state(3, {}, seed)
            while not state.is_over():
                seat = state.pending()[0].seat
                t = time.perf_counter()
                legal = state.legal_actions(seat)
                spent += time.perf_counter() - t
                calls += 1
                state.apply(seat, rng.choice(legal))
        return calls / spent

    return {"games_s": max(deals_per_s() for _ in range(repeats)),
            "legal_s": max(legal_per_s() for _ in range(repeats))}


def duel(strong: Callable[[], Bot], weak: Callable[[], Bot], deals: int,
         budget: int) -> dict[str, float]:
    """``strong`` in one seat (rotating with the deal number) against two ``weak`` bots."""
    wins = 0
    score = 0
    times: list[float] = []
    for deal in range(deals):
        me = deal % 3
        bots = [strong() if s == me else weak() for s in range(3)]
        rng = random.Random(deal)
        state = GAME.new_state(3, {}, 20_000 + deal)
        while not state.is_over():
            seat = state.pending()[0].seat
            view = state.view(seat)
            legal = state.legal_actions(seat)
            t = time.perf_counter()
            action = bots[seat].choose(view, legal, rng, budget)
            if seat == me:
                times.append(time.perf_counter() - t)
            state.apply(seat, action)
        result = state.view(None)["result"]
        wins += result["winner"] == me
        score += result["scores"][me]
    times.sort()
    return {"deals": deals, "win": wins / deals, "score_per_deal": score / deals,
            "p50_ms": 1000 * statistics.median(times),
            "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))], "max_ms": 1000 * times[-1]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    deals = 60 if args.quick else 600
    speed_deals = 100 if args.quick else 1000
    repeats = 1 if args.quick else 3
    ours = engine_figures(speed_deals, repeats)
    print(f"Zheng Shangyou engine ({speed_deals} random deals, best of {repeats} runs)")
    print(f"  ours:   {ours['games_s']:9.1f} deals/s  {ours['legal_s']:10.0f} legal-move calls/s")
    print("  rlcard has no Zheng Shangyou (see the Dou Dizhu bench for rlcard's figures)")
    bots = GAME.bots
    print(f"AI duels: one bot against two copies of another, {deals} deals, the strong seat "
          f"rotating (33% wins is par); budget {BUDGET} play-outs per decision")
    pairs = (("expert", "random"), ("expert", "greedy"), ("planner", "greedy"),
             ("greedy", "random"))
    for strong, weak in pairs:
        r = duel(bots[strong], bots[weak], deals, BUDGET)
        print(f"  {strong} vs 2x {weak}: "
              f"win {r['win']:.1%}, score/deal {r['score_per_deal']:+.2f}; decision p50 "
              f"{r['p50_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.1f} ms")


if __name__ == "__main__":
    main()
