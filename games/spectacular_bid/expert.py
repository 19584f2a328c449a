"""The expert: flat Monte Carlo over sampled worlds, for placements and for the auction.

Each sampled world (games/spectacular_bid/worlds.py) fixes the opponent's hand and the boneyard
order; every candidate action is played in the same worlds (common random numbers, so differences
come from the action, not the luck of the sample) and the round is finished by greedy play.  In the
auction the same playouts price the opening right: the round's expected worth when we open minus
when the opponent opens, compared with the bid's net price.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from games.core import JSON
from games.spectacular_bid.actions import Action, Place
from games.spectacular_bid.bots import auction_choice
from games.spectacular_bid.line import END_IDS, ORIGIN, Line
from games.spectacular_bid.playout import JOCKEY_VALUE, MATCH_VALUE, play_round
from games.spectacular_bid.tiles import Tile, tile
from games.spectacular_bid.worlds import opponent_slots, sample_world, unseen_tiles

DEFAULT_BUDGET: Final = 120
"""Playouts per decision when the caller passes no positive budget (meets the bench's p95)."""


class ExpertBot:
    """Searches sampled worlds; never reads the state, only its own view."""

    DEFAULT_BUDGET = DEFAULT_BUDGET
    """Play-outs per decision for a budget of 0 or less (what the live platform plays)."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        playouts = budget if budget > 0 else self.DEFAULT_BUDGET
        if view["phase"] == "auction":
            return auction_choice(view, legal, self._opening_advantage(view, rng, playouts))
        places = [a for a in legal if isinstance(a, Place)]
        if len(places) == 1:
            return places[0]
        return places[self._best_placement(view, places, rng, playouts)]

    def _opening_advantage(
        self, view: Mapping[str, JSON], rng: random.Random, playouts: int
    ) -> int:
        """Expected round worth when we open minus when the opponent opens."""
        me = view["seat"]
        hand = [tile(*t) for t in view["hand"]]
        unseen = unseen_tiles(view)
        slots = opponent_slots(view)
        worlds = max(1, playouts // 2)
        diff = 0
        for _ in range(worlds):
            opp_hand, boneyard = sample_world(unseen, slots, rng)
            for opener, sign in ((me, 1), (1 - me, -1)):
                hands = [list(hand), list(opp_hand)] if me == 0 else [list(opp_hand), list(hand)]
                diff += sign * play_round(
                    Line(), hands, list(boneyard), opener, 0, list(view["balances"]), me
                )
        return diff // worlds

    def _best_placement(
        self,
        view: Mapping[str, JSON],
        places: list[Place],
        rng: random.Random,
        playouts: int,
    ) -> int:
        me = view["seat"]
        opp = 1 - me
        line0 = Line.from_json(view["line"])
        hand = [tile(*t) for t in view["hand"]]
        ends = {e: p for e, p, _ in line0.ends()}
        moves: list[tuple[Tile, int, int]] = []
        for a in places:
            e = -1 if a.end == ORIGIN else END_IDS[a.end]
            moves.append((a.tile, e, ends.get(e, -1)))
        unseen = unseen_tiles(view)
        slots = opponent_slots(view)
        totals = [0] * len(moves)
        for _ in range(max(1, playouts // len(moves))):
            opp_hand, boneyard = sample_world(unseen, slots, rng)
            for i, (t, e, p) in enumerate(moves):
                line = line0.copy()
                mine = list(hand)
                mine.remove(t)
                line.place(t, e, p)
                hands = [mine, list(opp_hand)] if me == 0 else [list(opp_hand), mine]
                balances = list(view["balances"])
                count = line.count()
                value = 0
                if count % 5 == 0 and count:
                    paid = min(count, balances[opp])
                    balances[opp] -= paid
                    balances[me] += paid
                    value = paid
                    if balances[opp] == 0:
                        totals[i] += value + MATCH_VALUE
                        continue
                if not mine:
                    totals[i] += value + JOCKEY_VALUE
                    continue
                totals[i] += value + play_round(line, hands, list(boneyard), opp, 0, balances, me)
        return max(range(len(moves)), key=lambda i: (totals[i], -i))
