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

from games.cards.codec import action_kind, are_cards, card_named, cards_named, is_card
from games.cards.notation import NAMES
from games.core import JSON

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
    "pass": (),
    "declare": ("cards",),
    "bury": ("card",),
    "play": ("cards",),
    "continue": (),
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
    kind = action_kind(
        raw, _FIELDS, "an action's 'kind' is 'declare', 'pass', 'bury', 'play' or 'continue'"
    )
    if kind == "pass":
        return Pass()
    if kind == "continue":
        return Continue()
    if kind == "bury":
        return Bury(card_named(raw["card"]))
    played = cards_named(raw["cards"], 2 if kind == "declare" else MAX_PLAY)
    return Declare(played) if kind == "declare" else Play(played)


def valid_shape(action: object) -> bool:
    """Whether ``action`` is one of Tractor's actions with well-typed fields (an object built in
    code rather than decoded may hold anything)."""
    if isinstance(action, Pass | Continue):
        return True
    if isinstance(action, Bury):
        return is_card(action.card)
    if isinstance(action, Declare):
        return are_cards(action.cards, 2)
    if isinstance(action, Play):
        return are_cards(action.cards, MAX_PLAY)
    return False
