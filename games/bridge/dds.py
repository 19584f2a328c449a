"""Exact double-dummy values from endplay's DDS (Bo Haglund's solver, a C++ library), for the
expert's card play on sampled deals.

A narrow adapter: a position in the notation of :mod:`games.bridge.solver` (four hands as bit
masks, the cards already on the current trick in playing order, who led it, the trump strain)
goes in; the tricks each legal card of the seat to play is worth comes out.  One DDS call per
position.

The engine's seats are South 0, West 1, North 2, East 3 (endplay: North 0, East 1, South 2,
West 3); its suits are clubs 0 … spades 3 and no trump 4 (endplay: spades 0 … clubs 3, no trump
4); its ranks are 0 (the two) … 12 (the ace), endplay's one bit each from ``0x4`` up.

DDS keeps its search tables per thread index and endplay's ``solve_board`` always uses index 0,
so two calls at once would share them: every call holds :data:`LOCK`.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Final

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player, Rank

LOCK: Final = threading.Lock()
"""Held around every DDS call (see the module docstring)."""

_RANKS: Final = "23456789TJQKA"


def _player(seat: int) -> Player:
    return Player((seat + 2) % 4)


def _denom(strain: int) -> Denom:
    return Denom.nt if strain == 4 else Denom(3 - strain)


def _card(card: int) -> Card:
    return Card(suit=Denom(3 - card // 13), rank=Rank(4 << (card % 13)))


def _ours(card: Card) -> int:
    return 13 * (3 - int(card.suit)) + int(card.rank).bit_length() - 3


def _hand_text(mask: int) -> str:
    """One hand in PBN order (spades first, high to low), e.g. ``"AK2.-.QJ.T3"``."""
    suits = []
    for suit in (3, 2, 1, 0):
        bits = (mask >> (13 * suit)) & 0x1FFF
        suits.append("".join(_RANKS[r] for r in range(12, -1, -1) if bits >> r & 1))
    return ".".join(suits)


def position(hands: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> Deal:
    """The endplay deal for a position (``hands`` without the cards on ``trick``)."""
    text = "N:" + " ".join(_hand_text(hands[s]) for s in (2, 3, 0, 1))
    deal = Deal(text, first=_player(leader), trump=_denom(trump))
    for card in trick:
        deal.play(_card(card), from_hand=False)
    return deal


def card_values(
    hands: Sequence[int], leader: int, trick: Sequence[int], trump: int
) -> dict[int, int]:
    """Each legal card of the seat to play (``(leader + len(trick)) % 4``) with the tricks its
    side takes from here on, the current trick included, when both sides then play perfectly.

    ``hands`` hold the cards not yet played (those on ``trick`` excluded); the seat to play must
    hold at least one card."""
    deal = position(hands, leader, trick, trump)
    with LOCK:
        solved = list(solve_board(deal))
    return {_ours(card): int(tricks) for card, tricks in solved}
