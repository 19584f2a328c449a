"""AI strength as players meet it: every level with the production budget (0, each bot's own
default, as ``live.services.ai_choose`` passes it), against bots nobody here wrote and against
our own ladder, with n and 95 % intervals on mirrored deals, and decision times per level.

Run ``.venv/bin/python tests/bench/ai_strength_bench.py`` (``--quick`` for a smoke run).  The
default run takes a few minutes on two cores; ``AI_BENCH_FULL=1`` runs the full size (at least 300
Dou Dizhu deals per role).  ``AI_BENCH_WORKERS`` sets the processes (default 2).  rlcard comes from
the bench-only extra (``pip install -e .[bench]``); without it the rlcard section says so.  Prints
figures only; asserts nothing.

* **Dou Dizhu against rlcard's ``doudizhu-rule-v1``** (its rule agent, no torch).  rlcard's game has
  no bidding (seat 0 is always the landlord), so each deal is dealt from our seed with seat 0 as
  the landlord and played three times: our strongest level as the landlord against two rlcard
  peasants, rlcard's landlord against two of ours, and rlcard against itself (the baseline).
  Targets: landlord >= 75 %, peasants >= 80 %.
* **Every game: strongest against the middle level and against random.**  Each seed is played once
  per seat rotation (two seats: both ways round; three: the strongest bot in each seat against two
  copies of the other; four-seat team games: the strongest pair in either partnership; four-seat
  free-for-all: the strongest bot in each seat).  A win is a first place for the strongest side.
* **Decision time** of every level, p50/p95/max CPU time of ``choose`` (``time.process_time``:
  one core, so a shared machine's other load does not count), over every decision it made here.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ai_opponents import RlcardDouDizhu, rlcard_rule_agent  # noqa: E402

from games.cards.shedding import Pass, Play  # noqa: E402
from games.core import Game, RatingMode  # noqa: E402
from games.dou_dizhu import GAME as DOU_DIZHU  # noqa: E402
from games.dou_dizhu.state import Bid, deal_for  # noqa: E402
from games.registry import all_games  # noqa: E402

PRODUCTION_BUDGET = 0
"""What the live platform passes (``settings.AI_BUDGET`` defaults to 0: each bot's default)."""
MAX_ACTIONS = 50_000
"""A match longer than this is cut and counted as not won (none should come near it)."""
FULL = os.environ.get("AI_BENCH_FULL", "").lower() in ("1", "true", "yes", "on")
WORKERS = int(os.environ.get("AI_BENCH_WORKERS", "2"))

DOU_DIZHU_DEALS = (30, 300, 500)
"""Deals per role: quick, default, full."""
SEEDS = {"holdem": (1, 4, 20), "spectacular_bid": (3, 12, 60)}
"""Seeds per pairing where a match is long (quick, default, full); others use ``OTHER_SEEDS``."""
OTHER_SEEDS = (4, 30, 150)

Times = dict[str, list[float]]


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    z = 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share(wins: float, n: int) -> str:
    lo, hi = wilson(wins, n)
    return f"{wins / max(1, n):6.1%} [{lo:5.1%}, {hi:5.1%}] n={n}"


# ---- Dou Dizhu against rlcard -------------------------------------------------------------------


def dou_dizhu_vs_rlcard(task: tuple[int, str, str]) -> tuple[str, bool, Times]:
    """One deal of seed ``seed``, seat 0 the landlord; ``config`` says who plays which role.

    Returns the config, whether the landlord won, and our bots' decision times by level.
    """
    seed, config, level = task
    import numpy as np  # rlcard's agent draws from numpy's global generator

    np.random.seed(seed)
    ours = DOU_DIZHU.bots[level]
    landlord_ours = config == "ours landlord"
    peasants_ours = config == "ours peasants"
    bots: list[Any] = [
        ours() if landlord_ours else RlcardDouDizhu(),
        *((ours() if peasants_ours else RlcardDouDizhu()) for _ in range(2)),
    ]
    deal = {**deal_for(3, seed, 0), "first_bidder": 0}
    state = DOU_DIZHU.new_state(3, {"deals": [deal]}, seed)
    state.apply(0, Bid(3))
    rng = random.Random(seed)
    times: Times = defaultdict(list)
    while not state.is_over():
        seat = state.pending()[0].seat
        view, legal = state.view(seat), state.legal_actions(seat)
        bot = bots[seat]
        start = time.process_time()
        action = bot.choose(view, legal, rng, PRODUCTION_BUDGET)
        if not isinstance(bot, RlcardDouDizhu):
            times[level].append(time.process_time() - start)
        state.apply(seat, action)
        assert isinstance(action, Pass | Play)
        for other in bots:
            if isinstance(other, RlcardDouDizhu):
                other.observe(seat, action)
    return config, state.view(None)["result"]["winner"] == 0, dict(times)


# ---- our ladder ---------------------------------------------------------------------------------


def rotations(game: Game[Any]) -> list[list[bool]]:
    """Which seats the strongest side holds, one list per rotation of a mirrored seed."""
    seats = game.seat_counts[0]
    if seats == 4 and game.rating_mode is RatingMode.TEAMS:
        return [[s % 2 == side for s in range(4)] for side in (0, 1)]
    return [[s == strong for s in range(seats)] for strong in range(seats)]


def ladder_match(task: tuple[str, str, str, int, int]) -> tuple[str, str, float, Times]:
    """One match of ``slug``: ``strong`` in the seats rotation ``turn`` gives it, ``weak`` in the
    others.  Returns the pairing, 1.0 for a first place of the strong side (else 0.0) and every
    level's decision times."""
    slug, strong, weak, seed, turn = task
    game = all_games()[slug]
    mine = rotations(game)[turn]
    seats = len(mine)
    bots = [game.bots[strong if mine[s] else weak]() for s in range(seats)]
    levels = [strong if mine[s] else weak for s in range(seats)]
    state = game.new_state(seats, {}, 50_000 + seed)
    rng = random.Random(seed * 10 + turn)
    times: Times = defaultdict(list)
    for _ in range(MAX_ACTIONS):
        if state.is_over():
            break
        seat = state.pending()[0].seat
        view, legal = state.view(seat), state.legal_actions(seat)
        start = time.process_time()
        action = bots[seat].choose(view, legal, rng, PRODUCTION_BUDGET)
        times[levels[seat]].append(time.process_time() - start)
        state.apply(seat, action)
    result = state.result() if state.is_over() else None
    won = 0.0
    if result is not None:
        won = 1.0 if any(r.placing == 1 and mine[r.seat] for r in result) else 0.0
    return f"{strong} vs {weak}", slug, won, dict(times)


# ---- running and reporting ----------------------------------------------------------------------


POOL: ProcessPoolExecutor | None = None


def run_all[T, R](work: Callable[[T], R], tasks: list[T]) -> list[R]:
    """``work`` over ``tasks`` in the bench's worker processes (one pool for the whole run)."""
    global POOL
    if WORKERS <= 1:
        return [work(t) for t in tasks]
    if POOL is None:
        POOL = ProcessPoolExecutor(WORKERS)
    return list(POOL.map(work, tasks, chunksize=1))


def merge(into: dict[str, Times], slug: str, times: Times) -> None:
    for level, spent in times.items():
        into[slug].setdefault(level, []).extend(spent)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    size = 0 if args.quick else 2 if FULL else 1
    games = all_games()
    times: dict[str, Times] = defaultdict(dict)
    started = time.perf_counter()
    print(
        f"AI strength with the production budget ({PRODUCTION_BUDGET}: each bot's own default); "
        f"{'full' if FULL else 'quick' if args.quick else 'default'} size, {WORKERS} worker(s)"
    )

    # Dou Dizhu against rlcard.
    strongest = list(DOU_DIZHU.bots)[-1]
    deals = DOU_DIZHU_DEALS[size]
    print()
    print(
        f"Dou Dizhu: our {strongest} against rlcard's doudizhu-rule-v1, {deals} deals (seat 0 "
        "the landlord, each deal played in every role)"
    )
    if rlcard_rule_agent() is None:
        print("  rlcard not installed (pip install -e .[bench])")
    else:
        configs = ("ours landlord", "ours peasants", "rlcard both sides")
        tasks = [(seed, c, strongest) for seed in range(deals) for c in configs]
        landlord_wins: dict[str, int] = defaultdict(int)
        for config, won, spent in run_all(dou_dizhu_vs_rlcard, tasks):
            landlord_wins[config] += won
            merge(times, "dou_dizhu", spent)
        ours_l = landlord_wins["ours landlord"]
        ours_p = deals - landlord_wins["ours peasants"]
        base = landlord_wins["rlcard both sides"]
        print(f"  our landlord vs rlcard peasants:  {share(ours_l, deals)}  (target >= 75 %)")
        print(f"  our peasants vs rlcard landlord:  {share(ours_p, deals)}  (target >= 80 %)")
        print(f"  rlcard landlord vs rlcard peasants (baseline): {share(base, deals)}", flush=True)

    # Our ladder, every registered game.
    print()
    print("Every game: strongest level against the middle level and against random")
    for slug, game in games.items():
        levels = list(game.bots)
        strong, middle = levels[-1], levels[len(levels) // 2]
        seeds = SEEDS.get(slug, OTHER_SEEDS)[size]
        turns = len(rotations(game))
        for weak in dict.fromkeys((middle, levels[0])):
            tasks = [(slug, strong, weak, seed, t) for seed in range(seeds) for t in range(turns)]
            results = run_all(ladder_match, tasks)
            wins = sum(r[2] for r in results)
            for _, _, _, spent in results:
                merge(times, slug, spent)
            print(f"  {slug:16s} {strong} vs {weak:8s} {share(wins, len(tasks))}", flush=True)

    print()
    print("Decision time per level, CPU ms of one choose() on one core (every decision above)")
    print(f"  {'game':16s} {'level':8s} {'decisions':>9s} {'p50':>7s} {'p95':>7s} {'max':>8s}")
    for slug in games:
        for level in games[slug].bots:
            spent = times.get(slug, {}).get(level)
            if not spent:
                continue
            print(
                f"  {slug:16s} {level:8s} {len(spent):9d} {1000 * percentile(spent, 0.5):7.2f} "
                f"{1000 * percentile(spent, 0.95):7.2f} {1000 * max(spent):8.1f}"
            )
    print(f"\n(bench wall time {time.perf_counter() - started:.0f} s)")
    if POOL is not None:
        POOL.shutdown()


if __name__ == "__main__":
    main()
