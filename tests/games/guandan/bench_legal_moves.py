"""Legal-move generation per call: Guandan next to Dou Dizhu, on positions from random play.

Issue #16 asks Guandan's generator (the hardest: wildcards, every reading) to stay within 3x of
Dou Dizhu's per-call cost.  Positions are collected from random matches of both games (every
decision in the play phase, leads and follows as they come); each is restored from its snapshot
before it is timed, so no cache of the state helps.  Run:

    .venv/bin/python tests/games/guandan/bench_legal_moves.py [positions]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from games.core import Game
from games.dou_dizhu import GAME as DOU_DIZHU
from games.guandan.declaration import GAME as GUANDAN


def positions(
    game: Game[Any], seats: int, wanted: int, phase: str, full: int = 0
) -> list[tuple[Any, int]]:
    """Snapshots and the seat to act, at every play-phase decision of random matches (with
    ``full``: only leads from a hand of at least ``full`` cards, the largest lists)."""
    found: list[tuple[Any, int]] = []
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
            if view["phase"] == phase and (
                not full or (view["table"] is None and len(view["hand"]) >= full)
            ):
                found.append((state.to_json(), decision.seat))
            state.apply(decision.seat, rng.choice(list(state.legal_actions(decision.seat))))
    return found


def measure(game: Game[Any], found: list[tuple[Any, int]]) -> dict[str, float]:
    states = [(game.state_from_json(snapshot), seat) for snapshot, seat in found]
    times: list[float] = []
    sizes: list[int] = []
    leads: list[float] = []
    for state, seat in states:
        leading = state.view(seat)["table"] is None
        start = time.perf_counter()
        legal = state.legal_actions(seat)
        took = time.perf_counter() - start
        times.append(took)
        sizes.append(len(legal))
        if leading:
            leads.append(took)
    follows = [t for t in times if t not in leads]
    return {
        "calls_per_s": len(times) / sum(times),
        "mean_us": 1e6 * statistics.mean(times),
        "p95_us": 1e6 * sorted(times)[int(0.95 * len(times))],
        "lead_mean_us": 1e6 * statistics.mean(leads) if leads else 0.0,
        "follow_mean_us": 1e6 * statistics.mean(follows) if follows else 0.0,
        "lead_share": len(leads) / len(times),
        "mean_actions": statistics.mean(sizes),
        "max_actions": max(sizes),
    }


def main() -> None:
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    dd = measure(DOU_DIZHU, positions(DOU_DIZHU, 3, wanted, "play"))
    gd = measure(GUANDAN, positions(GUANDAN, 4, wanted, "play"))
    for name, row in (("dou_dizhu", dd), ("guandan", gd)):
        print(
            f"{name:10} {row['calls_per_s']:9.0f} calls/s  mean {row['mean_us']:7.1f} us"
            f"  p95 {row['p95_us']:7.1f} us  lead {row['lead_mean_us']:7.1f} us"
            f" ({100 * row['lead_share']:.0f}% of calls)  follow {row['follow_mean_us']:6.1f} us"
            f"  actions mean {row['mean_actions']:.0f} max {row['max_actions']}"
        )
    print(f"guandan / dou_dizhu per-call cost: {gd['mean_us'] / dd['mean_us']:.2f}x")
    first = wanted // 10
    dd = measure(DOU_DIZHU, positions(DOU_DIZHU, 3, first, "play", full=20))
    gd = measure(GUANDAN, positions(GUANDAN, 4, first, "play", full=27))
    print(
        f"first leads (full hands): dou_dizhu {dd['mean_us']:.1f} us ({dd['mean_actions']:.0f}"
        f" actions), guandan {gd['mean_us']:.1f} us ({gd['mean_actions']:.0f} actions, max"
        f" {gd['max_actions']}): {gd['mean_us'] / dd['mean_us']:.2f}x"
    )


if __name__ == "__main__":
    main()
