"""Trick play rules shared by the engine and the robots: following suit and who wins a trick.

Cards are :mod:`games.cards` ints 0..51: suit ``card // 13`` (0 ♣, 1 ♦, 2 ♥, 3 ♠), rank
``card % 13`` (0 = two … 12 = ace).  The trump strain is a suit number, or 4 (no trump).
"""

from __future__ import annotations

from collections.abc import Sequence


def suit(card: int) -> int:
    return card // 13


def playable(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played to it so far, in order):
    any card to lead; else a card of the led suit if the hand has one, else any card."""
    if not trick:
        return list(hand)
    led = trick[0] // 13
    follow = [c for c in hand if c // 13 == led]
    return follow if follow else list(hand)


def winning_index(trick: Sequence[int], trump: int) -> int:
    """Which card of ``trick`` (in playing order) wins it so far: the highest trump if any was
    played, else the highest card of the led suit."""
    best = 0
    best_card = trick[0]
    for i in range(1, len(trick)):
        card = trick[i]
        if card // 13 == best_card // 13:
            if card > best_card:
                best, best_card = i, card
        elif card // 13 == trump:
            best, best_card = i, card
    return best
