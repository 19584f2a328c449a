"""Dou Dizhu benchmark: engine speed next to rlcard's, and the expert AI's strength and speed.

Run ``.venv/bin/python tests/bench/dou_dizhu_bench.py`` (``--quick`` for a smoke run).  rlcard is
measured in the same run when it can be imported, or through the interpreter named by the
``RLCARD_PYTHON`` environment variable (default ``/tmp/rlcard-venv/bin/python``) so that it never
has to be installed into the project's .venv.  Prints figures only; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from shedding_bench_common import BUDGET, deals_per_s, decision_times, duel_deals, legal_per_s

from games.cards.groups import SHEDDING_ORDER
from games.core import Bot
from games.dou_dizhu import GAME
from games.dou_dizhu.combos import generate
from games.dou_dizhu.state import DouDizhuState, deal_for

RLCARD_CODE = r"""
import json, random, sys, time
from rlcard.games.doudizhu.game import DoudizhuGame
from rlcard.games.doudizhu.judger import DoudizhuJudger
from rlcard.games.doudizhu.utils import cards2str
deals, repeats = int(sys.argv[1]), int(sys.argv[2])
game = DoudizhuGame()
game.np_random.seed(1)
def deals_per_s():
    rng = random.Random(1)
    t0 = time.perf_counter()
    for _ in range(deals):
        state, pid = game.init_game()
        while not game.is_over():
            state, pid = game.step(rng.choice(state["actions"]))
    return deals / (time.perf_counter() - t0)
