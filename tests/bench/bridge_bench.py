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
* Bidding against par: four robots bid seeded deals (South deals, the deal's own vulnerability);
  the final contract is scored double-dummy for North–South (endplay's ``calc_dd_table``) and
  compared with par (endplay's ``par``): the share of deals exactly at par and within 50 points
  of it, the median distance, and the share of contracts that make double-dummy.  The bidding was
  tuned on seeds 70,000–70,199 (:data:`TUNING_SEEDS`); seeds 90,000–90,199
  (:data:`HELD_OUT_SEEDS`) were never looked at while tuning and give the figures to report.

* Ceiling (``--part ceiling`` only, not in a full run: about 13 double-dummy solves a deal):
  the share within 50 of par reached by the side that declares par when it knows both of its
  own hands exactly and bids alone (:func:`own_hands_ceiling`) — a generous ceiling for any
  bidding system, since an auction tells a partnership far less than that.

``--part`` runs one part alone (``engine``, ``times``, ``declarer``, ``auction``, ``ceiling``);
``--auction-seeds START:COUNT`` (repeatable) picks the auction's (and the ceiling's) deals.
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
from games.bridge.calls import STRAINS, final_contract, status, to_call
from games.bridge.deals import deal_for, shuffled_deal, vulnerable
from games.bridge.declaration import GAME
from games.bridge.scoring import score
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


@dataclass
class Auctions:
    """The robots' auctions against par: for each deal the North–South score of the final
    contract played double-dummy, and par's."""

    scores: list[int] = field(default_factory=list)
    pars: list[int] = field(default_factory=list)
    contracts: int = 0
    makes: int = 0

    def report(self) -> str:
        n = len(self.scores)
        gaps = [abs(a - b) for a, b in zip(self.scores, self.pars, strict=True)]
        exact = sum(g == 0 for g in gaps) / n
        near = sum(g <= 50 for g in gaps) / n
        passed = (n - self.contracts) / n
        return (
            f"exactly par {exact:.1%}, within 50 points {near:.1%}, median distance"
            f" {statistics.median(gaps):.0f} (mean {statistics.fmean(gaps):.0f}); contracts"
            f" making double-dummy {self.makes / max(1, self.contracts):.1%}"
            f" ({passed:.1%} passed out)"
        )


def dd_and_par(seed: int) -> tuple[dict[str, list[int]], int]:
    """The deal's double-dummy table (strain → tricks per seat) and par for North–South."""
    from games.bridge.analysis import dd_table, par_of

    deal = shuffled_deal(seed, 0)
    table, raw = dd_table(deal.hands)
    assert deal.vulnerability is not None
    return table, par_of(raw, deal.vulnerability)[0]


def robot_auction(seed: int) -> list[int]:
    """Four robots bid the seed's deal (South deals, the deal's vulnerability)."""
    deal = shuffled_deal(seed, 0)
    assert deal.vulnerability is not None
    calls: list[int] = []
    while not status(calls).over:
        seat = to_call(calls)
        calls.append(choose_call(deal.hands[seat], calls, 0, deal.vulnerability))
    return calls


def north_south(
    level: int, strain: int, doubled: int, declarer: int, vulnerability: str, tricks: int
) -> tuple[int, bool]:
    """A contract that took ``tricks``: North–South's score and whether it made."""
    got = score(level, strain, doubled, vulnerable(vulnerability, declarer), tricks)
    return (got.total if declarer % 2 == 0 else -got.total), got.made


def auctions_vs_par(
    seeds: range, cache: dict[int, tuple[dict[str, list[int]], int]] | None = None
) -> Auctions:
    """The robots bid every deal of ``seeds``; each final contract is scored double-dummy for
    North–South (0 passed out) next to par."""
    out = Auctions()
    for seed in seeds:
        if cache is not None and seed in cache:
            table, par_score = cache[seed]
        else:
            table, par_score = dd_and_par(seed)
            if cache is not None:
                cache[seed] = (table, par_score)
        vulnerability = shuffled_deal(seed, 0).vulnerability
        assert vulnerability is not None
        contract = final_contract(robot_auction(seed))
        ns = 0
        if contract is not None:
            tricks = table[STRAINS[contract.strain]][contract.declarer]
            ns, made = north_south(
                contract.level,
                contract.strain,
                contract.doubled,
                contract.declarer,
                vulnerability,
                tricks,
            )
            out.contracts += 1
            out.makes += made
        out.scores.append(ns)
        out.pars.append(par_score)
    return out


def own_hands_ceiling(seeds: range, samples: int) -> Auctions:
    """A generous ceiling for any bidding system: on each deal the side that declares par (it is
    told which) knows both of its own hands exactly, as no auction can tell it, but not how the
    opponents' 26 cards lie; the opponents stay silent.  It picks the contract (either of its
    two seats declaring, undoubled; or passing) of the best mean score over ``samples`` deals
    of the opponents' cards, each solved double-dummy, and that contract is scored on the real
    deal, double-dummy, next to par."""
    from games.bridge.analysis import dd_table, par_of

    out = Auctions()
    for seed in seeds:
        deal = shuffled_deal(seed, 0)
        vulnerability = deal.vulnerability
        assert vulnerability is not None
        table, raw = dd_table(deal.hands)
        par_score, par_contracts = par_of(raw, vulnerability)
        out.pars.append(par_score)
        if not par_contracts:
            out.scores.append(0)
            continue
        side = par_contracts[0].declarer % 2
        ours = (side, side + 2)
        theirs = [c for seat in (1 - side, 3 - side) for c in deal.hands[seat]]
        rng = random.Random(seed)
        totals: dict[tuple[int, int, int], int] = {}
        for _ in range(samples):
            rng.shuffle(theirs)
            hands = list(deal.hands)
            hands[1 - side], hands[3 - side] = tuple(theirs[:13]), tuple(theirs[13:])
            sampled, _ = dd_table(hands)
            for strain, name in enumerate(STRAINS):
                for declarer in ours:
                    tricks = sampled[name][declarer]
                    zone = vulnerable(vulnerability, declarer)
                    for level in range(1, 8):
                        key = (level, strain, declarer)
                        got = score(level, strain, 0, zone, tricks).total
                        totals[key] = totals.get(key, 0) + got
        best = max(totals, key=lambda k: totals[k])
        if totals[best] <= 0:
            out.scores.append(0)
            continue
        level, strain, declarer = best
        ns, made = north_south(
            level, strain, 0, declarer, vulnerability, table[STRAINS[strain]][declarer]
        )
        out.scores.append(ns)
        out.contracts += 1
        out.makes += made
    return out


def seed_range(text: str) -> range:
    """``"70000:200"`` → 200 seeds from 70,000."""
    start, count = text.split(":")
    return range(int(start), int(start) + int(count))


TUNING_SEEDS = "70000:200"
"""The deals the bidding was tuned on."""
HELD_OUT_SEEDS = "90000:200"
"""Deals the bidding was never tuned on: the figures to report."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    parser.add_argument(
        "--part",
        choices=("all", "engine", "times", "declarer", "auction", "ceiling"),
        default="all",
        help="run one part only",
    )
    parser.add_argument(
        "--auction-seeds",
        action="append",
        help=f"START:COUNT seeds for the auction against par (default {TUNING_SEEDS} and"
        f" {HELD_OUT_SEEDS}); repeatable",
    )
    parser.add_argument(
        "--ceiling-samples",
        type=int,
        default=12,
        help="deals of the opponents' cards per decision of --part ceiling (default 12)",
    )
    args = parser.parse_args()
    speed = 100 if args.quick else 1000
    timed = 4 if args.quick else 30
    dd_deals = 10 if args.quick else 200
    part = args.part
    if part in ("all", "engine"):
        print(f"Bridge engine ({speed} random deals)")
        print(
            f"  {deals_per_s(speed, claims=False):9.1f} deals/s without claims"
            f"  {legal_per_s(speed // 4):10.0f} legal-move calls/s"
        )
        print(f"  {deals_per_s(speed // 10, claims=True):9.1f} deals/s with random claims judged")
    if part in ("all", "times"):
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
    if part in ("all", "declarer"):
        print(f"Declarer play against double-dummy, {dd_deals} seeded deals, South declaring the")
        print("  double-dummy best strain at the level it makes exactly (tricks − DD per deal)")
        bots = GAME.bots
        for decl, defs in (("expert", "expert"), ("expert", "greedy"), ("greedy", "greedy")):
            mean, made, times = declarer_loss(dd_deals, bots[decl], bots[defs])
            print(
                f"  {decl} declaring, {defs} defending: {mean:+.2f} tricks/deal,"
                f" contract made {made:.0%}; decisions\n      {times.report()}"
            )
            if decl == "expert" or defs == "expert":
                print(f"      card play with a choice, CPU {percentiles(times.card_cpu)}")
    if part in ("all", "auction"):
        ranges = args.auction_seeds or (
            [f"70000:{dd_deals}", f"90000:{dd_deals}"] if args.quick
            else [TUNING_SEEDS, HELD_OUT_SEEDS]
        )  # fmt: skip
        for text in ranges:
            seeds = seed_range(text)
            found = auctions_vs_par(seeds)
            print(f"Bidding against par, seeds {seeds.start}–{seeds.stop - 1}, four robots:")
            print(f"  {found.report()}")
    if part == "ceiling":  # not in "all": about 13 double-dummy solves a deal
        for text in args.auction_seeds or [HELD_OUT_SEEDS]:
            seeds = seed_range(text)
            found = own_hands_ceiling(seeds, args.ceiling_samples)
            print(
                f"Ceiling, seeds {seeds.start}–{seeds.stop - 1}: par's side knowing both of its"
                f" hands, {args.ceiling_samples} deals of the opponents' cards a decision:"
            )
            print(f"  {found.report()}")


if __name__ == "__main__":
    main()
