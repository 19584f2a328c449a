"""Declaring trump after the deal: what each declaration is worth and what may overcall now.

One level card declares its suit (strength 1); the identical pair of a level card declares its
suit more strongly (2); two Black Jokers (3) and two Red Jokers (4) declare no-trump.  An
overcall must be strictly stronger: a single never overcalls a single, a pair never a pair.
Declarations are made only in turn (nothing can be reinforced out of turn); three passes in a row
after a declaration close the bidding, four passes without one turn the kitty up.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.cards import PACK_SIZE
from games.tractor.order import BLACK_JOKER_FACE, RED_JOKER_FACE, face_rank, face_suit

SINGLE: Final = 1
PAIR: Final = 2
BLACK_PAIR: Final = 3
RED_PAIR: Final = 4
STRENGTH_NAMES: Final = {SINGLE: "single", PAIR: "pair", BLACK_PAIR: "black_jokers",
                         RED_PAIR: "red_jokers"}  # fmt: skip


def strength(cards: Sequence[int], level: int) -> int:
    """What the declaration ``cards`` is worth at ``level`` (0: not a declaration)."""
    faces = [c % PACK_SIZE for c in cards]
    if len(cards) == 1:
        return SINGLE if faces[0] < BLACK_JOKER_FACE and face_rank(faces[0]) == level else 0
    if len(cards) != 2 or faces[0] != faces[1] or cards[0] == cards[1]:
        return 0
    if faces[0] == BLACK_JOKER_FACE:
        return BLACK_PAIR
    if faces[0] == RED_JOKER_FACE:
        return RED_PAIR
    return PAIR if face_rank(faces[0]) == level else 0


def declared_suit(cards: Sequence[int]) -> int | None:
    """The trump suit a declaration names (None: no-trump)."""
    return face_suit(cards[0] % PACK_SIZE)


def declarations(hand: Sequence[int], level: int, beat: int) -> list[tuple[int, ...]]:
    """Every declaration ``hand`` can make that is stronger than ``beat`` (0: none made yet),
    weakest first; a pair's cards in pack order."""
    out: list[tuple[int, ...]] = []
    held = set(hand)
    if beat < SINGLE:
        out += [(c,) for c in sorted(hand) if strength((c,), level) == SINGLE]
    for wanted in (PAIR, BLACK_PAIR, RED_PAIR):
        if beat >= wanted:
            continue
        for c in sorted(hand):
            if (
                c < PACK_SIZE
                and c + PACK_SIZE in held
                and strength((c, c + PACK_SIZE), level) == wanted
            ):
                out.append((c, c + PACK_SIZE))
    return out
