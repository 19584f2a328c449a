"""Pieces the shedding-game AIs share: the random level, the "smallest play" order, hand counts
after a play.

Dou Dizhu and Zheng Shangyou bots read the same kind of view (their own hand, the table, the hand
sizes) and weigh plays the same way: by what is left in hand after them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards.shedding import CardCombo
from games.core import JSON


class RandomBot[A]:
    """Picks uniformly among the legal actions."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[A], rng: random.Random, budget: int
    ) -> A:
        return rng.choice(list(legal))


def smallest_key(combo: CardCombo) -> tuple[int, int, int]:
    """Sort key putting the smallest play first: bombs last, then by rank, longer plays first."""
    return (1 if combo.is_bomb else 0, combo.rank, -len(combo.strengths))


def without(counts: Sequence[int], strengths: Sequence[int]) -> list[int]:
    """The per-strength counts left after playing ``strengths``."""
    rest = list(counts)
    for s in strengths:
        rest[s] -= 1
    return rest
