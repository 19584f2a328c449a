"""Fixed Dou Dizhu deals for the rules and bot tests."""

from __future__ import annotations

from games.cards import deck, parse_many, show


def fixed_deck(hands: dict[int, str], bottom: str) -> list[str]:
    """A deck option dealing ``hands`` (seat → cards) and ``bottom``; other seats get the rest."""
    given = {s: parse_many(t) for s, t in hands.items()}
    low = parse_many(bottom)
    used = {c for cards in given.values() for c in cards} | set(low)
    rest = [c for c in deck() if c not in used]
    order: list[int] = []
    for seat in range(3):
        cards = given.get(seat, [])
        need = 17 - len(cards)
        order += cards + rest[:need]
        rest = rest[need:]
    assert not rest
    return [show(c) for c in order + low]
