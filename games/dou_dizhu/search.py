"""Endgame search for the Dou Dizhu expert: sampled worlds played out by the planner.

The expert cannot see the other hands, so it samples *worlds*: the unseen cards dealt at random
to the other two seats in the numbers the view shows (the shown bottom cards the landlord has not
played yet stay with the landlord).  Each candidate play is tried in the same worlds and the deal
is finished by the hand planner for all three seats; the candidate with the best average result
for our side wins.  Only the last part of a deal is searched, where a single misjudged play
decides the deal and play-outs are short.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards import deck
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.search import Policy, playout_search
from games.core import JSON
from games.dou_dizhu.state import Action, DouDizhuState, combo_of


def sample_world(view: Mapping[str, JSON], rng: random.Random) -> DouDizhuState:
    """A full play-phase state consistent with ``view`` (a seat's own view)."""
    me = view["seat"]
    landlord = view["landlord"]
    mine = [card(t) for t in view["hand"]]
    played = {card(t) for cards in view["played"] for t in cards}
    bottom = [card(t) for t in view["bottom"]]
    seen = set(mine) | played
    hands: list[list[int]] = [[], [], []]
    hands[me] = mine
    if landlord != me:
        hands[landlord] = [c for c in bottom if c not in seen]
    seen |= set(hands[landlord])
    unseen = [c for c in deck() if c not in seen]
    rng.shuffle(unseen)
    for seat in range(3):
        if seat == me:
            continue
        need = view["hand_counts"][seat] - len(hands[seat])
        hands[seat] = SHEDDING_ORDER.sort(hands[seat] + unseen[:need])
        unseen = unseen[need:]
    table = view["table"]
    table_data = None
    if table is not None:
        cards = [card(t) for t in table["cards"]]
        combo = combo_of(cards)
        assert combo is not None
        table_data = {
            "seat": table["seat"],
            "cards": cards,
            "kind": combo.kind,
            "rank": combo.rank,
            "length": combo.length,
            "strengths": list(combo.strengths),
        }
    return DouDizhuState.from_json(
        {
            "seed": 0,
            "options": {},
            "deal_no": view["deal_no"],
            "log": [],
            "hands": hands,
            "bottom": bottom,
            "phase": "play",
            "first_bidder": view["bidding"]["first_bidder"],
            "turn": me,
            "bids": [],
            "high_bid": view["bid"],
            "high_bidder": landlord,
            "passes": view["passes"],
            "landlord": landlord,
            "bid": view["bid"],
            "multiplier": view["multiplier"],
            "bombs": view["bombs"],
            "rockets": view["rockets"],
            "table": table_data,
            "plays": list(view["plays"]),
            "played": [[card(t) for t in cards] for cards in view["played"]],
            "result": None,
        }
    )


def best_by_playouts(
    view: Mapping[str, JSON],
    candidates: Sequence[Action],
    policy: Policy[Action],
    rng: random.Random,
    worlds: int,
    keep_first_by: float = 0.0,
) -> Action:
    """The candidate whose play-outs score best for ``view``'s seat over ``worlds`` samples; the
    first keeps the move unless another wins more than ``keep_first_by`` worlds more."""
    return playout_search(
        view,
        candidates,
        policy,
        rng,
        worlds,
        sample=sample_world,
        restore=DouDizhuState.from_json,
        outcome=_won,
        keep_first_by=keep_first_by,
    )


def _won(score: int) -> float:
    """A play-out counts 1 when the searching seat's side wins the deal, else 0."""
    return 1.0 if score > 0 else 0.0
