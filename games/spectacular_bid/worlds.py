"""Sampled worlds (determinizations): the opponent's hand and the boneyard order, drawn so that
they agree with everything the AI's own view shows.

What the view reveals besides the unseen tiles: the round's public log.  A player who drew or passed
held no tile matching any open end at that moment (and a drawn tile that was kept did not match
either), and in a rank round nobody held a tile ranking above the opening tile.  Each of the
opponent's tiles is a *slot* carrying the tiles it cannot be; a sample fills the most constrained
slots first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.spectacular_bid.line import Line
from games.spectacular_bid.state import HAND_SIZE
from games.spectacular_bid.tiles import ALL_TILES, Tile, opening_rank, tile


def unseen_tiles(view: Mapping[str, Any]) -> list[Tile]:
    """Tiles neither in the viewer's hand nor on the table: the opponent's hand plus boneyard."""
    seen = set(Line.from_json(view["line"]).tiles())
    seen.update(tile(*t) for t in view["hand"])
    return [t for t in ALL_TILES if t not in seen]


def _with_numbers(numbers: list[int]) -> set[Tile]:
    wanted = set(numbers)
    return {t for t in ALL_TILES if t[0] in wanted or t[1] in wanted}


def opponent_slots(view: Mapping[str, Any]) -> list[set[Tile]]:
    """For each tile the opponent holds, the tiles it cannot be (see the module docstring)."""
    opp = 1 - view["seat"]
    log = view["round_log"]
    initial: set[Tile] = set()
    if view["opener_rule"] == "rank":
        first = next((e for e in log if e["kind"] == "placed"), None)
        if first is not None:
            opened = opening_rank(tile(*first["tile"]))
            initial = {t for t in ALL_TILES if opening_rank(t) > opened}
    slots = [set(initial) for _ in range(HAND_SIZE)]
    just_drew = False
    for entry in log:
        if entry.get("seat") != opp:
            continue
        kind = entry["kind"]
        if kind in ("drew", "passed"):
            blocked = _with_numbers(entry["open"])
            for s in slots:
                s |= blocked
            if kind == "drew":
                slots.append(set())
            just_drew = kind == "drew"
        elif kind == "placed" and slots:
            played = tile(*entry["tile"])
            if just_drew:
                slots.pop()
            else:
                fits = [s for s in slots if played not in s] or slots
                slots.remove(min(fits, key=len))
            just_drew = False
    want = view["hand_counts"][opp]
    while len(slots) > want:
        slots.remove(max(slots, key=len))
    while len(slots) < want:
        slots.append(set())
    return slots


def sample_world(
    unseen: list[Tile], slots: list[set[Tile]], rng: random.Random
) -> tuple[list[Tile], list[Tile]]:
    """One opponent hand and boneyard (drawn from its end) consistent with the slots, as far as
    the unseen tiles allow (an impossible slot takes any tile rather than fail)."""
    pool = list(unseen)
    rng.shuffle(pool)
    hand: list[Tile] = []
    for forbidden in sorted(slots, key=len, reverse=True):
        pick = next((i for i, t in enumerate(pool) if t not in forbidden), 0)
        hand.append(pool.pop(pick))
    return hand, pool
