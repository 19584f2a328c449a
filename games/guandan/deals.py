"""Guandan's deals: the seed's shuffle and the fixed deals of ``options["deals"]``.

Deal ``i`` of a match seeded ``seed`` shuffles the 108 cards with ``Random(f"{seed}:{i}")``; seat
``s`` receives the cards at positions ``27 * s`` to ``27 * s + 26``.  The first deal also draws its
first leader from the same generator; later deals have no chance outcome besides the cards
(tribute decides who leads).

An entry of ``options["deals"]`` (docs/games/guandan.md) is either

* ``{"hands": [[27 names], [27 names], [27 names], [27 names]]}`` — seat by seat, or
* ``{"cards": [108 names]}`` — the order of the shuffled cards (dealt as above), or that list alone,

each card of the two packs exactly once (the second pack's copy written with a trailing ``'``:
``"7H'"``).  The first deal's entry may add ``"leader": seat`` (otherwise the seed draws it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.cards import deck
from games.cards.fixed_deals import (
    DealFormat,
    check_dealt_once,
    deal_entry,
    read_deck,
    read_first_deal_seat,
    read_fixed_deals,
    read_hands,
)
from games.cards.notation import NAMES
from games.cards.partnerships import require_four_players
from games.core import JSON

SEATS: Final = 4
HAND_SIZE: Final = 27
DECK: Final = tuple(deck(packs=2))
FORMAT: Final = DealFormat(deck_size=len(DECK), hand_size=HAND_SIZE, two_packs=True)


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of one deal and, for the first deal, who leads (None: tribute decides)."""

    hands: tuple[tuple[int, ...], ...]
    leader: int | None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {"hands": [[NAMES[c] for c in hand] for hand in self.hands]}
        if self.leader is not None:
            out["leader"] = self.leader
        return out


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``."""
    rng = random.Random(f"{seed}:{index}")
    cards = list(DECK)
    rng.shuffle(cards)
    leader = rng.randrange(SEATS) if index == 0 else None
    return Deal(_hands_of(cards), leader)


def _hands_of(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(SEATS))


def deal_at(seed: int, fixed: Sequence[Deal], index: int) -> Deal:
    """Deal ``index``: the fixed one if the options give it, else the seed's.  A fixed first deal
    without a leader takes the seed's leader."""
    if index >= len(fixed):
        return shuffled_deal(seed, index)
    deal = fixed[index]
    if index == 0 and deal.leader is None:
        return Deal(deal.hands, shuffled_deal(seed, 0).leader)
    return deal


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    require_four_players("Guandan", seats)
    return shuffled_deal(seed, index).to_json()


# ---- reading the option ------------------------------------------------------------------------


def fixed_deals(options: Mapping[str, JSON]) -> tuple[Deal, ...]:
    """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
    return read_fixed_deals(options, read_deal)


def read_deal(entry: JSON, index: int) -> Deal:
    where, entry = deal_entry(
        entry,
        index,
        FORMAT,
        [{"hands"}, {"cards"}, {"hands", "leader"}, {"cards", "leader"}],
        "has either 'hands' (four lists of 27 cards) or 'cards' (108 cards),"
        " and in the first deal optionally 'leader'",
    )
    if "hands" in entry:
        hands = read_hands(entry["hands"], where, FORMAT)
    else:
        hands = _hands_of(read_deck(entry["cards"], where, FORMAT))
    check_dealt_once(hands, where, FORMAT)
    leader = read_first_deal_seat(
        entry, "leader", index, where, "only the first deal's leader is chosen by chance"
    )
    return Deal(hands, leader)
