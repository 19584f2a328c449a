"""Dou Dizhu legal-move generation next to rlcard's, by kind of position: leads, follows, bids.

Run ``.venv/bin/python tests/bench/doudizhu_legal_bench.py`` (``--quick`` for a smoke run).  rlcard
comes from the bench-only extra (``pip install -e .[bench]``); without it only our figures print.
Prints figures only; asserts nothing.  CPU time of this process (``time.process_time``), best of
several rounds that alternate the two engines, so a shared machine's load weighs on both alike.

What is timed, per kind of position:

* **full 20-card leads**: the landlord's first lead of 200 seeded deals (ours: ``legal_actions``
  on a fresh state, concrete cards; rlcard: ``DoudizhuJudger.playable_cards_from_hand``, the
  function it runs to list a hand's plays from scratch).
* **leads** and **follows**: every position of random deals (each engine on its own random deals,
  the same number of deals).  Ours: ``legal_actions`` on a fresh state restored from the
  snapshot, so no cache of an earlier call helps.  rlcard: a lead lists its plays from scratch
  as above (rlcard's own game keeps a leader's list up to date inside ``step``, a cost this call
  stands for); a follow is ``player.available_actions`` (``get_gt_cards``), what its game calls.
* **bids**: ours only (rlcard's Dou Dizhu has no bidding: seat 0 is always the landlord).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from games.core import JSON  # noqa: E402
from games.dou_dizhu import GAME  # noqa: E402
from games.dou_dizhu.state import Bid, deal_for  # noqa: E402

Position = tuple[dict[str, JSON], int]


def our_positions(deals: int) -> dict[str, list[Position]]:
    """Snapshots (and the seat to act) of random deals, by kind, and 200 full-hand leads."""
    rng = random.Random(2)
    kinds: dict[str, list[Position]] = {"leads": [], "follows": [], "bids": []}
    for seed in range(deals):
        state = GAME.new_state(3, {}, seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            view = state.view(seat)
            kind = (
                "bids"
                if view["phase"] == "bidding"
                else "leads"
                if view["table"] is None
                else ("follows")
            )
            kinds[kind].append((state.to_json(), seat))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    full: list[Position] = []
    for seed in range(200):
        deal = {**deal_for(3, seed, 0), "first_bidder": 0}
        state = GAME.new_state(3, {"deals": [deal]}, seed)
        state.apply(0, Bid(3))
        full.append((state.to_json(), 0))
    return {"full 20-card leads": full, **kinds}


def our_rate(positions: list[Position]) -> float:
    """``legal_actions`` calls per CPU second on fresh states restored from the snapshots."""
    states = [(GAME.state_from_json(snapshot), seat) for snapshot, seat in positions]
    start = time.process_time()
    for state, seat in states:
        state.legal_actions(seat)
    return len(states) / max(1e-9, time.process_time() - start)


def rlcard_measures(deals: int) -> dict[str, Callable[[], float]] | None:
    """rlcard's timing functions by kind, or None when rlcard is not installed."""
    try:
        from rlcard.games.doudizhu.game import DoudizhuGame
        from rlcard.games.doudizhu.judger import DoudizhuJudger
        from rlcard.games.doudizhu.utils import cards2str
    except ImportError:
        return None
    game = DoudizhuGame()
    game.np_random.seed(1)
    full: list[str] = []
    for _ in range(200):
        game.init_game()
        full.append(cards2str(game.players[game.round.landlord_id].current_hand))
    rng = random.Random(2)
    leads: list[str] = []
    follows: list[tuple[Any, Any]] = []
    for _ in range(deals):
        game.init_game()
        while not game.is_over():
            player = game.players[game.round.current_player]
            greater = game.round.greater_player
            if greater is None or greater.player_id == player.player_id:
                leads.append(cards2str(player.current_hand))
            else:
                # the position as it stands: copies, since the game goes on changing the players
                follows.append(_frozen_follow(player, greater))
            actions = list(player.available_actions(greater, game.judger))
            game.step(rng.choice(actions))

    def from_scratch(hands: list[str]) -> Callable[[], float]:
        def rate() -> float:
            start = time.process_time()
            for hand in hands:
                DoudizhuJudger.playable_cards_from_hand(hand)
            return len(hands) / max(1e-9, time.process_time() - start)

        return rate

    def follow_rate() -> float:
        start = time.process_time()
        for player, greater in follows:
            player.available_actions(greater, None)
        return len(follows) / max(1e-9, time.process_time() - start)

    return {
        "full 20-card leads": from_scratch(full),
        "leads": from_scratch(leads),
        "follows": follow_rate,
    }


def _frozen_follow(player: Any, greater: Any) -> tuple[Any, Any]:
    """A follower and the player it must beat, copied so that later moves do not change them."""
    from rlcard.games.doudizhu.player import DoudizhuPlayer

    me = DoudizhuPlayer(player.player_id, None)
    me.set_current_hand(list(player.current_hand))
    me.role = player.role
    them = DoudizhuPlayer(greater.player_id, None)
    them.played_cards = greater.played_cards
    return me, them


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a short smoke run")
    args = parser.parse_args()
    deals = 40 if args.quick else 200
    rounds = 2 if args.quick else 7
    ours_pos = our_positions(deals)
    theirs = rlcard_measures(deals)
    best_ours = dict.fromkeys(ours_pos, 0.0)
    best_theirs = dict.fromkeys(theirs or {}, 0.0)
    for _ in range(rounds):
        for kind, positions in ours_pos.items():
            best_ours[kind] = max(best_ours[kind], our_rate(positions))
        for kind, measure in (theirs or {}).items():
            best_theirs[kind] = max(best_theirs[kind], measure())
    print(
        f"Dou Dizhu legal-move generation, calls per CPU second (best of {rounds} rounds; "
        f"positions of {deals} random deals per engine, 200 full hands)"
    )
    if theirs is None:
        print("  rlcard not installed (pip install -e .[bench]): our figures only")
    print(f"  {'kind':20s} {'positions':>9s} {'ours/s':>10s} {'rlcard/s':>10s} {'ratio':>7s}")
    for kind, positions in ours_pos.items():
        line = f"  {kind:20s} {len(positions):9d} {best_ours[kind]:10.0f}"
        if kind in best_theirs:
            ratio = best_ours[kind] / best_theirs[kind]
            line += f" {best_theirs[kind]:10.0f} {ratio:6.2f}x"
        else:
            line += f" {'-':>10s} {'-':>7s}"
        print(line)


if __name__ == "__main__":
    main()
