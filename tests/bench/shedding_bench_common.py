"""What the shedding-game benches share: random-play engine speed and one-bot-against-two duels.

Imported by ``dou_dizhu_bench.py`` and ``zheng_shangyou_bench.py`` (run_all.sh runs only the
``*_bench.py`` files, so this module is never run on its own).  Both games are three-seat, one-deal
games driven through the same :class:`games.core.Game` interface, so the measuring loops are the
same; each bench keeps its own figures and report.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from typing import Any

from games.core import Bot, Game

BUDGET = 24
"""Play-outs per decision handed to the bots (only the expert searches)."""


def deals_per_s(game: Game[Any], deals: int) -> float:
    """Complete deals with uniformly random legal actions, per second."""
    rng = random.Random(1)
    t0 = time.perf_counter()
    for seed in range(deals):
        state = game.new_state(3, {}, seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    return deals / (time.perf_counter() - t0)


def legal_per_s(game: Game[Any], deals: int) -> float:
    """``legal_actions`` calls per second on the positions of random deals (a quarter of
    ``deals``), timing only the calls."""
    rng = random.Random(2)
    calls, spent = 0, 0.0
    for seed in range(max(1, deals // 4)):
        state = game.new_state(3, {}, seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            t = time.perf_counter()
            legal = state.legal_actions(seat)
            spent += time.perf_counter() - t
            calls += 1
            state.apply(seat, rng.choice(legal))
    return calls / spent


def duel_deals(
    game: Game[Any],
    strong: Callable[[], Bot[Any]],
    weak: Callable[[], Bot[Any]],
    deals: int,
    budget: int,
    first_seed: int,
    times: list[float],
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``strong`` in one seat (rotating with the deal number) against two ``weak`` bots.

    Yields ``(strong seat, final result)`` per deal and appends the strong bot's decision times
    (seconds) to ``times``; deal ``n`` is dealt from seed ``first_seed + n``.
    """
    for deal in range(deals):
        me = deal % 3
        bots = [strong() if s == me else weak() for s in range(3)]
        rng = random.Random(deal)
        state = game.new_state(3, {}, first_seed + deal)
        while not state.is_over():
            seat = state.pending()[0].seat
            view = state.view(seat)
            legal = state.legal_actions(seat)
            t = time.perf_counter()
            action = bots[seat].choose(view, legal, rng, budget)
            if seat == me:
                times.append(time.perf_counter() - t)
            state.apply(seat, action)
        yield me, state.view(None)["result"]


def decision_times(times: list[float]) -> dict[str, float]:
    """Median, 95th percentile and slowest decision in milliseconds."""
    times = sorted(times)
    return {
        "p50_ms": 1000 * statistics.median(times),
        "p95_ms": 1000 * times[int(0.95 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
    }
