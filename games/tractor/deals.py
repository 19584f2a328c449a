"""Tractor's deals: the seed's shuffle and the fixed deals of ``options["deals"]``.

Deal ``i`` of a match seeded ``seed`` shuffles the 108 cards with ``Random(f"{seed}:{i}")``; seat
``s`` receives the cards at positions ``25 * s`` to ``25 * s + 24`` and the last eight form the
kitty, in that order (the order matters when nobody declares: the kitty's first card that is not a
joker names the trump suit).  The first deal also draws, from the same generator, the seat that
speaks first in the bidding; later deals start the bidding with their dealer.

An entry of ``options["deals"]`` (docs/games/tractor.md) is either

* ``{"hands": [[25 names] × 4], "kitty": [8 names]}`` — seat by seat, and the kitty, or
* ``{"cards": [108 names]}`` — the order of the shuffled cards (dealt as above), or that list alone,

each card of the two packs exactly once (the second pack's copy written with a trailing ``'``:
``"7H'"``).  The first deal's entry may add ``"first": seat`` (otherwise the seed draws it).
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
    read_cards,
    read_deck,
    read_first_deal_seat,
    read_fixed_deals,
    read_hands,
)
from games.cards.notation import NAMES
from games.cards.partnerships import require_four_players
from games.core import JSON

SEATS: Final = 4
HAND_SIZE: Final = 25
KITTY_SIZE: Final = 8
DECK: Final = tuple(deck(packs=2))
FORMAT: Final = DealFormat(deck_size=len(DECK), hand_size=HAND_SIZE, two_packs=True)


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands and the kitty of one deal and, for the first deal, who speaks first."""

    hands: tuple[tuple[int, ...], ...]
    kitty: tuple[int, ...]
    first: int | None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "hands": [[NAMES[c] for c in hand] for hand in self.hands],
            "kitty": [NAMES[c] for c in self.kitty],
        }
        if self.first is not None:
            out["first"] = self.first
        return out

    def to_ints(self) -> dict[str, JSON]:
        """The compact form the state's snapshot keeps."""
        return {"hands": [list(h) for h in self.hands], "kitty": list(self.kitty),
                "first": self.first}  # fmt: skip

    @classmethod
    def from_ints(cls, raw: Mapping[str, JSON]) -> Deal:
        return cls(tuple(tuple(h) for h in raw["hands"]), tuple(raw["kitty"]), raw["first"])


def _split(cards: Sequence[int]) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    hands = tuple(tuple(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE]) for s in range(SEATS))
    return hands, tuple(cards[SEATS * HAND_SIZE :])


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``."""
    rng = random.Random(f"{seed}:{index}")
    cards = list(DECK)
    rng.shuffle(cards)
    first = rng.randrange(SEATS) if index == 0 else None
    hands, kitty = _split(cards)
    return Deal(hands, kitty, first)


def deal_at(seed: int, fixed: Sequence[Deal], index: int) -> Deal:
    """Deal ``index``: the fixed one if the options give it, else the seed's.  A fixed first deal
    without ``first`` takes the seed's."""
    if index >= len(fixed):
        return shuffled_deal(seed, index)
    deal = fixed[index]
    if index == 0 and deal.first is None:
        return Deal(deal.hands, deal.kitty, shuffled_deal(seed, 0).first)
    return deal


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    require_four_players("Tractor", seats)
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
        [{"hands", "kitty"}, {"cards"}, {"hands", "kitty", "first"}, {"cards", "first"}],
        "has either 'hands' (four lists of 25 cards) and 'kitty' (8 cards), or"
        " 'cards' (108 cards), and in the first deal optionally 'first'",
    )
    if "hands" in entry:
        hands = read_hands(entry["hands"], where, FORMAT)
        kitty = read_cards(entry["kitty"], KITTY_SIZE, f"{where}.kitty", FORMAT)
    else:
        hands, kitty = _split(read_deck(entry["cards"], where, FORMAT))
    check_dealt_once([*hands, kitty], where, FORMAT)
    first = read_first_deal_seat(
        entry, "first", index, where, "only the first deal's first speaker is drawn"
    )
    return Deal(hands, kitty, first)
