"""Endgame search for the Zheng Shangyou expert: sampled worlds played out by the planner.

The unseen cards are dealt at random to the two opponents in the numbers the view shows; each
candidate play is tried in the same worlds and the deal is finished by the planner for all three
seats.  The candidate with the best average final score for our seat wins (scores, not wins: a
deal lost with few cards left is far cheaper than one lost with a bomb and the 2♠ in hand).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.search import Policy, playout_search
from games.core import JSON
from games.zheng_shangyou.state import DECK, Action, ZhengShangyouState


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
        state_table = {
            "seat": table["seat"],
            "cards": cards,
            "kind": table["kind"],
            "rank": strengths[-1],
            "length": table["length"],
            "strengths": strengths,
            "led": table["led"],
        }
    return ZhengShangyouState.from_json(
        {
            "seed": 0,
            "phase": "play",
            "hands": hands,
            "turn": me,
            "table": state_table,
            "passes": view["passes"],
            "first_play": view["first_play"],
            "played": played,
            "bonus": list(view["bomb_bonus"]),
            "log": [],
            "result": None,
        }
    )


def best_by_playouts(
    view: Mapping[str, JSON],
    candidates: Sequence[Action],
    policy: Policy[Action],
    rng: random.Random,
    worlds: int,
) -> Action:
    """The candidate with the best average final score for ``view``'s seat over the worlds."""
    return playout_search(
        view,
        candidates,
        policy,
        rng,
        worlds,
        sample=sample_world,
        restore=ZhengShangyouState.from_json,
        outcome=float,
    )
