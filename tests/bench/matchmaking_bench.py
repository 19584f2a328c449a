"""Benchmark: one ranked matchmaking pass over a large queue, next to a naive sort-and-chunk pass.

Prints figures, asserts nothing.  Run from the repository root:

    .venv/bin/python tests/bench/matchmaking_bench.py            # 10,000 queued players
    .venv/bin/python tests/bench/matchmaking_bench.py --quick    # 1,000 players, one repetition

The queue is seeded: ratings ~ Normal(1500, 350), waits ~ Exponential(mean 20 s) capped at 300 s,
the default windows (100 + 5/s, max 400).  The baseline sorts by rating, cuts the order into
consecutive chunks of the table size and keeps the chunks that respect every member's window; its
partnership seats follow the rating order (so the teams are 1st + 3rd against 2nd + 4th).  Both
are timed in the same run on the same queue, taking turns pass by pass, in CPU time of this
(single-threaded) process so that other work on a shared machine does not count; the figure is the
median of the repetitions, the best one in brackets.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from matchmaking.pairing import (
    DEFAULT_SETTINGS,
    PairingSettings,
    QueueEntry,
    form_tables,
)

Pass = Callable[[Sequence[QueueEntry], int, bool, PairingSettings], list[list[int]]]


def make_queue(players: int, seed: int) -> list[QueueEntry]:
    """A reproducible queue of ``players`` entries."""
    rng = random.Random(seed)
    return [
        QueueEntry(pid, rng.gauss(1500, 350), min(rng.expovariate(1 / 20), 300.0))
        for pid in range(players)
    ]


def sort_and_chunk(
    entries: Sequence[QueueEntry], size: int, partnership: bool, settings: PairingSettings
) -> list[list[int]]:
    """The naive baseline: consecutive chunks of the rating order that respect the windows."""
    order = sorted(entries, key=lambda e: (e.rating, e.player_id))
    tables = []
    for start in range(0, len(order) - size + 1, size):
        chunk = order[start : start + size]
        if chunk[-1].rating - chunk[0].rating <= min(settings.window(e.waited) for e in chunk):
            tables.append([e.player_id for e in chunk])
    return tables


def time_passes(
    runs: Sequence[Pass], entries: Sequence[QueueEntry], size: int, partnership: bool, repeats: int
) -> list[tuple[list[float], list[list[int]]]]:
    """CPU seconds of each pass and the tables of the last one, for every algorithm in ``runs``.

    The algorithms take turns, pass by pass (starting with a different one each round), rather than
    one finishing all its passes before the next starts: on a shared machine the load changes
    during a run, and taking turns lets such changes hit every algorithm alike.
    """
    times: list[list[float]] = [[] for _ in runs]
    tables: list[list[list[int]]] = [[] for _ in runs]
    for repetition in range(repeats):
        for k in range(len(runs)):
            which = (k + repetition) % len(runs)
            start = time.process_time()
            tables[which] = runs[which](entries, size, partnership, DEFAULT_SETTINGS)
            times[which].append(time.process_time() - start)
    return list(zip(times, tables, strict=True))


def report(
    name: str,
    times: Sequence[float],
    tables: list[list[int]],
    entries: Sequence[QueueEntry],
    partnership: bool,
) -> float:
    """Print one line of figures for one algorithm; returns the median seconds per pass."""
    by_id = {e.player_id: e for e in entries}
    gaps = [max(by_id[p].rating for p in t) - min(by_id[p].rating for p in t) for t in tables]
    seated = {p for t in tables for p in t}
    left_waits = [e.waited for e in entries if e.player_id not in seated]
    median = statistics.median(times)
    line = (
        f"  {name:<15} {median * 1000:7.1f} ms CPU/pass (best {min(times) * 1000:6.1f})"
        f"  matched {len(seated):6d}/{len(entries)}"
        f"  mean gap {statistics.fmean(gaps) if gaps else 0.0:6.2f}"
        f"  max gap {max(gaps, default=0.0):6.1f}"
        f"  unmatched mean wait {statistics.fmean(left_waits) if left_waits else 0.0:5.1f} s"
    )
    if partnership:
        imbalance = [
            abs(by_id[t[0]].rating + by_id[t[2]].rating - by_id[t[1]].rating - by_id[t[3]].rating)
            for t in tables
        ]
        line += f"  mean team imbalance {statistics.fmean(imbalance) if imbalance else 0.0:6.2f}"
    print(line)
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="1,000 players, one repetition")
    parser.add_argument("--players", type=int, default=None, help="queue length")
    parser.add_argument("--repeats", type=int, default=None, help="timed passes per algorithm")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    players = args.players or (1_000 if args.quick else 10_000)
    repeats = args.repeats or (1 if args.quick else 7)
    entries = make_queue(players, args.seed)
    print(f"matchmaking pass: {players} queued players, median of {repeats} passes, one core")
    for title, size, partnership in (
        ("2 seats (duel)", 2, False),
        ("4 seats, partnership (0+2 vs 1+3)", 4, True),
        ("3 seats (free-for-all)", 3, False),
        ("4 seats (free-for-all)", 4, False),
    ):
        print(title)
        (ours, our_tables), (naive, naive_tables) = time_passes(
            (form_tables, sort_and_chunk), entries, size, partnership, repeats
        )
        ours_median = report("form_tables", ours, our_tables, entries, partnership)
        naive_median = report("sort-and-chunk", naive, naive_tables, entries, partnership)
        print(f"  time ratio form_tables / sort-and-chunk: {ours_median / naive_median:.2f}")


if __name__ == "__main__":
    main()
