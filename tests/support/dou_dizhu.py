"""Fixed Dou Dizhu deals for the rules and bot tests."""

from __future__ import annotations

from games.cards import deck, parse_many, show
from games.core import JSON


def fixed_deal(hands: dict[int, str], bottom: str, first_bidder: int = 0) -> dict[str, JSON]:
    """An ``options["deals"]`` entry dealing ``hands`` (seat → cards) and ``bottom``; the other
    cards go to the seats in deck order, filling each hand up to 17."""
    given = {s: parse_many(t) for s, t in hands.items()}
    low = parse_many(bottom)
    used = {c for cards in given.values() for c in cards} | set(low)
    rest = [c for c in deck() if c not in used]
    dealt: list[list[str]] = []
    for seat in range(3):
        cards = given.get(seat, [])
        need = 17 - len(cards)
        dealt.append([show(c) for c in cards + rest[:need]])
        rest = rest[need:]
    assert not rest
    return {"hands": dealt, "bottom": [show(c) for c in low], "first_bidder": first_bidder}
