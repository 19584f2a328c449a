"""Tractor benchmark: engine speed (next to Dou Dizhu's, measured in the same run) and the AI
levels' strength and speed in whole team matches.

Run ``.venv/bin/python tests/bench/tractor_bench.py`` (``--quick`` for a smoke run).  Prints
figures only; asserts nothing.

* Random deals per second: a first deal played with uniformly random legal actions, from the deal
  to its count (bidding, burial, 25 tricks given card by card).
* Legal-move calls per second: ``legal_actions`` on the positions of random deals, timing only the
  calls (each call is the first after a change, so nothing comes from the state's cache).
* Strength: whole matches (to a team beyond the Ace) between two partnerships, the levels
  changing seats every match; decision times of the first-named level (p50/p95/max, one core).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from shedding_bench_common import deals_per_s as ddz_deals_per_s  # noqa: E402
from shedding_bench_common import legal_per_s as ddz_legal_per_s  # noqa: E402

from games.core import Bot  # noqa: E402
from games.dou_dizhu import GAME as DOU_DIZHU  # noqa: E402
from games.tractor.bots import LEVELS, RandomBot  # noqa: E402
from games.tractor.state import TractorState  # noqa: E402

MAX_DEALS = 400
"""A match between equal random teams can run long; no match in the runs below comes close."""


def deals_per_s(deals: int) -> float:
    rng = random.Random(1)
    t0 = time.perf_counter()
    for seed in range(deals):
        state = TractorState.new(4, {}, seed)
        while state.phase not in ("deal_over", "over"):
            seat = state.pending()[0].seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return deals / (time.perf_counter() - t0)


def legal_per_s(deals: int) -> float:
    rng = random.Random(2)
    calls, spent = 0, 0.0
    for seed in range(deals):
        state = TractorState.new(4, {}, seed)
        while state.phase not in ("deal_over", "over"):
            seat = state.pending()[0].seat
            state._legal.clear()  # pending() asked already (for a forced action): ask afresh
            t = time.perf_counter()
            legal = state.legal_actions(seat)
            spent += time.perf_counter() - t
            calls += 1
            state.apply(seat, rng.choice(legal))
    return calls / spent


def make(level: str) -> Callable[[], Bot[Any]]:
    return RandomBot if level == "random" else LEVELS[level]


def match(
    team0: Callable[[], Bot[Any]], team1: Callable[[], Bot[Any]], seed: int, timed: int,
    times: list[float],
) -> tuple[int | None, int]:  # fmt: skip
    """One match, ``team0`` in seats 0 and 2; the decision times of team ``timed``."""
    bots = [team0(), team1(), team0(), team1()]
    state = TractorState.new(4, {}, seed)
    rng = random.Random(seed)
    while not state.is_over() and state.deal_no < MAX_DEALS:
        decision = state.pending()[0]
        view = state.view(decision.seat)
        legal = state.legal_actions(decision.seat)
        t = time.perf_counter()
        action = bots[decision.seat].choose(view, legal, rng, 0)
        if decision.seat % 2 == timed:
            times.append(time.perf_counter() - t)
        state.apply(decision.seat, action)
    return state.winners, state.deal_no + 1


def team_matches(strong: str, weak: str, matches: int, first_seed: int) -> dict[str, float]:
    wins, deals, times = 0, 0, []
    for n in range(matches):
        seed = first_seed + n
        if n % 2 == 0:
            winners, played = match(make(strong), make(weak), seed, 0, times)
            wins += winners == 0
        else:
            winners, played = match(make(weak), make(strong), seed, 1, times)
            wins += winners == 1
        deals += played
    times.sort()
    return {
        "win": wins / matches,
        "wins": wins,
        "deals": deals / matches,
        "p50_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    speed_deals = 20 if args.quick else 200
    repeats = 1 if args.quick else 3
    ours = {"deals_s": 0.0, "legal_s": 0.0}
    ddz = {"deals_s": 0.0, "legal_s": 0.0}
    for _ in range(repeats):  # alternate, keep each side's best: a shared machine's load
        ours["deals_s"] = max(ours["deals_s"], deals_per_s(speed_deals))
        ours["legal_s"] = max(ours["legal_s"], legal_per_s(max(1, speed_deals // 4)))
        ddz["deals_s"] = max(ddz["deals_s"], ddz_deals_per_s(DOU_DIZHU, speed_deals))
        ddz["legal_s"] = max(ddz["legal_s"], ddz_legal_per_s(DOU_DIZHU, speed_deals))
    print(f"Tractor engine ({speed_deals} random deals, best of {repeats} runs)")
    print(
        f"  tractor:   {ours['deals_s']:8.1f} deals/s  {ours['legal_s']:9.0f} legal-move calls/s"
        "  (a deal: bidding, burial of 8, 25 tricks given card by card)"
    )
    print(
        f"  dou_dizhu: {ddz['deals_s']:8.1f} deals/s  {ddz['legal_s']:9.0f} legal-move calls/s"
        f"  (same run; per-call cost ratio tractor/dou_dizhu "
        f"{ddz['legal_s'] / ours['legal_s']:.2f})"
    )
    pairs = [
        ("expert", "club", 20 if args.quick else 200),
        ("expert", "random", 10 if args.quick else 100),
        ("club", "beginner", 10 if args.quick else 100),
        ("beginner", "random", 10 if args.quick else 100),
    ]
    print("AI team matches (whole matches to a team beyond the Ace, seats swapped every match)")
    for n, (strong, weak, matches) in enumerate(pairs):
        r = team_matches(strong, weak, matches, 50_000 + 1_000 * n)
        print(
            f"  {strong} vs {weak}: {strong} wins {r['wins']:.0f}/{matches} = {r['win']:.1%}"
            f" ({r['deals']:.1f} deals a match); {strong}'s decisions p50 {r['p50_ms']:.2f} ms,"
            f" p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
