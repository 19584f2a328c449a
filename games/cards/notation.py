"""Precomputed card names: the notation of :mod:`games.cards` as two lookup tables.

Views, events and bots turn thousands of cards into names and back every second (an AI's
play-outs build a view per move); looking the names up instead of formatting and parsing them each
time keeps that cheap.  The tables cover both packs and agree with :func:`games.cards.show` and
:func:`games.cards.parse` on canonical names.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from games.cards import PACK_SIZE, parse, show

NAMES: Final = tuple(show(c) for c in range(2 * PACK_SIZE))
"""The canonical name of every card int of two packs (``NAMES[c] == show(c)``)."""

CARDS: Final = {name: c for c, name in enumerate(NAMES)}
"""Canonical name → card int."""


def names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def card(name: str) -> int:
    """The card a name denotes: the table for canonical names, :func:`parse` for the rest."""
    found = CARDS.get(name)
    return parse(name) if found is None else found