def legal_per_s():
    # the call rlcard makes every turn, on positions met in random deals
    rng = random.Random(2)
    calls, spent = 0, 0.0
    for _ in range(max(1, deals // 4)):
        state, pid = game.init_game()
        while not game.is_over():
            player = game.players[game.round.current_player]
            t = time.perf_counter()
            actions = list(player.available_actions(game.round.greater_player, game.judger))
            spent += time.perf_counter() - t
            calls += 1
            state, pid = game.step(rng.choice(actions))
    return calls / spent
hands = []
for _ in range(200):
    game.init_game()
    hands.append(cards2str(game.players[game.round.landlord_id].current_hand))
def lead_per_s():
    t = time.perf_counter()
    for _ in range(5):
        for h in hands:
            DoudizhuJudger.playable_cards_from_hand(h)
    return 5 * len(hands) / (time.perf_counter() - t)
print(json.dumps({"games_s": max(deals_per_s() for _ in range(repeats)),
                  "legal_s": max(legal_per_s() for _ in range(repeats)),
                  "lead_s": max(lead_per_s() for _ in range(repeats))}))
"""


def rlcard_figures(deals: int, repeats: int) -> dict[str, float] | None:
    """rlcard's figures measured now, or None when no interpreter with rlcard is available."""
    candidates = [sys.executable, os.environ.get("RLCARD_PYTHON", "/tmp/rlcard-venv/bin/python")]
    for python in candidates:
        if not os.path.exists(python):
            continue
        command = [python, "-c", RLCARD_CODE, str(deals), str(repeats)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode == 0:
            figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
            return figures
    return None


def engine_figures(deals: int, repeats: int) -> dict[str, float]:
    """Our figures; each is the best of ``repeats`` runs (the machine may be shared)."""
    leads = []
    for seed in range(200):
        deal = {**deal_for(3, seed, 0), "first_bidder": 0}  # the seed's cards, seat 0 bids first
        state = GAME.new_state(3, {"deals": [deal]}, seed)
        state.apply(0, GAME.decode_action({"kind": "bid", "value": 3}))
        assert isinstance(state, DouDizhuState)
        leads.append(state)
    counts = [SHEDDING_ORDER.counts(s.to_json()["hands"][0]) for s in leads]

    def lead_per_s() -> float:
        fresh = [GAME.state_from_json(s.to_json()) for s in leads for _ in range(5)]
        t = time.perf_counter()
        for state in fresh:
            state.legal_actions(0)
        return len(fresh) / (time.perf_counter() - t)

    def lead_ranks_per_s() -> float:
        t = time.perf_counter()
        for _ in range(5):
            for c in counts:
                generate(c, None)
        return 5 * len(counts) / (time.perf_counter() - t)

    return {
        "games_s": max(deals_per_s(GAME, deals) for _ in range(repeats)),
        "legal_s": max(legal_per_s(GAME, deals) for _ in range(repeats)),
        "lead_s": max(lead_per_s() for _ in range(repeats)),
        "lead_ranks_s": max(lead_ranks_per_s() for _ in range(repeats)),
    }


def duel(
    strong: Callable[[], Bot[Any]], weak: Callable[[], Bot[Any]], deals: int, budget: int
) -> dict[str, float]:
    """``strong`` in one seat (rotating with the deal number) against two ``weak`` bots."""
    wins = {"landlord": [0, 0], "peasant": [0, 0]}
    times: list[float] = []
    score = 0
    for me, result in duel_deals(GAME, strong, weak, deals, budget, 10_000, times):
        role = "landlord" if result["landlord"] == me else "peasant"
        wins[role][1] += 1
        wins[role][0] += result["scores"][me] > 0
        score += result["scores"][me]
    return {
        "deals": deals,
        "win": (wins["landlord"][0] + wins["peasant"][0]) / deals,
        "landlord_deals": wins["landlord"][1],
        "landlord_win": wins["landlord"][0] / max(1, wins["landlord"][1]),
        "peasant_win": wins["peasant"][0] / max(1, wins["peasant"][1]),
        "score_per_deal": score / deals,
        **decision_times(times),
    }


def _best(a: dict[str, float], b: dict[str, float]) -> dict[str, float]:
    return {k: max(a.get(k, 0.0), v) for k, v in b.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    deals = 60 if args.quick else 600
    speed_deals = 100 if args.quick else 500
    repeats = 1 if args.quick else 5
    # Alternate our runs with rlcard's and keep each side's best: a shared machine's load then
    # weighs on both sides alike.
    ours: dict[str, float] = {}
    theirs: dict[str, float] | None = {}
    for _ in range(repeats):
        ours = _best(ours, engine_figures(speed_deals, 1))
        run = rlcard_figures(speed_deals, 1)
        theirs = None if run is None or theirs is None else _best(theirs, run)
    print(
        f"Dou Dizhu engine ({speed_deals} random deals, best of {repeats} runs; ours include "
        "the bidding, rlcard's deals do not)"
    )
    print(
        f"  ours:   {ours['games_s']:9.1f} deals/s  {ours['legal_s']:10.0f} legal-move calls/s"
        f"  {ours['lead_s']:8.0f} full 20-card lead generations/s (concrete cards; "
        f"{ours['lead_ranks_s']:.0f}/s as rank multisets)"
    )
    if theirs is None:
        print("  rlcard not installed")
    else:
        print(
            f"  rlcard: {theirs['games_s']:9.1f} deals/s  {theirs['legal_s']:10.0f} "
            f"legal-move calls/s  {theirs['lead_s']:8.0f} full 20-card lead generations/s"
        )
        print(
            f"  ratio:  {ours['games_s'] / theirs['games_s']:9.2f}x deals/s "
            f"{ours['legal_s'] / theirs['legal_s']:10.2f}x legal-move calls/s "
            f"{ours['lead_s'] / theirs['lead_s']:7.2f}x lead generations/s "
            f"({ours['lead_ranks_s'] / theirs['lead_s']:.2f}x as rank multisets)"
        )
    bots = GAME.bots
    print(
        f"AI duels: one bot against two copies of another, {deals} deals, the strong seat "
        f"rotating; budget {BUDGET} play-outs per decision"
    )
    for strong, weak in (
        ("expert", "random"),
        ("expert", "greedy"),
        ("planner", "greedy"),
        ("greedy", "random"),
    ):
        r = duel(bots[strong], bots[weak], deals, BUDGET)
        print(
            f"  {strong} vs 2x {weak}: win {r['win']:.1%}, as landlord "
            f"{r['landlord_win']:.1%} ({r['landlord_deals']:.0f} deals), as peasant "
            f"{r['peasant_win']:.1%}, score/deal {r['score_per_deal']:+.2f}; decision p50 "
            f"{r['p50_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, max {r['max_ms']:.1f} ms"
        )


if __name__ == "__main__":
    main()
