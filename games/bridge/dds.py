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

DDS also keeps what it learnt from one call for the next when the deal is the same or similar
(its transposition table and move ordering), so how much work a call takes — the number of
search nodes it reports, which the expert's work budget counts (:func:`solve`) — depends on the
calls before it.  :func:`decision` holds the lock for a whole sequence of calls and first solves
two fixed small positions in different strains, which always clears what DDS kept: the work of
the calls inside is then a function of those calls alone, whatever the process solved before.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from endplay.dds import solve_board
from endplay.types import Card, Deal, Denom, Player, Rank

LOCK: Final = threading.RLock()
"""Held around every DDS call, and around a whole :func:`decision` (see the module docstring)."""

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


@dataclass(frozen=True, slots=True)
class Solution:
    """One DDS call's answer: each legal card's tricks, and the search nodes DDS visited."""

    values: dict[int, int]
    nodes: int


def solve(hands: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> Solution:
    """Each legal card of the seat to play (``(leader + len(trick)) % 4``) with the tricks its
    side takes from here on, the current trick included, when both sides then play perfectly;
    and the nodes DDS searched for it (its measure of the work done).

    ``hands`` hold the cards not yet played (those on ``trick`` excluded); the seat to play must
    hold at least one card."""
    deal = position(hands, leader, trick, trump)
    with LOCK:
        solved = solve_board(deal)
        values = {_ours(card): int(tricks) for card, tricks in solved}
        nodes = int(solved._data.nodes)
    return Solution(values, nodes)


def card_values(
    hands: Sequence[int], leader: int, trick: Sequence[int], trump: int
) -> dict[int, int]:
    """:func:`solve`'s trick values alone."""
    return solve(hands, leader, trick, trump).values


_CLEAR_HANDS: Final = (
    (1 << 12) | (1 << 11),
    (1 << 25) | (1 << 24),
    (1 << 38) | (1 << 37),
    (1 << 51) | (1 << 50),
)
"""Two cards each: the smallest position DDS searches (four cards or fewer it answers without
touching its tables)."""
_CLEAR_STRAINS: Final = (4, 3)
"""Solved in no trump then spades: the second call changes the strain, which always makes DDS
clear its tables."""


@contextmanager
def decision() -> Iterator[None]:
    """Hold :data:`LOCK` for a sequence of :func:`solve` calls whose work must not depend on what
    was solved before (see the module docstring)."""
    with LOCK:
        for strain in _CLEAR_STRAINS:
            solve_board(position(_CLEAR_HANDS, 0, [], strain))
        yield
