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
from games.cards.notation import CARDS, NAMES
from games.core import DEALS_OPTION, JSON, GameError

SEATS: Final = 4
HAND_SIZE: Final = 27
DECK: Final = tuple(deck(packs=2))


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
    if seats != SEATS:
        raise GameError(f"Guandan is played by {SEATS} players, not {seats}")
    return shuffled_deal(seed, index).to_json()


# ---- reading the option ------------------------------------------------------------------------


def fixed_deals(options: Mapping[str, JSON]) -> tuple[Deal, ...]:
    """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
    raw = options.get(DEALS_OPTION, [])
    if not isinstance(raw, list):
        raise GameError(f"option '{DEALS_OPTION}' must be a list of deals")
    return tuple(read_deal(entry, i) for i, entry in enumerate(raw))


def read_deal(entry: JSON, index: int) -> Deal:
    where = f"{DEALS_OPTION}[{index}]"
    if isinstance(entry, list):
        entry = {"cards": entry}
    if not isinstance(entry, dict):
        raise GameError(f"{where} must be a list of 108 card names or an object with 'hands'")
    fields = set(entry)
    allowed = [{"hands"}, {"cards"}, {"hands", "leader"}, {"cards", "leader"}]
    if fields not in allowed:
        raise GameError(
            f"{where} has either 'hands' (four lists of 27 cards) or 'cards' (108 cards),"
            " and in the first deal optionally 'leader'"
        )
    if "hands" in entry:
        hands = _read_hands(entry["hands"], where)
    else:
        hands = _hands_of(_read_cards(entry["cards"], len(DECK), f"{where}.cards"))
    _check_dealt_once(hands, where)
    leader = entry.get("leader")
    if "leader" in entry:
        if index != 0:
            raise GameError(f"{where}.leader: only the first deal's leader is chosen by chance")
        if type(leader) is not int or not 0 <= leader < SEATS:
            raise GameError(f"{where}.leader must be a seat from 0 to 3")
    return Deal(hands, leader)


def _read_hands(raw: JSON, where: str) -> tuple[tuple[int, ...], ...]:
    if not isinstance(raw, list) or len(raw) != SEATS:
        raise GameError(f"{where}.hands must list the four seats' hands")
    return tuple(_read_cards(h, HAND_SIZE, f"{where}.hands[{s}]") for s, h in enumerate(raw))


def _read_cards(raw: JSON, count: int, where: str) -> tuple[int, ...]:
    if not isinstance(raw, list) or len(raw) != count:
        raise GameError(f"{where} must list {count} card names")
    cards = []
    for name in raw:
        if not isinstance(name, str) or name not in CARDS:
            raise GameError(
                f'{where}: {str(name)[:12]!r} is not a card name such as "7H" or "7H\'"'
            )
        cards.append(CARDS[name])
    return tuple(cards)


def _check_dealt_once(hands: Sequence[Sequence[int]], where: str) -> None:
    seen: set[int] = set()
    for hand in hands:
        for c in hand:
            if c in seen:
                raise GameError(
                    f"{where} deals {NAMES[c]} twice (the second pack's copy is written with ')"
                )
            seen.add(c)
