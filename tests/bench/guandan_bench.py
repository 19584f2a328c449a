"""Guandan benchmark: engine speed next to Dou Dizhu's, and the AI levels' strength and speed.

Run ``.venv/bin/python tests/bench/guandan_bench.py`` (``--quick`` for a smoke run).  Prints
figures only; asserts nothing.

* Random deals per second: complete deals with uniformly random legal actions (a Guandan deal
  runs to its result, Dou Dizhu's bidding included), both games in the same run.
* Legal-move generation per call on positions met in random matches (every play-phase decision,
  leads and follows as they come), each position restored from its snapshot before it is timed so
  that no cache of the state helps.  Issue #16 asks Guandan's generator — wildcards, every
  reading — to stay within 3x of Dou Dizhu's per-call cost.  Also the first leads from full hands
  (the largest lists).
* Strength: whole team matches (to the win at Ace), the stronger level's partnership against
  the weaker's, changing sides each match; the issue asks the strongest level to beat the middle
  one in >= 60 % and a random team in >= 95 % of matches, with decisions p95 <= 250 ms.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from games.core import Bot, Game
from games.dou_dizhu import GAME as DOU_DIZHU
from games.guandan import GAME as GUANDAN

MAX_DEALS = 200
"""A match still running after this many deals is counted as undecided (none has come close)."""


# ---- engine speed ------------------------------------------------------------------------------


def one_deal_over(game: Game[Any], state: Any) -> bool:
    """Whether the first deal of ``state`` is over (Dou Dizhu's match is one deal)."""
    if game is GUANDAN:
        return bool(state.view(None)["phase"] in ("deal_over", "over"))
    return bool(state.is_over())


def deals_per_s(game: Game[Any], seats: int, deals: int) -> float:
    rng = random.Random(1)
    t0 = time.process_time()
    for seed in range(deals):
        state = game.new_state(seats, {}, seed)
        while not one_deal_over(game, state):
            seat = state.pending()[0].seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return deals / (time.process_time() - t0)


def positions(
    game: Game[Any], seats: int, wanted: int, full: int = 0
) -> list[tuple[dict[str, Any], int]]:
    """Snapshots and the seat to act at play-phase decisions of random matches (with ``full``:
    only leads from a hand of at least ``full`` cards)."""
    found: list[tuple[dict[str, Any], int]] = []
    seed = 0
    while len(found) < wanted:
        state = game.new_state(seats, {}, seed)
        rng = random.Random(seed)
        seed += 1
        for _ in range(3000):
            if state.is_over() or len(found) >= wanted:
                break
            decision = rng.choice(list(state.pending()))
            view = state.view(decision.seat)
            if view["phase"] == "play" and (
                not full or (view["table"] is None and len(view["hand"]) >= full)
            ):
                found.append((state.to_json(), decision.seat))
            state.apply(decision.seat, rng.choice(list(state.legal_actions(decision.seat))))
    return found


def legal_calls(game: Game[Any], found: list[tuple[dict[str, Any], int]]) -> dict[str, float]:
    """Per-call cost of ``legal_actions`` on fresh restores of ``found``.  The garbage collector
    is off while timing, as timeit has it: the thousands of restored states would otherwise be
    scanned again and again, and the pauses charged to whichever call allocates when one falls."""
    states = [(game.state_from_json(snapshot), seat) for snapshot, seat in found]
    times: list[float] = []
    leads: list[float] = []
    sizes: list[int] = []
    gc.collect()
    gc.disable()
    try:
        timed_calls(states, times, leads, sizes)
    finally:
        gc.enable()
    return {
        "calls_per_s": len(times) / sum(times),
        "mean_us": 1e6 * statistics.mean(times),
        "p95_us": 1e6 * sorted(times)[int(0.95 * (len(times) - 1))],
        "lead_mean_us": 1e6 * statistics.mean(leads) if leads else 0.0,
        "lead_share": len(leads) / len(times),
        "mean_actions": statistics.mean(sizes),
        "max_actions": max(sizes),
    }


def timed_calls(
    states: list[tuple[Any, int]], times: list[float], leads: list[float], sizes: list[int]
) -> None:
    for state, seat in states:
        leading = state.view(seat)["table"] is None
        t0 = time.process_time()
        legal = state.legal_actions(seat)
        took = time.process_time() - t0
        times.append(took)
        sizes.append(len(legal))
        if leading:
            leads.append(took)


# ---- strength ----------------------------------------------------------------------------------


def team_matches(
    strong: Callable[[], Bot[Any]], weak: Callable[[], Bot[Any]], matches: int, budget: int
) -> dict[str, float]:
    """``strong`` partners against ``weak`` partners for whole matches, changing sides."""
    won = undecided = deals = 0
    won_deals = 0
    times: list[float] = []
    for m in range(matches):
        side = m % 2
        bots = [strong() if s % 2 == side else weak() for s in range(4)]
        state = GUANDAN.new_state(4, {}, 50_000 + m)
        rng = random.Random(m)
        last_deal = -1
        while not state.is_over() and state.view(None)["deal_no"] < MAX_DEALS:
            seat = state.pending()[0].seat
            view = state.view(seat)
            legal = state.legal_actions(seat)
            t0 = time.process_time()
            action = bots[seat].choose(view, legal, rng, budget)
            if seat % 2 == side:
                times.append(time.process_time() - t0)
            state.apply(seat, action)
            previous = state.view(None)["previous"]
            if previous is not None and previous["deal_no"] != last_deal:
                last_deal = previous["deal_no"]
                deals += 1
                won_deals += previous["winners"] == side
        if state.is_over():
            won += state.view(None)["result"]["winners"] == side
        else:
            undecided += 1
    times.sort()
    return {
        "matches": matches,
        "win": won / matches,
        "undecided": undecided,
        "deals_per_match": deals / matches,
        "deal_win": won_deals / max(1, deals),
        "p50_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    speed_deals = 40 if args.quick else 300
    wanted = 300 if args.quick else 3000
    repeats = 1 if args.quick else 3
    matches = 10 if args.quick else 200

    gd = max(deals_per_s(GUANDAN, 4, speed_deals) for _ in range(repeats))
    dd = max(deals_per_s(DOU_DIZHU, 3, speed_deals) for _ in range(repeats))
    print(f"Random deals per second ({speed_deals} deals, best of {repeats}):")
    print(f"  guandan   {gd:9.1f} deals/s (4 x 27 cards)")
    print(f"  dou_dizhu {dd:9.1f} deals/s (3 x 17 + 3 cards, bidding included)")

    rows = {
        "dou_dizhu": legal_calls(DOU_DIZHU, positions(DOU_DIZHU, 3, wanted)),
        "guandan": legal_calls(GUANDAN, positions(GUANDAN, 4, wanted)),
    }
    print(f"Legal-move generation on {wanted} positions of random matches (fresh restores):")
    for name, row in rows.items():
        print(
            f"  {name:9} {row['calls_per_s']:9.0f} calls/s  mean {row['mean_us']:7.1f} us"
            f"  p95 {row['p95_us']:7.1f} us  leads {row['lead_mean_us']:7.1f} us"
            f" ({100 * row['lead_share']:.0f}% of calls)  actions mean"
            f" {row['mean_actions']:.0f} max {row['max_actions']:.0f}"
        )
    ratio = rows["guandan"]["mean_us"] / rows["dou_dizhu"]["mean_us"]
    print(f"  guandan / dou_dizhu per-call cost: {ratio:.2f}x (issue #16: within 3x)")
    first = max(30, wanted // 10)
    dd_lead = legal_calls(DOU_DIZHU, positions(DOU_DIZHU, 3, first, full=20))
    gd_lead = legal_calls(GUANDAN, positions(GUANDAN, 4, first, full=27))
    print(
        f"  first leads from full hands: dou_dizhu {dd_lead['mean_us']:.1f} us"
        f" ({dd_lead['mean_actions']:.0f} actions), guandan {gd_lead['mean_us']:.1f} us"
        f" ({gd_lead['mean_actions']:.0f} actions, max {gd_lead['max_actions']:.0f}):"
        f" {gd_lead['mean_us'] / dd_lead['mean_us']:.2f}x"
    )

    bots = GUANDAN.bots
    print(
        f"AI team matches (whole matches to the win at Ace, {matches} each, sides alternating;"
        " decision times of the first-named level, one core):"
    )
    for strong, weak in (("expert", "greedy"), ("expert", "random"), ("greedy", "random")):
        r = team_matches(bots[strong], bots[weak], matches, 0)
        print(
            f"  {strong} vs {weak}: matches won {r['win']:.1%}"
            f" ({r['undecided']:.0f} undecided), deals won {r['deal_win']:.1%},"
            f" {r['deals_per_match']:.1f} deals/match; decision p50 {r['p50_ms']:.2f} ms,"
            f" p95 {r['p95_ms']:.2f} ms, max {r['max_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
