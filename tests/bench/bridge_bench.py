"""Bridge benchmark: engine speed, the robots' decision times, and their strength measured against
double-dummy results from endplay's DDS (the referee here; the expert also uses DDS to solve its
sampled deals, :mod:`games.bridge.dds`).

Run ``.venv/bin/python tests/bench/bridge_bench.py`` (``--quick`` for a smoke run).  Prints
figures only; asserts nothing.

* Engine: complete random deals per second (uniformly random legal calls and cards) and
  ``legal_actions`` calls per second.
* Decision times p50 / p95 / max per AI level, over whole deals played by four robots of that
  level (auction and play; one core, the default budget): wall-clock time, and the process's CPU
  time (what one core spends, whatever else the machine runs); for the expert also its card
  play's decisions alone (those with more than one legal card, where it samples).
* Declarer play: on seeded deals South declares a fixed contract — the strain in which South
  takes the most tricks double-dummy, at the level those tricks make exactly — and the robots
  play it out (the same level in all four seats, and the expert declaring against greedy
  defenders).  Reported: the declarer's tricks minus the double-dummy tricks, per deal on
  average (negative: tricks lost).
* Bidding: four robots bid seeded deals; the share of final contracts that make double-dummy.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.bridge.actions import Bid, Claim, Pass
from games.bridge.bidding import choose_call
from games.bridge.calls import final_contract, status, to_call
from games.bridge.deals import deal_for, shuffled_deal
from games.bridge.declaration import GAME
from games.core import Bot

STRAIN_ORDER = (0, 1, 2, 3, 4)


def deals_per_s(deals: int, *, claims: bool) -> float:
    """Random deals per second; ``claims=False`` leaves the declarer's claim out of the random
    choice (a claim is a double-dummy search, which would dominate the engine's own cost)."""
    rng = random.Random(1)
    t0 = time.perf_counter()
    for seed in range(deals):
        state = GAME.new_state(4, {}, seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            legal = state.legal_actions(seat)
            if not claims:
                legal = [a for a in legal if not isinstance(a, Claim)]
            state.apply(seat, rng.choice(legal))
    return deals / (time.perf_counter() - t0)


def legal_per_s(deals: int) -> float:
    rng = random.Random(2)
    calls, spent = 0, 0.0
    for seed in range(deals):
        state = GAME.new_state(4, {}, seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            t = time.perf_counter()
            legal = state.legal_actions(seat)
            spent += time.perf_counter() - t
            calls += 1
            state.apply(seat, rng.choice([a for a in legal if not isinstance(a, Claim)]))
    return calls / spent


def percentiles(times: list[float]) -> str:
    if not times:
        return "no decisions"
    ordered = sorted(times)
    p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000  # noqa: E731
    return (
        f"p50 {p(0.5):6.1f} ms  p95 {p(0.95):6.1f} ms  max {ordered[-1] * 1000:6.1f} ms"
        f"  ({len(ordered)} decisions, mean {statistics.fmean(ordered) * 1000:.1f} ms)"
    )


@dataclass
class Times:
    """Decision times in seconds: wall-clock and CPU for every decision, and CPU for the card
    play's real choices (more than one legal card)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    card_cpu: list[float] = field(default_factory=list)

    def report(self) -> str:
        return f"wall {percentiles(self.wall)}\n      CPU  {percentiles(self.cpu)}"


def play_out(state: Any, bots: list[Bot[Any]], rng: random.Random, times: Times) -> None:
    while not state.is_over():
        seat = state.pending()[0].seat
        view = state.view(seat)
        legal = state.legal_actions(seat)
        t, c = time.perf_counter(), time.process_time()
        action = bots[seat].choose(view, legal, rng, 0)
        cpu = time.process_time() - c
        times.wall.append(time.perf_counter() - t)
        times.cpu.append(cpu)
        if view["phase"] == "play" and len(legal) > 1:
            times.card_cpu.append(cpu)
        state.apply(seat, action)


# ---- double-dummy references (endplay) ---------------------------------------------------------


def pbn(hands: Any) -> str:
    def one(cards: Any) -> str:
        parts = []
        for suit in (3, 2, 1, 0):
            ranks = sorted((c % 13 for c in cards if c // 13 == suit), reverse=True)
            parts.append("".join("23456789TJQKA"[r] for r in ranks))
        return ".".join(parts)

    return "N:" + " ".join(one(hands[s]) for s in (2, 3, 0, 1))  # N E S W = seats 2 3 0 1


def dd_table(hands: Any) -> Callable[[int, int], int]:
    """Double-dummy tricks for (strain, declarer seat) from endplay's DDS."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    table = calc_dd_table(Deal(pbn(hands)))
    denom = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    player = {0: Player.south, 1: Player.west, 2: Player.north, 3: Player.east}
    return lambda strain, seat: int(table[denom[strain], player[seat]])


def declarer_loss(
    deals: int, declarer: Callable[[], Bot[Any]], defender: Callable[[], Bot[Any]]
) -> tuple[float, float, Times]:
    """Mean (declarer's tricks − double-dummy tricks) and the share of exact contracts made."""
    diffs: list[float] = []
    made = 0
    times = Times()
    for n in range(deals):
        seed = 40_000 + n
        entry = deal_for(4, seed, 0)
        hands = shuffled_deal(seed, 0).hands
        dd = dd_table(hands)
        strain = max(STRAIN_ORDER, key=lambda s: (dd(s, 0), s))
        tricks = dd(strain, 0)
        level = min(7, max(1, tricks - 6))
        state = GAME.new_state(4, {"deals": [entry]}, seed)
        for action in (Bid(level, strain), Pass(), Pass(), Pass()):
            state.apply(state.pending()[0].seat, action)
        bots = [declarer() if s % 2 == 0 else defender() for s in range(4)]
        play_out(state, bots, random.Random(seed), times)
        won = state.tricks_won()[0]
        diffs.append(won - tricks)
        made += won >= 6 + level
    return statistics.fmean(diffs), made / deals, times


def bidding_makes(deals: int) -> tuple[float, float]:
    """Share of robot auctions whose contract makes double-dummy; share passed out."""
    makes = contracts = passed = 0
    for n in range(deals):
        hands = shuffled_deal(70_000 + n, 0).hands
        calls: list[int] = []
        while not status(calls).over:
            calls.append(choose_call(hands[to_call(calls)], calls))
        contract = final_contract(calls)
        if contract is None:
            passed += 1
            continue
        contracts += 1
        makes += dd_table(hands)(contract.strain, contract.declarer) >= contract.target
    return makes / max(1, contracts), passed / deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    speed = 100 if args.quick else 1000
    timed = 4 if args.quick else 30
    dd_deals = 10 if args.quick else 200
    print(f"Bridge engine ({speed} random deals)")
    print(
        f"  {deals_per_s(speed, claims=False):9.1f} deals/s without claims"
        f"  {legal_per_s(speed // 4):10.0f} legal-move calls/s"
    )
    print(f"  {deals_per_s(speed // 10, claims=True):9.1f} deals/s with random claims judged")
    print(f"Robot decision times, four robots of a level, {timed} whole deals each (one core)")
    for level, make in GAME.bots.items():
        times = Times()
        for seed in range(timed):
            state = GAME.new_state(4, {}, 10_000 + seed)
            play_out(state, [make() for _ in range(4)], random.Random(seed), times)
        print(f"  {level:7s} {times.report()}")
        if level == "expert":
            print(f"  expert's card play alone, CPU {percentiles(times.card_cpu)}")
    try:
        import endplay  # noqa: F401
    except ImportError:
        print("endplay is not installed (pip install -e .): no double-dummy figures")
        return
    print(f"Declarer play against double-dummy, {dd_deals} seeded deals, South declaring the")
    print("  double-dummy best strain at the level it makes exactly (tricks − DD per deal)")
    bots = GAME.bots
    for decl, defs in (("expert", "expert"), ("expert", "greedy"), ("greedy", "greedy")):
        mean, made, times = declarer_loss(dd_deals, bots[decl], bots[defs])
        print(
            f"  {decl} declaring, {defs} defending: {mean:+.2f} tricks/deal,"
            f" contract made {made:.0%}; decisions\n      {times.report()}"
        )
    share, passed = bidding_makes(dd_deals)
    print(f"Bidding, {dd_deals} seeded deals, four robots: {share:.0%} of contracts make")
    print(f"  double-dummy ({passed:.0%} passed out)")


if __name__ == "__main__":
    main()
