"""Endgame search for the Zheng Shangyou expert: sampled worlds played out by the planner.

The unseen cards are dealt at random to the two opponents in the numbers the view shows; each
candidate play is tried in the same worlds and the deal is finished by the planner for all three
seats.  The candidate with the best average final score for our seat wins (scores, not wins: a
deal lost with few cards left is far cheaper than one lost with a bomb and the 2♠ in hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.core import JSON
from games.zheng_shangyou.state import DECK, ZhengShangyouState

Policy = Callable[[Mapping[str, JSON], Sequence[Any], random.Random], Any]


def sample_world(view: Mapping[str, JSON], rng: random.Random) -> ZhengShangyouState:
    """A full state consistent with ``view`` (a seat's own view)."""
    me = view["seat"]
    mine = [card(t) for t in view["hand"]]
    played = [[card(t) for t in cards] for cards in view["played"]]
    seen = set(mine) | {c for cards in played for c in cards}
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    hands: list[list[int]] = []
    for seat in range(3):
        if seat == me:
            hands.append(mine)
            continue
        need = view["hand_counts"][seat]
        hands.append(unseen[:need])
        unseen = unseen[need:]
    table = view["table"]
    state_table = None
    if table is not None:
        cards = [card(t) for t in table["cards"]]
        strengths = sorted(SHEDDING_ORDER.strength(c) for c in cards)
        state_table = {"seat": table["seat"], "cards": cards, "kind": table["kind"],
                       "rank": strengths[-1], "length": table["length"],
                       "strengths": strengths, "led": table["led"]}
    return ZhengShangyouState({
        "seed": 0, "phase": "play", "hands": hands, "turn": me, "table": state_table,
        "passes": view["passes"], "first_play": view["first_play"], "played": played,
        "bonus": list(view["bomb_bonus"]), "log": [], "result": None})


def best_by_playouts(view: Mapping[str, JSON], candidates: Sequence[Any], policy: Policy,
                     rng: random.Random, worlds: int) -> Any:
    """The candidate with the best average final score for ``view``'s seat over the worlds."""
    me = view["seat"]
    totals = [0.0] * len(candidates)
    for _ in range(worlds):
        world = sample_world(view, rng)
        snapshot = world.to_json()
        for i, action in enumerate(candidates):
            state = ZhengShangyouState(snapshot) if i else world
            state.apply(me, action)
            while not state.is_over():
                seat = state.pending()[0].seat
                state.apply(seat, policy(state.view(seat), state.legal_actions(seat), rng))
            totals[i] += state.view(None)["result"]["scores"][me]
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]
