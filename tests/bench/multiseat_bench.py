"""Benchmark: multi-seat Swiss tables (3–4 seats), three groupings side by side.

Prints figures, asserts nothing.  Run from the repository root:

    .venv/bin/python tests/bench/multiseat_bench.py            # 12–256 players, 3 seeds each
    .venv/bin/python tests/bench/multiseat_bench.py --quick    # fewer fields, one seed

Each field (ratings ~ Normal(1500, 300), seeded) plays a whole Swiss of ``rounds`` rounds three
times, once per grouping:

* **today**: the grouping on main before issue 29 (greedy fill from the top with a look-ahead that
  puts repeats first, then swaps between neighbouring tables), kept here as it was;
* **score order**: the ranked players cut into tables in order (``score_order_tables``);
* **new**: ``pair_multiseat_round`` (score order improved by swaps under the lexicographic
  objective: homogeneity, then repeats, then seat rotation).

Results are simulated from a seeded RNG: each table's finishing order is drawn by the
Plackett-Luce model with strength 10^(rating/400), a sit-out scores ½.  Printed per field and
grouping, over all rounds and seeds:

* **one score**: % of tables whose players all had the same score;
* **spread**: mean / max over tables of the highest minus the lowest score at the table (score
  points: first place scores 1 at any table size);
* **repeats**: pairs seated together who had met before, summed over rounds (per event, mean of the
  seeds), and the most times one pair met in an event;
* **seats**: seat rotation, the mean over players at the end of the event of (most − fewest uses)
  over the seats every table has (0 .. min_seats − 1), lower is better;
* **CPU/round**: mean and max process time of pairing one round.

The three groupings meet different score tables after the first round (the results follow the
tables), so a line under "new" also compares it with the score order *on the same states*: the
summed spread (never wider, by construction) and the repeats of both.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from matchmaking.multiseat import (
    MultiSeatPlayer,
    MultiSeatRound,
    pair_multiseat_round,
    players_from_results,
    round_objective,
    score_order_tables,
    seat_order,
    table_sizes,
)
from matchmaking.standings import Bye, ByeKind, Game, Results

Pairer = Callable[..., MultiSeatRound]


# --- today's grouping (main before issue 29), kept as the comparison ----------------------------


def today_round(
    players: Sequence[MultiSeatPlayer], *, min_seats: int = 3, max_seats: int = 4
) -> MultiSeatRound:
    """Greedy fill from the top (3 × max_seats look-ahead, fewest repeats first), then swaps."""
    ranked = sorted(players, key=lambda p: (-round(p.score, 9), -p.rating, p.player_id))
    sizes, out = table_sizes(len(ranked), min_seats, max_seats)
    byes: list[MultiSeatPlayer] = []
    if out:
        position = {p.player_id: i for i, p in enumerate(ranked)}
        chosen = sorted(ranked, key=lambda p: (p.byes, -position[p.player_id]))[:out]
        byes = sorted(chosen, key=lambda p: position[p.player_id])
        ranked = [p for p in ranked if p not in byes]
    index = {p.player_id: i for i, p in enumerate(ranked)}
    met = [Counter(index[o] for o in p.met if o in index) for p in ranked]
    score = [p.score for p in ranked]

    def repeats(members: Sequence[int]) -> int:
        return sum(met[a][b] > 0 for a, b in itertools.combinations(members, 2))

    def spread(members: Sequence[int]) -> float:
        values = [score[m] for m in members]
        return max(values) - min(values)

    free = list(range(len(ranked)))
    tables: list[list[int]] = []
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            keys = [
                (sum(met[c][m] > 0 for m in table), round(abs(score[table[0]] - score[c]), 9), k)
                for k, c in enumerate(free[: 3 * max_seats])
            ]
            table.append(free.pop(min(keys)[2]))
        tables.append(table)
    for _ in range(20):
        improved = False
        for t in range(len(tables)):
            for u in (t + 1, t + 2):
                if u >= len(tables):
                    continue
                a, b = tables[t], tables[u]
                before = (repeats(a) + repeats(b), round(spread(a) + spread(b), 9))
                limit = max(spread(a), spread(b))
                done = False
                for i, j in itertools.product(range(len(a)), range(len(b))):
                    a2, b2 = a[:i] + [b[j]] + a[i + 1 :], b[:j] + [a[i]] + b[j + 1 :]
                    if max(spread(a2), spread(b2)) > limit + 1e-9:
                        continue
                    after = (repeats(a2) + repeats(b2), round(spread(a2) + spread(b2), 9))
                    if after < before:
                        tables[t], tables[u] = a2, b2
                        improved = done = True
                        break
                if done:
                    break
        if not improved:
            break
    history = {p.player_id: p.seats for p in ranked}
    seated = tuple(seat_order([ranked[m].player_id for m in sorted(t)], history) for t in tables)
    return MultiSeatRound(
        tables=seated,
        byes=tuple(p.player_id for p in byes),
        repeats=sum(repeats(t) for t in tables),
    )


PAIRERS: dict[str, Pairer] = {
    "today": today_round,
    "score order": score_order_tables,
    "new": pair_multiseat_round,
}


# --- simulation ----------------------------------------------------------------------------------


@dataclass
class Figures:
    tables: int = 0
    one_score: int = 0
    spread_sum: float = 0.0
    spread_max: float = 0.0
    repeats: int = 0
    most_meetings: int = 0
    seat_gap_sum: float = 0.0
    events: int = 0
    cpu: list[float] | None = None
    same_rounds: int = 0
    same_wider: int = 0
    same_spread: tuple[float, float] = (0.0, 0.0)
    same_repeats: tuple[int, int] = (0, 0)


def finishing_order(
    table: Sequence[int], ratings: dict[int, float], rng: random.Random
) -> list[int]:
    """Plackett-Luce: draw the winner by strength among those left, again and again."""
    left = list(table)
    order = []
    while left:
        weights = [10 ** (ratings[p] / 400) for p in left]
        pick = rng.choices(range(len(left)), weights=weights)[0]
        order.append(left.pop(pick))
    return order


def play_event(
    pairer: Pairer, count: int, rounds: int, low: int, high: int, seed: int, figures: Figures
) -> None:
    rng = random.Random(seed)
    ratings = {p: rng.gauss(1500, 300) for p in range(1, count + 1)}
    results_rng = random.Random(seed * 7919 + 1)
    games: list[Game] = []
    byes: list[Bye] = []
    met: Counter[tuple[int, int]] = Counter()
    seat_uses: dict[int, Counter[int]] = {p: Counter() for p in ratings}
    assert figures.cpu is not None
    for r in range(1, rounds + 1):
        results = Results(ratings, games, byes, rounds=r - 1)
        players = players_from_results(results, ratings)
        scores = {p.player_id: p.score for p in players}
        start = time.process_time()
        seated = pairer(players, min_seats=low, max_seats=high)
        figures.cpu.append(time.process_time() - start)
        if pairer is pair_multiseat_round:
            same_state(players, seated, low, high, figures)
        for table in seated.tables:
            values = [scores[p] for p in table]
            spread = max(values) - min(values)
            figures.tables += 1
            figures.one_score += spread < 1e-9
            figures.spread_sum += spread
            figures.spread_max = max(figures.spread_max, spread)
            for a, b in itertools.combinations(sorted(table), 2):
                figures.repeats += met[(a, b)] > 0
                met[(a, b)] += 1
            for seat, p in enumerate(table):
                seat_uses[p][seat] += 1
            order = finishing_order(table, ratings, results_rng)
            placings = tuple(order.index(p) + 1 for p in table)
            games.append(Game(r, tuple(table), placings))
        byes.extend(Bye(r, p, ByeKind.PAIRING, 0.5) for p in seated.byes)
    figures.most_meetings = max(figures.most_meetings, max(met.values(), default=0))
    gaps = [
        max(u[s] for s in range(low)) - min(u[s] for s in range(low)) for u in seat_uses.values()
    ]
    figures.seat_gap_sum += sum(gaps) / len(gaps)
    figures.events += 1


def same_state(
    players: list[MultiSeatPlayer], seated: MultiSeatRound, low: int, high: int, figures: Figures
) -> None:
    """Compare a round with the score order of the very same players (the per-round guarantee)."""
    baseline = score_order_tables(players, min_seats=low, max_seats=high)
    ours = round_objective(players, seated.tables, min_seats=low, max_seats=high)
    theirs = round_objective(players, baseline.tables, min_seats=low, max_seats=high)
    figures.same_rounds += 1
    figures.same_wider += ours.spread > theirs.spread + 1e-9
    figures.same_spread = (
        figures.same_spread[0] + ours.spread,
        figures.same_spread[1] + theirs.spread,
    )
    figures.same_repeats = (
        figures.same_repeats[0] + seated.repeats,
        figures.same_repeats[1] + baseline.repeats,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer fields, one seed")
    args = parser.parse_args()
    if args.quick:
        fields = [(12, 4), (16, 7), (64, 5), (256, 3)]
        seeds = [1]
    else:
        fields = [(12, 4), (13, 5), (16, 7), (24, 7), (32, 7), (64, 7), (128, 7), (256, 7)]
        seeds = [1, 2, 3]
    print(
        f"{'players':>7} {'seats':>5} {'rounds':>6}  {'grouping':<11} {'one score':>9} "
        f"{'spread mean/max':>15} {'repeats':>7} {'pair max':>8} {'seats':>5} "
        f"{'CPU/round mean/max':>19}"
    )
    for (count, rounds), (low, high) in itertools.product(fields, [(4, 4), (3, 4), (3, 3)]):
        for name, pairer in PAIRERS.items():
            figures = Figures(cpu=[])
            for seed in seeds:
                play_event(pairer, count, rounds, low, high, seed, figures)
            assert figures.cpu is not None
            cpu_mean = sum(figures.cpu) / len(figures.cpu)
            print(
                f"{count:>7} {f'{low}-{high}':>5} {rounds:>6}  {name:<11} "
                f"{100 * figures.one_score / figures.tables:>8.0f}% "
                f"{figures.spread_sum / figures.tables:>8.2f} / {figures.spread_max:4.2f} "
                f"{figures.repeats / figures.events:>7.1f} {figures.most_meetings:>8} "
                f"{figures.seat_gap_sum / figures.events:>5.2f} "
                f"{1000 * cpu_mean:>9.1f} / {1000 * max(figures.cpu):5.0f} ms"
            )
            if figures.same_rounds:
                print(
                    f"{'':>22}  same states as 'new', score order on them: summed spread "
                    f"{figures.same_spread[0]:.2f} (score order {figures.same_spread[1]:.2f}), "
                    f"wider in {figures.same_wider} of {figures.same_rounds} rounds; repeats "
                    f"{figures.same_repeats[0]} (score order {figures.same_repeats[1]})"
                )
        print()


if __name__ == "__main__":
    main()
