"""Zheng Shangyou benchmark: engine speed, and the expert AI's strength and speed.

Run ``.venv/bin/python tests/bench/zheng_shangyou_bench.py`` (``--quick`` for a smoke run).
rlcard has no Zheng Shangyou, so the engine figures stand alone (compare them with the Dou Dizhu
bench, which measures rlcard).  Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from shedding_bench_common import BUDGET, deals_per_s, decision_times, duel_deals, legal_per_s

from games.core import Bot
from games.zheng_shangyou import GAME


def engine_figures(deals: int, repeats: int) -> dict[str, float]:
    """Random complete deals per second and legal-move calls per second (best of ``repeats``)."""
    return {
        "games_s": max(deals_per_s(GAME, deals) for _ in range(repeats)),
        "legal_s": max(legal_per_s(GAME, deals) for _ in range(repeats)),
    }


def duel(
    strong: Callable[[], Bot[Any]], weak: Callable[[], Bot[Any]], deals: int, budget: int
) -> dict[str, float]:
    """``strong`` in one seat (rotating with the deal number) against two ``weak`` bots."""
    wins = 0
    score = 0
    times: list[float] = []
    for me, result in duel_deals(GAME, strong, weak, deals, budget, 20_000, times):
        wins += result["winner"] == me
        score += result["scores"][me]
    return {
        "deals": deals,
        "win": wins / deals,
        "score_per_deal": score / deals,
        **decision_times(times),
    }


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
    print(
        f"AI duels: one bot against two copies of another, {deals} deals, the strong seat "
        f"rotating (33% wins is par); budget {BUDGET} play-outs per decision"
    )
    pairs = (
        ("expert", "random"),
        ("expert", "greedy"),
        ("planner", "greedy"),
        ("greedy", "random"),
    )
    for strong, weak in pairs:
        r = duel(bots[strong], bots[weak], deals, BUDGET)
        print(
            f"  {strong} vs 2x {weak}: "
            f"win {r['win']:.1%}, score/deal {r['score_per_deal']:+.2f}; decision p50 "
            f"{r['p50_ms']:.2f} ms, p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
