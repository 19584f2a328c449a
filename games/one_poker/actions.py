"""One Poker's actions and their JSON: lock a card, then the shared no-limit bets.

The move log has always stored ``{"kind": "lock", "card": "7H"}`` (the face without the pack mark:
equal faces of the two packs play the same) and the betting forms of games/poker/betting.py; the
codec keeps exactly those.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import face, parse, show
from games.core import JSON, MalformedAction
from games.poker.betting import BetAction, decode_bet, describe, encode_bet

FACES = 52
"""Faces of one pack without jokers: a lock names one of them."""


@dataclass(frozen=True, slots=True)
class Lock:
    """Lock the card with this face (0..51; the pack does not matter: equal faces play the same)."""

    card: int


type OnePokerAction = Lock | BetAction
"""Every One Poker action."""


def card_name(card: int) -> str:
    """A card's face in notation without the pack mark: the pack is irrelevant to play."""
    return show(face(card))


def encode_action(action: OnePokerAction) -> JSON:
    """The move log's form of ``action`` (unchanged since the first version)."""
    if isinstance(action, Lock):
        return {"kind": "lock", "card": card_name(action.card)}
    return encode_bet(action)


def decode_action(raw: JSON) -> OnePokerAction:
    """The action ``raw`` names; :class:`MalformedAction` for anything else."""
    if isinstance(raw, dict) and raw.get("kind") == "lock":
        return _decode_lock(raw)
    return decode_bet(raw)


def _decode_lock(raw: dict[str, JSON]) -> Lock:
    extra = [k for k in raw if k not in ("kind", "card")]
    if extra:
        raise MalformedAction(f"a lock has no field {describe(str(extra[0]))}")
    card = raw.get("card")
    if not isinstance(card, str):
        raise MalformedAction('a lock names its card, e.g. {"kind": "lock", "card": "7H"}')
    try:
        locked = face(parse(card)) if len(card) <= 8 else -1
    except ValueError:
        locked = -1
    if not 0 <= locked < FACES:
        raise MalformedAction(f"not a card of One Poker: {describe(card)}")
    return Lock(locked)
