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

from games.cards.notation import CARDS, NAMES
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
    "pass": {"kind"},
    "play": {"kind", "cards", "combo", "rank"},
    "return": {"kind", "card"},
    "continue": {"kind"},
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
    if not isinstance(raw, dict):
        raise MalformedAction("an action is a JSON object with a 'kind'")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise MalformedAction("an action's 'kind' is 'pass', 'play', 'return' or 'continue'")
    if set(raw) != _FIELDS[kind]:
        raise MalformedAction(f"a {kind} action has exactly the fields {sorted(_FIELDS[kind])}")
    if kind == "pass":
        return Pass()
    if kind == "continue":
        return Continue()
    if kind == "return":
        return Return(_card(raw["card"]))
    cards = raw["cards"]
    if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_BOMB:
        raise MalformedAction(f"'cards' is a list of 1 to {MAX_BOMB} card names such as \"3H\"")
    played = tuple(_card(name) for name in cards)
    if len(set(played)) != len(played):
        raise MalformedAction("'cards' names the same card twice")
    combo, rank = raw["combo"], raw["rank"]
    if not isinstance(combo, str) or combo not in KINDS:
        raise MalformedAction(f"'combo' is one of: {', '.join(KINDS)}")
    if type(rank) is not int or not 2 <= rank <= RED_JOKER:
        raise MalformedAction("'rank' is a number from 2 to 16 (11 J … 14 A, 15/16 the jokers)")
    return Play(played, combo, rank)


def _card(name: JSON) -> int:
    """One card by its canonical name (``"7H"``, ``"7H'"``, ``"BJ"``)."""
    if not isinstance(name, str) or name not in CARDS:
        raise MalformedAction('a card is named like "3H", "10S", "AD\'" or "RJ"')
    return CARDS[name]


def valid_shape(action: object) -> bool:
    """Whether ``action`` is one of Guandan's actions with well-typed fields (an object built in
    code rather than decoded may hold anything)."""
    if isinstance(action, Pass | Continue):
        return True
    if isinstance(action, Return):
        return type(action.card) is int and 0 <= action.card < len(NAMES)
    if isinstance(action, Play):
        cards = action.cards
        return (
            isinstance(cards, tuple)
            and 1 <= len(cards) <= MAX_BOMB
            and all(type(c) is int and 0 <= c < len(NAMES) for c in cards)
            and len(set(cards)) == len(cards)
            and isinstance(action.combo, str)
            and type(action.rank) is int
        )
    return False
