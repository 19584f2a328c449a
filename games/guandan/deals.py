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

The flow is Tractor's too (:mod:`games.cards.level_deals`); this module says what is Guandan's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.cards.level_deals import TWO_PACKS, LevelDealing
from games.cards.notation import NAMES
from games.core import JSON

SEATS: Final = 4
HAND_SIZE: Final = 27
DECK: Final = TWO_PACKS


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


DEALING: Final[LevelDealing[Deal]] = LevelDealing(
    game="Guandan",
    hand_size=HAND_SIZE,
    leftover=None,
    seat_field="leader",
    fields_help="has either 'hands' (four lists of 27 cards) or 'cards' (108 cards),"
    " and in the first deal optionally 'leader'",
    first_only="only the first deal's leader is chosen by chance",
    make=lambda hands, _, leader: Deal(hands, leader),
    seat_of=lambda deal: deal.leader,
    with_seat=lambda deal, leader: Deal(deal.hands, leader),
)


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``."""
    return DEALING.shuffled(seed, index)


def deal_at(seed: int, fixed: Sequence[Deal], index: int) -> Deal:
    """Deal ``index``: the fixed one if the options give it, else the seed's.  A fixed first deal
    without a leader takes the seed's leader."""
    return DEALING.at(seed, fixed, index)


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    return DEALING.entry_for(seats, seed, index)


def fixed_deals(options: Mapping[str, JSON]) -> tuple[Deal, ...]:
    """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
    return DEALING.fixed(options)
