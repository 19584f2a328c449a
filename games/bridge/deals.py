"""Bridge's deals: the vulnerability, the seed's shuffle dealt one card at a time, and the fixed
deals of ``options["deals"]``.

Seats: 0 South, 1 West, 2 North, 3 East — clockwise, so ``(seat + 1) % 4`` is the next player.
South is the fixed dealer; the cards are dealt one at a time clockwise starting with West, the
dealer's left: card ``k`` of the shuffled pack goes to seat ``(1 + k) % 4``.

Deal ``i`` of a match seeded ``seed`` uses ``Random(f"{seed}:{i}")``: it first draws the
vulnerability (unless the options fix it: the vulnerability is chosen *before* the deal), then
shuffles the 52 cards.  A match is one deal; further entries of ``options["deals"]`` are checked
but never used.

An entry of ``options["deals"]`` (docs/games/bridge.md) is

* ``{"hands": [[13 names] × 4]}`` — the hands of South, West, North, East (seat order), or
* ``{"cards": [52 names]}`` — the shuffled pack, dealt one at a time from West as above (or that
  list alone),

each of the 52 cards exactly once, optionally with ``"vulnerability"``: ``"none"``, ``"ns"``,
``"ew"`` or ``"both"``.
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
    read_fixed_deals,
    read_hands,
)
from games.cards.notation import NAMES
from games.cards.partnerships import require_four_players
from games.core import DEALS_OPTION, JSON, GameError

SEATS: Final = 4
SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3
DEALER: Final = SOUTH
FIRST_DEALT: Final = WEST
HAND_SIZE: Final = 13
DECK: Final = tuple(deck(jokers=False))
FORMAT: Final = DealFormat(
    deck_size=len(DECK),
    hand_size=HAND_SIZE,
    two_packs=False,
    seat_order=" (South, West, North, East)",
)
VULNERABILITIES: Final = ("none", "ns", "ew", "both")
VULNERABILITY_OPTION: Final = "vulnerability"
SEAT_LETTERS: Final = "SWNE"


def vulnerable(vulnerability: str, seat: int) -> bool:
    """Whether ``seat``'s side is vulnerable."""
    if vulnerability == "both":
        return True
    if vulnerability == "ns":
        return seat % 2 == 0
    if vulnerability == "ew":
        return seat % 2 == 1
    return False


def hand_order(card: int) -> tuple[int, int]:
    """Sort key of a hand as the views show it: ♠ ♥ ♦ ♣, high cards first."""
    return (-(card // 13), -(card % 13))


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands (seat order) and, if fixed, the vulnerability (None: the options or the seed)."""

    hands: tuple[tuple[int, ...], ...]
    vulnerability: str | None

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "hands": [[NAMES[c] for c in sorted(h, key=hand_order)] for h in self.hands]
        }
        if self.vulnerability is not None:
            out["vulnerability"] = self.vulnerability
        return out


def deal_out(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The four hands of a shuffled pack dealt one card at a time clockwise from West."""
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    for k, card in enumerate(cards):
        hands[(FIRST_DEALT + k) % SEATS].append(card)
    return tuple(tuple(h) for h in hands)


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``: the vulnerability drawn, then the cards."""
    rng = random.Random(f"{seed}:{index}")
    vulnerability = rng.choice(VULNERABILITIES)
    cards = list(DECK)
    rng.shuffle(cards)
    return Deal(deal_out(cards), vulnerability)


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    require_four_players("Bridge", seats)
    return shuffled_deal(seed, index).to_json()


def first_deal(options: Mapping[str, JSON], seed: int) -> Deal:
    """The match's deal with its vulnerability settled: the fixed entry's, else the option's,
    else the seed's draw.  :class:`GameError` says what is wrong with the options."""
    fixed = fixed_deals(options)
    chosen = read_vulnerability(options)
    dealt = shuffled_deal(seed, 0)
    own = fixed[0].vulnerability if fixed else None
    if own is not None and chosen is not None and own != chosen:
        raise GameError(
            f"{DEALS_OPTION}[0].vulnerability and the '{VULNERABILITY_OPTION}' option disagree"
        )
    hands = fixed[0].hands if fixed else dealt.hands
    return Deal(hands, own or chosen or dealt.vulnerability)


def read_vulnerability(options: Mapping[str, JSON]) -> str | None:
    raw = options.get(VULNERABILITY_OPTION)
    if raw is None:
        return None
    if not isinstance(raw, str) or raw not in VULNERABILITIES:
        raise GameError(f"option '{VULNERABILITY_OPTION}' is one of {', '.join(VULNERABILITIES)}")
    return raw


# ---- reading the option ------------------------------------------------------------------------


def fixed_deals(options: Mapping[str, JSON]) -> tuple[Deal, ...]:
    """The deals ``options["deals"]`` fixes; :class:`GameError` says what is wrong with one."""
    return read_fixed_deals(options, read_deal)


def read_deal(entry: JSON, index: int) -> Deal:
    where, entry = deal_entry(
        entry,
        index,
        FORMAT,
        [{"hands"}, {"cards"}, {"hands", "vulnerability"}, {"cards", "vulnerability"}],
        "has either 'hands' (four lists of 13 cards) or 'cards' (52 cards),"
        " and optionally 'vulnerability'",
    )
    if "hands" in entry:
        hands = read_hands(entry["hands"], where, FORMAT)
    else:
        hands = deal_out(read_deck(entry["cards"], where, FORMAT))
    check_dealt_once(hands, where, FORMAT)
    vulnerability = entry.get("vulnerability")
    if "vulnerability" in entry and (
        not isinstance(vulnerability, str) or vulnerability not in VULNERABILITIES
    ):
        raise GameError(f"{where}.vulnerability is one of {', '.join(VULNERABILITIES)}")
    return Deal(hands, vulnerability)
