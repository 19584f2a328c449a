"""The two simple AI levels: random, and greedy (the best immediate score)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.core import JSON
from games.spectacular_bid.line import END_IDS, Line
from games.spectacular_bid.playout import opening_score
from games.spectacular_bid.state import net_cost
from games.spectacular_bid.tiles import tile


class RandomBot:
    """Any legal action, uniformly: the floor every other level must clear."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Any], rng: random.Random, budget: int
    ) -> Any:
        return rng.choice(list(legal))


def immediate_score(line: Line, action: Mapping[str, Any]) -> int:
    """What a placement scores at once (0 for anything else)."""
    if action["kind"] != "place":
        return 0
    t = tile(*action["tile"])
    if action["end"] == "origin":
        return opening_score(t)
    e = END_IDS[action["end"]]
    ends = line.ends()
    total = sum(c for _, _, c in ends)
    _, p, c = next(x for x in ends if x[0] == e)
    n = line.count_after(t, e, p, c, total)
    return n if n % 5 == 0 else 0


def auction_choice(view: Mapping[str, JSON], legal: Sequence[Any], advantage: int) -> Any:
    """Bid or raise by the minimum while ``advantage`` (what opening is worth to us compared with
    letting the opponent open) beats the net price; otherwise waive or take the money."""
    seat = view["seat"]
    jockey = view["jockey"]
    auction = view["auction"]
    bid = auction["bid"]
    raises = [a for a in legal if a["kind"] in ("bid", "raise")]
    cheapest = min(raises, key=lambda a: a["amount"]) if raises else None
    if bid is None:
        if cheapest is not None and advantage > net_cost(cheapest["amount"], seat, jockey):
            return cheapest
        return {"kind": "waive"}
    received = net_cost(bid["amount"], bid["seat"], jockey)
    if cheapest is not None and advantage - net_cost(cheapest["amount"], seat, jockey) > received:
        return cheapest
    return {"kind": "accept"}


class GreedyBot:
    """The placement that scores most now (heavier tile first, then chance), and in the auction the
    opening's immediate score weighed against the price."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Any], rng: random.Random, budget: int
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "auction":
            best = max(opening_score(tile(*t)) for t in view["hand"])
            return auction_choice(view, legal, best)
        line = Line.from_json(view["line"])
        scored = [
            (immediate_score(line, a), sum(a["tile"]), rng.random(), i)
            for i, a in enumerate(legal)
            if a["kind"] == "place"
        ]
        if not scored:
            return legal[0]
        return legal[max(scored)[3]]
