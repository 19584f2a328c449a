"""The two simple AI levels: random, and greedy (the best immediate score)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.core import JSON
from games.spectacular_bid.actions import ACCEPT, WAIVE, Action, Bid, Place, Raise
from games.spectacular_bid.line import END_IDS, ORIGIN, Line
from games.spectacular_bid.playout import opening_score
from games.spectacular_bid.state import net_cost
from games.spectacular_bid.tiles import tile


class RandomBot:
    """Any legal action, uniformly: the floor every other level must clear."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        return rng.choice(list(legal))


def immediate_score(line: Line, action: Action) -> int:
    """What a placement scores at once (0 for anything else)."""
    if not isinstance(action, Place):
        return 0
    t = action.tile
    if action.end == ORIGIN:
        return opening_score(t)
    e = END_IDS[action.end]
    ends = line.ends()
    total = sum(c for _, _, c in ends)
    _, p, c = next(x for x in ends if x[0] == e)
    n = line.count_after(t, e, p, c, total)
    return n if n % 5 == 0 else 0


def auction_choice(view: Mapping[str, JSON], legal: Sequence[Action], advantage: int) -> Action:
    """Bid or raise by the minimum while ``advantage`` (what opening is worth to us compared with
    letting the opponent open) beats the net price; otherwise waive or take the money."""
    seat = view["seat"]
    jockey = view["jockey"]
    bid = view["auction"]["bid"]
    raises = [a for a in legal if isinstance(a, (Bid, Raise))]
    cheapest = min(raises, key=lambda a: a.amount) if raises else None
    if bid is None:
        if cheapest is not None and advantage > net_cost(cheapest.amount, seat, jockey):
            return cheapest
        return WAIVE
    received = net_cost(bid["amount"], bid["seat"], jockey)
    if cheapest is not None and advantage - net_cost(cheapest.amount, seat, jockey) > received:
        return cheapest
    return ACCEPT


class GreedyBot:
    """The placement that scores most now (heavier tile first, then chance), and in the auction the
    opening's immediate score weighed against the price."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "auction":
            best = max(opening_score(tile(*t)) for t in view["hand"])
            return auction_choice(view, legal, best)
        line = Line.from_json(view["line"])
        scored = [
            (immediate_score(line, a), a.tile[0] + a.tile[1], rng.random(), i)
            for i, a in enumerate(legal)
            if isinstance(a, Place)
        ]
        if not scored:
            return legal[0]
        return legal[max(scored)[3]]
