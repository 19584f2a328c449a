"""The parts of the card games' action codecs that are the same everywhere.

Every card game writes an action as a JSON object with a ``kind`` and exactly that kind's fields,
and names cards as :mod:`games.cards.notation` writes them.  Bridge, Guandan, Tractor and the
shedding games each spelled out the same checks (an object, a known kind, exactly its fields; a
card's name; a list of distinct cards; a hand-built action's card ints); they live here once.  Each
game keeps its own messages where they differ (the move log and the players' error messages stay
as they were), its own action classes and the fields that only it has.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from games.cards.notation import CARDS, NAMES
from games.core import JSON, MalformedAction

NOT_AN_OBJECT: Final = "an action is a JSON object with a 'kind'"

TWO_PACK_CARD_HELP: Final = 'a card is named like "3H", "10S", "AD\'" or "RJ"'
"""What a card name looks like in the games with two packs and jokers."""

ALL_CARDS: Final = len(NAMES)
"""Card ints ``0 .. ALL_CARDS - 1``: both packs with their jokers."""


def action_kind(
    raw: JSON,
    fields: Mapping[str, Collection[str]],
    kinds_help: str,
    not_an_object: str = NOT_AN_OBJECT,
) -> str:
    """The ``kind`` of an encoded action, checked to be one of ``fields`` and to carry exactly
    that kind's fields (``fields[kind]``, besides ``kind`` itself).  ``kinds_help`` is the message
    for an unknown kind.  No message quotes ``raw``: junk may be huge or nested too deep to print.
    """
    if not isinstance(raw, dict):
        raise MalformedAction(not_an_object)
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in fields:
        raise MalformedAction(kinds_help)
    expected = {"kind", *fields[kind]}
    if set(raw) != expected:
        raise MalformedAction(f"a {kind} action has exactly the fields {sorted(expected)}")
    return kind


def card_named(name: JSON, deck_size: int = ALL_CARDS, help_: str = TWO_PACK_CARD_HELP) -> int:
    """One card by its canonical name (``"7H"``, ``"7H'"``, ``"BJ"``) among the first
    ``deck_size`` card ints; ``help_`` is the message for anything else."""
    found = CARDS.get(name) if isinstance(name, str) else None
    if found is None or found >= deck_size:
        raise MalformedAction(help_)
    return found


def cards_named(raw: JSON, most: int) -> tuple[int, ...]:
    """A ``cards`` field: a list of 1 to ``most`` distinct canonical card names."""
    if not isinstance(raw, list) or not 1 <= len(raw) <= most:
        raise MalformedAction(f"'cards' is a list of 1 to {most} card names such as \"3H\"")
    cards = tuple(card_named(name) for name in raw)
    if len(set(cards)) != len(cards):
        raise MalformedAction("'cards' names the same card twice")
    return cards


def is_card(card: object, deck_size: int = ALL_CARDS) -> bool:
    """Whether a field of a hand-built action holds a card int (not a bool) of the deck."""
    return type(card) is int and 0 <= card < deck_size


def are_cards(cards: object, most: int) -> bool:
    """Whether a field of a hand-built action holds a tuple of 1 to ``most`` distinct card ints."""
    return (
        isinstance(cards, tuple)
        and 1 <= len(cards) <= most
        and all(type(c) is int and 0 <= c < ALL_CARDS for c in cards)
        and len(set(cards)) == len(cards)
    )
