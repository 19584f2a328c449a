"""Spectacular Bid benchmark: the expert's match win rates and decision times, and engine speed
next to the ``dominoes`` PyPI package's.

Run ``.venv/bin/python tests/bench/spectacular_bid_bench.py`` (``--quick`` for a smoke run,
``--workers 2`` to spread matches over processes; decision times are then still measured inside
one single-threaded process each; ``--engine-only`` for the speed comparison alone).  ``dominoes``
is measured in the same run when it imports, or through the interpreter named by
``DOMINOES_PYTHON`` (default ``/tmp/sb_dominoes_venv/bin/python``) so that it never has to be
installed into the project's .venv; otherwise the bench says "dominoes not installed".  Both
engines are timed in a fresh interpreter of their own, so that neither inherits the other's heap
(or the matches' one).  Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from games.spectacular_bid import GAME
from games.spectacular_bid.expert import DEFAULT_BUDGET
from games.spectacular_bid.state import SpectacularBidState

DOMINOES_CODE = r"""
import random, sys, time
import dominoes
games = int(sys.argv[1])
rng = random.Random(1)
t0 = time.process_time()
for _ in range(games):
    game = dominoes.Game.new()
    while game.result is None:
        game.make_move(*rng.choice(game.valid_moves))
print(games / (time.process_time() - t0))
"""


def play_match(args: tuple[str, str, int, int]) -> tuple[bool, int, list[float], list[float]]:
    """One match of ``level`` against ``opponent`` with ``level`` in seat ``index % 2``.

    Returns whether ``level`` won, the rounds played, and its decision times in seconds (wall
    and CPU time of the decisions with a real choice).
    """
    level, opponent, index, budget = args
    seat = index % 2
    bots = [GAME.bots[level](), GAME.bots[opponent]()]
    if seat == 1:
        bots.reverse()
    state = GAME.new_state(2, {}, 10_000 + index)
    rng = random.Random(index)
    wall: list[float] = []
    cpu: list[float] = []
    while not state.is_over():
        who = state.pending()[0].seat
        legal = state.legal_actions(who)
        view = state.view(who)
        t0, c0 = time.perf_counter(), time.thread_time()
        action = bots[who].choose(view, legal, rng, budget)
        if who == seat and len(legal) > 1:
            wall.append(time.perf_counter() - t0)
            cpu.append(time.thread_time() - c0)
        state.apply(who, action)
    assert isinstance(state, SpectacularBidState)
    return state.winner == seat, state.round_no, wall, cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def strength(
    level: str, opponent: str, matches: int, budget: int, workers: int
) -> tuple[list[float], list[float]]:
    t0 = time.perf_counter()
    jobs = [(level, opponent, i, budget) for i in range(matches)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_match, jobs, chunksize=4))
    else:
        results = [play_match(job) for job in jobs]
    wins = sum(r[0] for r in results)
    rounds = sum(r[1] for r in results)
    wall = [t for r in results for t in r[2]]
    cpu = [t for r in results for t in r[3]]
    print(
        f"{level} vs {opponent}: {wins}/{matches} matches won ({100 * wins / matches:.1f} %), "
        f"seats alternated, {rounds / matches:.1f} rounds per match, "
        f"{time.perf_counter() - t0:.0f} s"
    )
    return wall, cpu


def engine_speed(rounds: int) -> float:
    """Complete rounds per CPU second with random legal actions through the public engine API
    (legal_actions + apply, which validates and scores every move).  CPU time, not wall time, so
    that a busy machine slows neither side of the comparison.

    A round counts when its play ends (by domino, block or bankruptcy); its time includes the
    Start/Continue presses, the deal, the auction, every move and the settlement.  The time of the
    rare round that ends in its auction (an accepted bid empties a balance) is counted, the round
    is not."""
    rng = random.Random(5)
    done = 0
    seed = 0
    t0 = time.process_time()
    while done < rounds:
        seed += 1
        state = GAME.new_state(2, {}, seed)
        assert isinstance(state, SpectacularBidState)
        while not state.is_over() and done < rounds:
            who = state.pending()[0].seat
            before = state.round_no if state.phase == "play" else -1
            state.apply(who, rng.choice(state.legal_actions(who)))
            if before > 0 and state.phase != "play":
                done += 1
    return done / (time.process_time() - t0)


def fresh_engine_speed(rounds: int) -> float:
    """:func:`engine_speed` in a new interpreter, the way :func:`dominoes_speed` runs."""
    run = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--engine-rounds", str(rounds)],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(run.stdout)


def dominoes_speed(games: int) -> float | None:
    """The dominoes package's random games per CPU second, or None when it cannot be run."""
    try:
        import dominoes  # noqa: F401
    except ImportError:
        interpreter = os.environ.get("DOMINOES_PYTHON", "/tmp/sb_dominoes_venv/bin/python")
        if not os.path.exists(interpreter):
            return None
    else:
        interpreter = sys.executable
    run = subprocess.run(
        [interpreter, "-c", DOMINOES_CODE, str(games)], capture_output=True, text=True, check=False
    )
    return float(run.stdout) if run.returncode == 0 else None


def speed_comparison(rounds: int, repeats: int = 3) -> None:
    """Alternate our engine and dominoes ``repeats`` times and keep each side's best rate, so
    that a burst of load on a shared machine does not decide the comparison."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(repeats):
        ours.append(fresh_engine_speed(rounds))
        rate = dominoes_speed(rounds)
        if rate is not None:
            theirs.append(rate)
    print(
        f"engine: {max(ours):,.0f} random complete rounds per CPU second, best of {repeats} "
        f"(legal_actions + apply: every move validated, scored and recorded)"
    )
    if not theirs:
        print("dominoes not installed")
        return
    print(
        f"dominoes package: {max(theirs):,.0f} random games per CPU second, best of {repeats} "
        f"(4-player block game, no boneyard, no scoring); ours/theirs = "
        f"{max(ours) / max(theirs):.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument("--matches", type=int, help="matches per pairing (default 200)")
    parser.add_argument(
        "--budget",
        type=int,
        default=0,
        help=f"expert playouts per decision (0: default {DEFAULT_BUDGET})",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes for the matches")
    parser.add_argument(
        "--engine-only", action="store_true", help="only the engine speed comparison"
    )
    parser.add_argument("--engine-rounds", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine_rounds:
        print(engine_speed(args.engine_rounds))
        return
    if args.engine_only:
        speed_comparison(300 if args.quick else 2000)
        return
    matches = args.matches or (10 if args.quick else 200)
    budget = args.budget or DEFAULT_BUDGET
    print(
        f"Spectacular Bid bench: {matches} matches per pairing, expert budget {budget} "
        f"playouts, {args.workers} worker process(es)"
    )
    wall, cpu = strength("expert", "greedy", matches, budget, args.workers)
    wall2, cpu2 = strength("expert", "random", matches, budget, args.workers)
    for name, times in (("CPU", cpu + cpu2), ("wall", wall + wall2)):
        print(
            f"expert decision time, {name} (choices with >1 legal action, n={len(times)}): "
            f"p50 {1000 * percentile(times, 0.5):.1f} ms, "
            f"p95 {1000 * percentile(times, 0.95):.1f} ms, max {1000 * max(times):.1f} ms"
        )
    speed_comparison(300 if args.quick else 2000)


if __name__ == "__main__":
    main()
