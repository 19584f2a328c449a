"""Hold'em's actions and their JSON: every decision is a bet, so the action type is the shared one.

The move log has always stored ``{"kind": "fold" | "check" | "call"}`` and
``{"kind": "bet" | "raise", "to": n}``; the codec keeps exactly that form.
"""

from __future__ import annotations

from games.core import JSON
from games.poker.betting import BetAction, decode_bet, encode_bet

type HoldemAction = BetAction
"""Every Hold'em action: fold, check, call, bet or raise (:class:`BetAction`)."""


def encode_action(action: HoldemAction) -> JSON:
    """The move log's form of ``action`` (unchanged since the first version)."""
    return encode_bet(action)


def decode_action(raw: JSON) -> HoldemAction:
    """The action ``raw`` names; :class:`~games.core.MalformedAction` for anything else."""
    return decode_bet(raw)
