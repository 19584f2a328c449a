"""Benchmark: pairing one round of a large Swiss, next to py4swiss on the same 1,000-player input.

Prints figures, asserts nothing.  Run from the repository root:

    .venv/bin/python tests/bench/swiss_bench.py            # 1,000 and 10,000 players, py4swiss
    .venv/bin/python tests/bench/swiss_bench.py --quick    # 1,000 players, no py4swiss

The field is seeded: ratings ~ Normal(1500, 350).  The first rounds are paired by
``matchmaking.swiss.pair_round`` and played out by the Elo expectation (a fifth of the games drawn),
so that the timed round meets realistic score brackets, colour histories, floats and byes.  Then the
next round is paired and timed (CPU time of this single-threaded process; the median of the
repetitions, the best in brackets).  With py4swiss installed (a bench-only extra:
``pip install py4swiss==0.3.1``) the same 1,000-player state is written as a FIDE TRF file and
paired by its Dutch engine, once.

Quality is counted the same way for both (``matchmaking.swiss.assess``): *floaters* are boards
whose players have different scores (and the sum of those differences), *colour misses* are
players given the colour against their preference (of which *strong* and *absolute*), plus repeat
pairings and second byes, which must both be 0.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import tempfile
import time
from pathlib import Path

from matchmaking.standings import Bye, ByeKind, Game, Results
from matchmaking.swiss import (
    Board,
    PairingQuality,
    SwissPairing,
    SwissPlayer,
    assess,
    pair_round,
    players_from_results,
)

DRAW_SHARE = 0.2


def simulate(players: int, rounds: int, seed: int) -> tuple[Results, dict[int, float]]:
    """The results of ``rounds`` rounds of a seeded field of ``players``, paired by us."""
    rng = random.Random(seed)
    ratings = {p: float(round(rng.gauss(1500, 350))) for p in range(1, players + 1)}
    games: list[Game] = []
    byes: list[Bye] = []
    for r in range(1, rounds + 1):
        results = Results(ratings, games, byes, rounds=r - 1)
        pairing = pair_round(players_from_results(results, ratings))
        for board in pairing.boards:
            expected = 1 / (1 + 10 ** ((ratings[board.black] - ratings[board.white]) / 400))
            x = rng.random()
            if x < expected * (1 - DRAW_SHARE):
                placings = (1, 2)
            elif x < expected * (1 - DRAW_SHARE) + DRAW_SHARE:
                placings = (1, 1)
            else:
                placings = (2, 1)
            games.append(Game(r, (board.white, board.black), placings))
        if pairing.bye is not None:
            byes.append(Bye(r, pairing.bye, ByeKind.PAIRING, 1.0))
    return Results(ratings, games, byes, rounds=rounds), ratings


def report(name: str, times: list[float], quality: PairingQuality, boards: int) -> None:
    median = statistics.median(times)
    timing = f"{median:7.3f} s CPU" + (f" (best {min(times):.3f})" if len(times) > 1 else "")
    print(
        f"  {name:<10} {timing:<28} boards {boards:5d}"
        f"  floaters {quality.downfloaters:4d} (score gap {quality.score_gap:5.1f})"
        f"  colour misses {quality.colour_misses:4d}"
        f" (strong {quality.strong_misses}, absolute {quality.absolute_misses})"
        f"  repeats {quality.repeats}  second byes {quality.second_byes}"
    )


def bench_ours(
    players: list[SwissPlayer], repeats: int
) -> tuple[list[float], SwissPairing, PairingQuality]:
    times = []
    pairing = SwissPairing((), None)
    for _ in range(repeats):
        start = time.process_time()
        pairing = pair_round(players)
        times.append(time.process_time() - start)
    return times, pairing, assess(players, pairing)


def write_trf(
    path: Path, results: Results, ratings: dict[int, float], numbers: dict[int, int]
) -> None:
    """The tournament so far as a FIDE TRF-16 file (starting numbers = our pairing numbers)."""
    lines = ["012 swiss bench", f"XXR {results.rounds + 1}", "XXC white1"]
    outcome = {1.0: "1", 0.5: "=", 0.0: "0"}
    for p in sorted(results.players, key=numbers.__getitem__):
        number = numbers[p]
        rating = max(0, min(9999, int(ratings[p])))
        head = (
            f"001 {number:4d} m    {'P' + str(number):33} {rating:4d}     {'':11} {'':10}"
            f" {results.score(p):4.1f} {number:4d}"
        )
        cells = []
        for r in results.history(p):
            if r.kind == "played":
                colour = "w" if r.entry.seat == 0 else "b"
                cells.append(f"  {numbers[r.opponents[0]]:4d} {colour} {outcome[r.points]}")
            elif r.kind == ByeKind.PAIRING.value:
                cells.append("  0000 - U")
            else:
                cells.append("  0000 - Z")
        lines.append(head + "".join(cells))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def bench_py4swiss(
    results: Results, ratings: dict[int, float], players: list[SwissPlayer]
) -> tuple[float, SwissPairing, PairingQuality] | None:
    try:  # a bench-only extra, imported by name so that type checks do not need it
        engines = importlib.import_module("py4swiss.engines")
        trf_module = importlib.import_module("py4swiss.trf")
    except ImportError:
        return None
    order = sorted(ratings, key=lambda p: (-ratings[p], p))
    numbers = {p: i + 1 for i, p in enumerate(order)}
    back = {n: p for p, n in numbers.items()}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "round.trf"
        write_trf(path, results, ratings, numbers)
        trf = trf_module.TrfParser.parse(path)
        start = time.process_time()
        pairs = engines.DutchEngine.generate_pairings(trf)
        elapsed = time.process_time() - start
    boards = []
    bye = None
    for pair in pairs:
        if pair.black == 0:
            bye = back[pair.white]
        else:
            boards.append(Board(back[pair.white], back[pair.black]))
    pairing = SwissPairing(tuple(boards), bye)
    return elapsed, pairing, assess(players, pairing)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="1,000 players only, no py4swiss")
    parser.add_argument("--rounds", type=int, default=5, help="rounds played before the timed one")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-reference", action="store_true", help="skip py4swiss")
    args = parser.parse_args()
    sizes = (1_000,) if args.quick else (1_000, 10_000)
    print(f"Swiss pairing (FIDE Dutch): one round after {args.rounds} simulated rounds, one core")
    for size in sizes:
        start = time.perf_counter()
        results, ratings = simulate(size, args.rounds, args.seed)
        players = players_from_results(results, ratings)
        brackets = len({round(p.score, 9) for p in players})
        print(
            f"{size} players, {brackets} score brackets"
            f" (simulating the earlier rounds took {time.perf_counter() - start:.1f} s)"
        )
        repeats = 5 if size <= 1_000 else 3
        times, pairing, quality = bench_ours(players, repeats)
        report("ours", times, quality, len(pairing.boards))
        if size == 1_000 and not args.quick and not args.no_reference:
            reference = bench_py4swiss(results, ratings, players)
            if reference is None:
                print("  py4swiss   not installed (pip install py4swiss==0.3.1 to compare)")
            else:
                elapsed, ref_pairing, ref_quality = reference
                report("py4swiss", [elapsed], ref_quality, len(ref_pairing.boards))
                ours_pairs = {frozenset((b.white, b.black)) for b in pairing.boards}
                same = sum(1 for b in ref_pairing.boards if {b.white, b.black} in ours_pairs)
                print(f"  identical boards: {same} of {len(ref_pairing.boards)}")


if __name__ == "__main__":
    main()
