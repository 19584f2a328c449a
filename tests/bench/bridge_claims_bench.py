"""What the robots' claim check (games/bridge/claim_check.py) costs and how much it accepts.

Deals bid and played by the greedy robots; at a random moment of each deal where the declarer's
side is to play, the declarer claims exactly what double-dummy play gives it from there (endplay's
DDS: the most a claim could ever be worth), and the check judges that claim from the declarer's
knowledge.  Printed: how many such claims the check accepts (no guess), refuses as a guess, and
leaves unsettled within its bound, by tricks left; positions visited and CPU time per claim.

    .venv/bin/python tests/bench/bridge_claims_bench.py [deals] [limit]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter, defaultdict

from games.bridge import dds
from games.bridge.actions import Claim
from games.bridge.bots import GreedyBot
from games.bridge.claim_check import claim_verdict, knowledge_from_view, positions_searched
from games.bridge.solver import mask_of
from games.bridge.state import BridgeState


def one(seed: int, limit: int) -> tuple[int, str, int, float] | None:
    rng = random.Random(seed)
    state = BridgeState.new(4, {}, seed)
    bot = GreedyBot()
    while state.phase == "auction":
        seat = state.pending()[0].seat
        state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng, 0))
    if state.contract is None:
        return None
    stop = rng.randrange(1, 52)
    played = 0
    while not state.is_over():
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        if played >= stop and any(isinstance(a, Claim) for a in legal):
            break
        state.apply(seat, bot.choose(state.view(seat), legal, rng, 0))
        played += 1
    if state.is_over():
        return None
    c = state.contract
    hands = [mask_of(h) for h in state.hands]
    worth = max(dds.card_values(hands, state.leader, state.trick, c.strain).values())
    declarer = c.declarer
    state.apply(declarer, Claim(worth))
    known = knowledge_from_view(state.view(declarer))
    start = time.process_time()
    verdict = claim_verdict(known, worth, limit)
    spent = time.process_time() - start
    return state.tricks_left, verdict.value, positions_searched(known, worth, limit), spent


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
    rows = [r for seed in range(deals) if (r := one(seed, limit)) is not None]
    by_left: dict[str, Counter[str]] = defaultdict(Counter)
    for left, verdict, _, _ in rows:
        band = "1-4" if left <= 4 else "5-8" if left <= 8 else "9-13"
        by_left[band][verdict] += 1
    print(f"{len(rows)} claims of the double-dummy worth, limit {limit} positions")
    for band in ("1-4", "5-8", "9-13"):
        print(f"  {band} tricks left: {dict(by_left[band])}")
    nodes = sorted(r[2] for r in rows)
    cpu = sorted(r[3] for r in rows)
    q = statistics.quantiles
    print(f"  positions p50 {q(nodes, n=100)[49]:.0f} p90 {q(nodes, n=100)[89]:.0f}")
    print(f"  cpu s p50 {q(cpu, n=100)[49]:.4f} p90 {q(cpu, n=100)[89]:.4f} max {max(cpu):.3f}")


if __name__ == "__main__":
    main()
