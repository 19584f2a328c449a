"""How Guandan and Tractor deal: two packs shuffled per deal, four hands, a first seat drawn once.

Both games are a match of deals played by two fixed partnerships up the levels 2 to Ace, and deal
alike: deal ``i`` of a match seeded ``seed`` shuffles the 108 cards with ``Random(f"{seed}:{i}")``,
seat ``s`` receives the ``hand_size`` cards from position ``hand_size * s`` and the cards after the
four hands are left over (Tractor's kitty; Guandan deals every card).  The first deal also draws a
seat from the same generator after the shuffle (Guandan's leader, Tractor's first speaker); later
deals leave that to the rules.  A fixed deal of ``options["deals"]`` either gives the hands (and
the leftover pile) or the order of the 108 cards, and may fix the first deal's seat; a fixed first
deal without it takes the seed's.

:class:`LevelDealing` holds that flow once; each game describes what differs (hand size, the
leftover pile's field, the drawn seat's field and messages) and keeps its own deal class.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from games.cards import deck
from games.cards.fixed_deals import (
    DealFormat,
    Hands,
    check_dealt_once,
    deal_entry,
    read_cards,
    read_deck,
    read_first_deal_seat,
    read_fixed_deals,
    read_hands,
)
from games.cards.partnerships import SEATS, require_four_players
from games.core import JSON

TWO_PACKS: Final = tuple(deck(packs=2))


class DealRecord(Protocol):
    def to_json(self) -> dict[str, JSON]:
        """The deal as an entry of ``options["deals"]``."""
        ...


@dataclass(frozen=True, slots=True)
class LevelDealing[D: DealRecord]:
    """One level game's dealing.  ``make(hands, leftover, seat)`` builds the game's deal,
    ``seat_of`` reads its drawn seat and ``with_seat`` gives a copy with another one."""

    game: str
    hand_size: int
    leftover: str | None
    """The field of the cards left after the four hands (None: every card is dealt)."""
    seat_field: str
    fields_help: str
    """What an entry holds, for the message about wrong fields."""
    first_only: str
    """Why only the first deal may fix the seat, for the message about a later one."""
    make: Callable[[Hands, tuple[int, ...], int | None], D]
    seat_of: Callable[[D], int | None]
    with_seat: Callable[[D, int | None], D]

    @property
    def format(self) -> DealFormat:
        return DealFormat(deck_size=len(TWO_PACKS), hand_size=self.hand_size, two_packs=True)

    def split(self, cards: Sequence[int]) -> tuple[Hands, tuple[int, ...]]:
        """The four hands dealt from ``cards`` in order, and the cards left after them."""
        size = self.hand_size
        hands = tuple(tuple(cards[s * size : (s + 1) * size]) for s in range(SEATS))
        return hands, tuple(cards[SEATS * size :])

    def shuffled(self, seed: int, index: int) -> D:
        """Deal ``index`` of a match seeded ``seed``."""
        rng = random.Random(f"{seed}:{index}")
        cards = list(TWO_PACKS)
        rng.shuffle(cards)
        seat = rng.randrange(SEATS) if index == 0 else None
        hands, leftover = self.split(cards)
        return self.make(hands, leftover, seat)

    def at(self, seed: int, fixed: Sequence[D], index: int) -> D:
        """Deal ``index``: the fixed one if the options give it, else the seed's.  A fixed first
        deal without its seat takes the seed's."""
        if index >= len(fixed):
            return self.shuffled(seed, index)
        deal = fixed[index]
        if index == 0 and self.seat_of(deal) is None:
            return self.with_seat(deal, self.seat_of(self.shuffled(seed, 0)))
        return deal

    def entry_for(self, seats: int, seed: int, index: int) -> JSON:
        """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
        require_four_players(self.game, seats)
        return self.shuffled(seed, index).to_json()

    def fixed(self, options: Mapping[str, JSON]) -> tuple[D, ...]:
        """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
        return read_fixed_deals(options, self.read)

    def read(self, entry: JSON, index: int) -> D:
        """Entry ``index`` of ``options["deals"]``."""
        fmt = self.format
        by_hands = {"hands"} if self.leftover is None else {"hands", self.leftover}
        where, entry = deal_entry(
            entry,
            index,
            fmt,
            [by_hands, {"cards"}, {*by_hands, self.seat_field}, {"cards", self.seat_field}],
            self.fields_help,
        )
        if "hands" in entry:
            hands = read_hands(entry["hands"], where, fmt)
            leftover: tuple[int, ...] = ()
            if self.leftover is not None:
                size = len(TWO_PACKS) - SEATS * self.hand_size
                leftover = read_cards(entry[self.leftover], size, f"{where}.{self.leftover}", fmt)
        else:
            hands, leftover = self.split(read_deck(entry["cards"], where, fmt))
        check_dealt_once([*hands, leftover], where, fmt)
        seat = read_first_deal_seat(entry, self.seat_field, index, where, self.first_only)
        return self.make(hands, leftover, seat)
