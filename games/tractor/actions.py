"""Tractor's actions and their JSON (the move log stores it and the browser sends it).

* ``{"kind": "declare", "cards": ["5H"]}`` — declare trump in turn: one level card, the identical
  pair of a level card (``["5H", "5H'"]``), or a pair of Black or Red Jokers (no-trump).
* ``{"kind": "pass"}`` — decline to declare (the bidding's only other action).
* ``{"kind": "bury", "card": "3C"}`` — the dealer puts one card into the kitty; eight in a row.
* ``{"kind": "play", "cards": ["QS", "QS'", "KS", "KS'"]}`` — a lead: a single, a pair or a
  tractor, all at once.  A follow is played one card at a time, each its own
  ``{"kind": "play", "cards": ["9D"]}``, until the follower has given as many cards as were led.
* ``{"kind": "continue"}`` — ready for the next deal (every seat presses it after a deal).

Cards are written as :mod:`games.cards.notation` writes them (``"10H"``, ``"RJ"``; the second
pack's copy with a trailing ``'``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.cards.notation import CARDS, NAMES
from games.core import JSON, MalformedAction

MAX_PLAY: Final = 25
"""No play can hold more cards than a hand."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to declare trump."""


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare trump with ``cards`` (one level card, or an identical pair)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bury:
    """The dealer buries ``card`` in the kitty."""

    card: int


@dataclass(frozen=True, slots=True)
class Play:
    """Lead ``cards``, or give the next card of a follow (then ``cards`` holds one card)."""

    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Continue:
    """Ready for the next deal, once the last one's result has been seen."""


Action = Pass | Declare | Bury | Play | Continue

_FIELDS: Final = {
    "pass": {"kind"},
    "declare": {"kind", "cards"},
    "bury": {"kind", "card"},
    "play": {"kind", "cards"},
    "continue": {"kind"},
}


def encode_action(action: Action) -> JSON:
    if isinstance(action, Declare):
        return {"kind": "declare", "cards": [NAMES[c] for c in action.cards]}
    if isinstance(action, Bury):
        return {"kind": "bury", "card": NAMES[action.card]}
    if isinstance(action, Play):
        return {"kind": "play", "cards": [NAMES[c] for c in action.cards]}
    if isinstance(action, Continue):
        return {"kind": "continue"}
    return {"kind": "pass"}


def decode_action(raw: JSON) -> Action:
    """The action ``raw`` encodes; :class:`MalformedAction` for anything else."""
    if not isinstance(raw, dict):
        raise MalformedAction("an action is a JSON object with a 'kind'")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MalformedAction(
            "an action's 'kind' is 'declare', 'pass', 'bury', 'play' or 'continue'"
        )
    if set(raw) != _FIELDS[kind]:
        raise MalformedAction(f"a {kind} action has exactly the fields {sorted(_FIELDS[kind])}")
    if kind == "pass":
        return Pass()
    if kind == "continue":
        return Continue()
    if kind == "bury":
        return Bury(_card(raw["card"]))
    most = 2 if kind == "declare" else MAX_PLAY
    cards = raw["cards"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= most:
        raise MalformedAction(f"'cards' is a list of 1 to {most} card names such as \"3H\"")
    played = tuple(_card(name) for name in cards)
    if len(set(played)) != len(played):
        raise MalformedAction("'cards' names the same card twice")
    return Declare(played) if kind == "declare" else Play(played)


def _card(name: JSON) -> int:
    """One card by its canonical name (``"7H"``, ``"7H'"``, ``"BJ"``)."""
    if not isinstance(name, str) or name not in CARDS:
        raise MalformedAction('a card is named like "3H", "10S", "AD\'" or "RJ"')
    return CARDS[name]


def _cards_ok(cards: object, most: int) -> bool:
    return (
        isinstance(cards, tuple)
        and 1 <= len(cards) <= most
        and all(type(c) is int and 0 <= c < len(NAMES) for c in cards)
        and len(set(cards)) == len(cards)
    )


def valid_shape(action: object) -> bool:
    """Whether ``action`` is one of Tractor's actions with well-typed fields (an object built in
    code rather than decoded may hold anything)."""
    if isinstance(action, Pass | Continue):
        return True
    if isinstance(action, Bury):
        return type(action.card) is int and 0 <= action.card < len(NAMES)
    if isinstance(action, Declare):
        return _cards_ok(action.cards, 2)
    if isinstance(action, Play):
        return _cards_ok(action.cards, MAX_PLAY)
    return False
