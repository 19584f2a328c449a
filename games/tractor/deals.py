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

The flow is Guandan's too (:mod:`games.cards.level_deals`); this module says what is Tractor's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.cards.level_deals import TWO_PACKS, LevelDealing
from games.cards.notation import NAMES
from games.core import JSON

SEATS: Final = 4
HAND_SIZE: Final = 25
KITTY_SIZE: Final = 8
DECK: Final = TWO_PACKS


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


DEALING: Final[LevelDealing[Deal]] = LevelDealing(
    game="Tractor",
    hand_size=HAND_SIZE,
    leftover="kitty",
    seat_field="first",
    fields_help="has either 'hands' (four lists of 25 cards) and 'kitty' (8 cards), or"
    " 'cards' (108 cards), and in the first deal optionally 'first'",
    first_only="only the first deal's first speaker is drawn",
    make=Deal,
    seat_of=lambda deal: deal.first,
    with_seat=lambda deal, first: Deal(deal.hands, deal.kitty, first),
)


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``."""
    return DEALING.shuffled(seed, index)


def deal_at(seed: int, fixed: Sequence[Deal], index: int) -> Deal:
    """Deal ``index``: the fixed one if the options give it, else the seed's.  A fixed first deal
    without ``first`` takes the seed's."""
    return DEALING.at(seed, fixed, index)


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    return DEALING.entry_for(seats, seed, index)


def fixed_deals(options: Mapping[str, JSON]) -> tuple[Deal, ...]:
    """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
    return DEALING.fixed(options)
