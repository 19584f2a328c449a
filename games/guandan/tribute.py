"""Tribute and return between deals: who pays whom, which card, what may come back, who leads.

From the second deal on, the last-placed player of the previous deal gives their strongest card
(never a heart level card) to the first-placed player; if the first two places went to partners,
both opponents pay, the higher tribute to 1st and the other to 2nd.  If the payers together hold
both Red Jokers the tribute is cancelled and 1st leads.  Otherwise every receiver gives a card back
(a non-wild card of rank 2–10, or one of their weakest cards if they hold none), and the player
who received 1st's return leads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import PACK_SIZE
from games.guandan.combos import (
    RANK_OF_FACE,
    RED_JOKER,
    STRENGTH,
    WILD_FACE,
)


def partner(seat: int) -> int:
    return (seat + 2) % 4


@dataclass(slots=True)
class Payment:
    """One tribute: ``payer`` gave ``card`` to ``receiver``, who gives ``returned`` back."""

    payer: int
    receiver: int
    card: int
    returned: int | None = None

    def to_json(self) -> list[int | None]:
        return [self.payer, self.receiver, self.card, self.returned]

    @classmethod
    def from_json(cls, raw: Sequence[int | None]) -> Payment:
        payer, receiver, card, returned = raw
        assert payer is not None and receiver is not None and card is not None
        return cls(payer, receiver, card, returned)


def tribute_card(hand: Sequence[int], level: int) -> int:
    """The strongest card of ``hand`` that is not a wildcard (the lowest card number among equals,
    so the choice is fixed; copies and suits do not change its strength)."""
    wild, strength = WILD_FACE[level], STRENGTH[level]
    return max(
        (c for c in hand if c % PACK_SIZE != wild),
        key=lambda c: (strength[RANK_OF_FACE[c % PACK_SIZE]], -c),
    )


def payers(places: Sequence[int]) -> list[int]:
    """Who pays tribute after a deal that finished in ``places`` (the first two places at least,
    all four when the first two were opponents): the last, or both opponents of 1st (the one
    after 1st in turn order first)."""
    first = places[0]
    if places[1] == partner(first):
        return [(first + 1) % 4, (first + 3) % 4]
    return [places[3]]


def plan_tribute(
    places: Sequence[int], hands: Sequence[Sequence[int]], level: int
) -> list[Payment] | None:
    """The tributes of a new deal (``hands`` as dealt), or None when they are cancelled.

    With two payers the higher tribute goes to 1st; equal tributes go in turn order from 1st, so
    the payer sitting next after 1st pays 1st.
    """
    paying = payers(places)
    red_jokers = sum(
        1 for p in paying for c in hands[p] if RANK_OF_FACE[c % PACK_SIZE] == RED_JOKER
    )
    if red_jokers >= 2:
        return None
    first = places[0]
    if len(paying) == 1:
        return [Payment(paying[0], first, tribute_card(hands[paying[0]], level))]
    cards = [tribute_card(hands[p], level) for p in paying]
    strength = STRENGTH[level]
    a, b = (strength[RANK_OF_FACE[c % PACK_SIZE]] for c in cards)
    order = [1, 0] if b > a else [0, 1]
    receivers = [first, partner(first)]
    return [Payment(paying[i], receivers[n], cards[i]) for n, i in enumerate(order)]


def returnable(hand: Sequence[int], level: int) -> list[int]:
    """The cards a receiver may give back, one per face (copies are interchangeable): every
    non-wild card of rank 2–10, or if there is none, the cards of the lowest strength."""
    wild = WILD_FACE[level]
    low = [c for c in hand if c % PACK_SIZE != wild and RANK_OF_FACE[c % PACK_SIZE] <= 10]
    if not low:
        strength = STRENGTH[level]
        weakest = min(strength[RANK_OF_FACE[c % PACK_SIZE]] for c in hand)
        low = [c for c in hand if strength[RANK_OF_FACE[c % PACK_SIZE]] == weakest]
    faces: dict[int, int] = {}
    for c in sorted(low):
        faces.setdefault(c % PACK_SIZE, c)
    return list(faces.values())
