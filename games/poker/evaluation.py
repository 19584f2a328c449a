"""Five-of-seven hand values through eval7 (a compiled evaluator), behind one small interface.

eval7 ranks exactly as the Hold'em rules ask: a larger value is a better hand, the value depends
only on the best five cards (a sixth or seventh card never breaks a tie, checked in the tests),
A-2-3-4-5 is the lowest straight and suits never matter.  Only this module imports eval7, so the
engines and bots keep the platform's int cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import eval7  # type: ignore[import-untyped]

from games.cards import RANK_NAMES, SUIT_LETTERS, rank, suit

_RANK_CHARS = {r: ("T" if r == 10 else name) for r, name in RANK_NAMES.items()}


def _to_eval7(card: int) -> object:
    s = suit(card)
    assert s is not None, "poker never uses jokers"
    return eval7.Card(_RANK_CHARS[rank(card)] + SUIT_LETTERS[s].lower())


_CARDS: tuple[object, ...] = tuple(_to_eval7(c) for c in range(52))


def hand_value(cards: Iterable[int]) -> int:
    """The value of the best five of ``cards`` (5 to 7 one-pack cards); larger wins."""
    return int(eval7.evaluate([_CARDS[c] for c in cards]))


def eval7_cards(cards: Iterable[int]) -> list[object]:
    """eval7's own card objects, for bots that evaluate many hands in a loop."""
    return [_CARDS[c] for c in cards]


def evaluate_eval7(cards: Sequence[object]) -> int:
    """:func:`hand_value` for cards already converted by :func:`eval7_cards` (the hot path)."""
    return int(eval7.evaluate(cards))


def hand_name(value: int) -> str:
    """The category of a value: "Straight Flush", "Full House", "Pair", "High Card" …"""
    return str(eval7.handtype(value))


def best_five(cards: Sequence[int]) -> list[int]:
    """The five cards that make the hand's value (shown at showdown)."""
    target = hand_value(cards)
    return list(next(five for five in combinations(cards, 5) if hand_value(five) == target))
