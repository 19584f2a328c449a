"""The two actions every shedding game shares (pass, play these cards) and their JSON codec.

Dou Dizhu, Zheng Shangyou and Guandan all say "pass" or "play these cards"; the engine, not the
player, names the combination.  Keeping the action types and their codec here means the move-log
format is the same in every shedding game: ``{"kind": "pass"}`` and
``{"kind": "play", "cards": ["3H", "3S"]}`` in the notation of :mod:`games.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.cards.notation import card, names
from games.core import JSON, MalformedAction


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play (or to bid) this turn."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play exactly these cards; the engine identifies the combination."""

    cards: tuple[int, ...]


def encode_cards(cards: Sequence[int]) -> list[str]:
    return names(cards)


def decode_cards(raw: Any) -> tuple[int, ...]:
    """The ``cards`` field of a play: a non-empty list of card notations without repeats."""
    if not isinstance(raw, list) or not raw or not all(isinstance(t, str) for t in raw):
        raise MalformedAction("'cards' must be a non-empty list of card names such as \"3H\"")
    try:
        cards = tuple(card(t) for t in raw)
    except ValueError as exc:
        raise MalformedAction(str(exc)) from None
    if len(set(cards)) != len(cards):
        raise MalformedAction("'cards' names the same card twice")
    return cards


def encode_shedding(action: Pass | Play) -> dict[str, JSON]:
    if isinstance(action, Pass):
        return {"kind": "pass"}
    return {"kind": "play", "cards": encode_cards(action.cards)}


def decode_shedding(raw: Any) -> Pass | Play:
    """Decode a pass or a play; anything else raises :class:`MalformedAction`."""
    if not isinstance(raw, dict):
        raise MalformedAction("an action must be a JSON object with a 'kind'")
    kind = raw.get("kind")
    if kind == "pass" and set(raw) == {"kind"}:
        return Pass()
    if kind == "play" and set(raw) == {"kind", "cards"}:
        return Play(decode_cards(raw["cards"]))
    raise MalformedAction(f"unknown action {raw!r}")
