"""Guandan's actions and their JSON (the move log stores it and the browser sends it).

* ``{"kind": "pass"}`` — decline to beat the table.
* ``{"kind": "play", "cards": ["3S", "4S", "5S", "6S", "2H"], "combo": "straight", "rank": 7}`` —
  play these cards *read as* this combination.  The reading is part of the action because a play
  with wildcards (and a natural straight flush, which is also a straight) can mean several
  things; ``combo`` is one of :data:`games.guandan.combos.KINDS` and ``rank`` a natural rank
  number as :mod:`games.guandan.combos` defines it (the top rank of a sequence, 15/16 for the
  jokers).  Ranks are numbers, not names, so that no rank is ever spelled like a card
  (``"BJ"`` is a card).
* ``{"kind": "return", "card": "7S"}`` — the card a tribute's receiver gives back.
* ``{"kind": "continue"}`` — ready for the next deal (every seat presses it after a deal).

Cards are written as :mod:`games.cards.notation` writes them (``"10H"``, ``"RJ"``; the second
pack's copy with a trailing ``'``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.cards.codec import action_kind, are_cards, card_named, cards_named, is_card
from games.cards.notation import NAMES
from games.core import JSON, MalformedAction
from games.guandan.combos import KINDS, MAX_BOMB, RED_JOKER


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to beat the combination on the table."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``cards`` read as a ``combo`` named ``rank`` (see :func:`games.guandan.combos.read`)."""

    cards: tuple[int, ...]
    combo: str
    rank: int


@dataclass(frozen=True, slots=True)
class Return:
    """Give ``card`` back to the player whose tribute one received."""

    card: int


@dataclass(frozen=True, slots=True)
class Continue:
    """Ready for the next deal, once the last one's result has been seen."""


Action = Pass | Play | Return | Continue

_FIELDS: Final = {
    "pass": (),
    "play": ("cards", "combo", "rank"),
    "return": ("card",),
    "continue": (),
}


def encode_action(action: Action) -> JSON:
    if isinstance(action, Play):
        return {
            "kind": "play",
            "cards": [NAMES[c] for c in action.cards],
            "combo": action.combo,
            "rank": action.rank,
        }
    if isinstance(action, Return):
        return {"kind": "return", "card": NAMES[action.card]}
    if isinstance(action, Continue):
        return {"kind": "continue"}
    return {"kind": "pass"}


def decode_action(raw: JSON) -> Action:
    """The action ``raw`` encodes; :class:`MalformedAction` for anything else."""
    kind = action_kind(raw, _FIELDS, "an action's 'kind' is 'pass', 'play', 'return' or 'continue'")
    if kind == "pass":
        return Pass()
    if kind == "continue":
        return Continue()
    if kind == "return":
        return Return(card_named(raw["card"]))
    played = cards_named(raw["cards"], MAX_BOMB)
    combo, rank = raw["combo"], raw["rank"]
    if not isinstance(combo, str) or combo not in KINDS:
        raise MalformedAction(f"'combo' is one of: {', '.join(KINDS)}")
    if type(rank) is not int or not 2 <= rank <= RED_JOKER:
        raise MalformedAction("'rank' is a number from 2 to 16 (11 J … 14 A, 15/16 the jokers)")
    return Play(played, combo, rank)


def valid_shape(action: object) -> bool:
    """Whether ``action`` is one of Guandan's actions with well-typed fields (an object built in
    code rather than decoded may hold anything)."""
    if isinstance(action, Pass | Continue):
        return True
    if isinstance(action, Return):
        return is_card(action.card)
    if isinstance(action, Play):
        return (
            are_cards(action.cards, MAX_BOMB)
            and isinstance(action.combo, str)
            and type(action.rank) is int
        )
    return False
