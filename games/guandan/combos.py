"""Guandan combinations: the deal's rank order, what a set of cards may be read as, what beats what.

A card is an int of :mod:`games.cards` (two packs: ``pack * 54 + face``).  Guandan's order depends
on the deal's *level rank* ``level`` (2..14): for singles and same-rank groups it is
``2 < 3 < … < A`` without the level rank, then the level rank, the Black Joker and the Red Joker
(:func:`strength`), while sequences keep the natural order (Ace low or high).  The two hearts of the
level rank are *wildcards*: inside a combination each may stand for any non-joker card.

Because of the wildcards the same cards can often be read in several ways (``3 4 5 W W`` is a
straight to 5, 6 or 7), so a play is named by its cards *and* its reading: the combination ``kind``
and its ``rank`` (:func:`read` checks that the cards can be read so).  ``rank`` is a natural rank
(2..14, 15 Black Joker, 16 Red Joker): the rank of a single, pair, triple or bomb, the triple's
rank in a full house, the top rank of a sequence (5 for A-2-3-4-5, 3 for A-A-2-2-3-3, 2 for
A-A-A-2-2-2) and 16 for the four jokers.  What each wildcard stands for follows from the reading
(the ``wild_as`` of :class:`Reading`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from games.cards import HEARTS, PACK_SIZE, rank
from games.core import IllegalAction

ACE: Final = 14
BLACK_JOKER: Final = 15
RED_JOKER: Final = 16
NATURAL_RANKS: Final = tuple(range(2, ACE + 1))
"""The ranks a wildcard may stand for (every rank but the jokers)."""
RANK_OF_FACE: Final = tuple(rank(f) for f in range(PACK_SIZE))
SUIT_OF_FACE: Final = tuple(-1 if f >= 52 else f // 13 for f in range(PACK_SIZE))
"""0..3 (clubs, diamonds, hearts, spades); -1 for a joker."""

GROUP_KINDS: Final = ("single", "pair", "triple")
SEQUENCE_KINDS: Final = ("straight", "pair_run", "triple_run")
BOMB_KINDS: Final = frozenset({"bomb", "straight_flush", "joker_bomb"})
KINDS: Final = (*GROUP_KINDS, "full_house", *SEQUENCE_KINDS, "bomb", "straight_flush", "joker_bomb")

GROUP_WIDTH: Final = {"single": 1, "pair": 2, "triple": 3}
SEQUENCE: Final = {
    "straight": (1, 5),
    "pair_run": (2, 3),
    "triple_run": (3, 2),
    "straight_flush": (1, 5),
}
"""Cards per rank and number of consecutive ranks of each sequence (exactly these, no longer)."""
MAX_BOMB: Final = 10
"""Eight natural cards of a rank and both wildcards."""
STRAIGHT_FLUSH_TIER: Final = 2
"""Bomb tiers: 4 cards 0, 5 cards 1, straight flush 2, 6..10 cards 3..7, four jokers 8."""
JOKER_BOMB_TIER: Final = 8
TIER: Final = 16
"""A bomb's power is ``tier * TIER + rank strength`` (strengths stay below 16)."""


def wild_face(level: int) -> int:
    """The face (0..53) of the heart of the level rank: both packs' copies are wildcards."""
    return HEARTS * 13 + level - 2


WILD_FACE: Final = tuple(wild_face(lv) if 2 <= lv <= ACE else -1 for lv in range(ACE + 1))


def _strengths(level: int) -> tuple[int, ...]:
    order = [r for r in NATURAL_RANKS if r != level] + [level, BLACK_JOKER, RED_JOKER]
    table = [-1] * (RED_JOKER + 1)
    for i, r in enumerate(order):
        table[r] = i
    return tuple(table)


STRENGTH: Final = tuple(_strengths(lv) if 2 <= lv <= ACE else () for lv in range(ACE + 1))
"""``STRENGTH[level][rank]``: 0 for the lowest rank up to 14 for the Red Joker."""
ORDER: Final = tuple(
    tuple(sorted(range(2, RED_JOKER + 1), key=STRENGTH[lv].__getitem__)) if lv >= 2 else ()
    for lv in range(ACE + 1)
)
"""``ORDER[level]``: the ranks weakest first (``ORDER[level][STRENGTH[level][r]] == r``)."""


def strength(rank_: int, level: int) -> int:
    """A rank's place in the single/group order: … A < level rank < Black Joker < Red Joker."""
    return STRENGTH[level][rank_]


def is_wild(card: int, level: int) -> bool:
    return card % PACK_SIZE == WILD_FACE[level]


def card_rank(card: int) -> int:
    return RANK_OF_FACE[card % PACK_SIZE]


def card_strength(card: int, level: int) -> int:
    """A card's strength as a single (a wildcard alone is a single of the level rank)."""
    return STRENGTH[level][RANK_OF_FACE[card % PACK_SIZE]]


class Combo(NamedTuple):
    """A combination as the rules compare it.

    ``value`` orders combinations of the same ``kind``; for bombs it is the *power* that orders
    all bombs (size tier first, then rank), so a bomb beats another exactly when its value is
    higher.  A NamedTuple because move generation and AI play-outs make many of them.
    """

    kind: str
    rank: int
    size: int
    value: int

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS


def bomb_tier(size: int) -> int:
    return 0 if size == 4 else 1 if size == 5 else size - 3


def value_of(kind: str, rank_: int, size: int, level: int) -> int:
    """The comparable value of a combination of ``kind`` named ``rank_`` with ``size`` cards."""
    if kind in SEQUENCE_KINDS:
        return rank_
    if kind == "bomb":
        return bomb_tier(size) * TIER + STRENGTH[level][rank_]
    if kind == "straight_flush":
        return STRAIGHT_FLUSH_TIER * TIER + rank_
    if kind == "joker_bomb":
        return JOKER_BOMB_TIER * TIER
    return STRENGTH[level][rank_]


def combo(kind: str, rank_: int, size: int, level: int) -> Combo:
    return Combo(kind, rank_, size, value_of(kind, rank_, size, level))


def beats(play: Combo, table: Combo) -> bool:
    """Whether ``play`` may answer ``table``.

    Ordinary answers have the table's shape (kind, and so size) and a higher value; any bomb beats
    an ordinary combination; bombs beat lower-powered bombs (size before rank, a straight flush
    between the 5- and 6-card bombs, the four jokers above all).
    """
    if table.kind in BOMB_KINDS:
        return play.kind in BOMB_KINDS and play.value > table.value
    if play.kind in BOMB_KINDS:
        return True
    return play.kind == table.kind and play.value > table.value


def describe(kind: str, rank_: int) -> str:
    """A reading in words, for messages (``"straight to 7"``, ``"pair of A"``)."""
    name = rank_name(rank_)
    if kind in SEQUENCE:
        return f"{kind.replace('_', ' ')} to {name}"
    if kind == "full_house":
        return f"full house of {name}"
    if kind == "joker_bomb":
        return "four jokers"
    return f"{kind} of {name}"


def rank_name(rank_: int) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A", 15: "Black Joker", 16: "Red Joker"}.get(
        rank_, str(rank_)
    )


# ---- reading a play ----------------------------------------------------------------------------


class Reading(NamedTuple):
    """A play's cards read as ``combo``; ``wild_as`` the rank each wildcard stands for, in the
    order the wildcards appear in the play."""

    combo: Combo
    wild_as: tuple[int, ...]


def _refuse(reason: str) -> IllegalAction:
    return IllegalAction("no_such_reading", f"these cards cannot be read that way: {reason}")


def read(cards: Sequence[int], kind: str, rank_: int, level: int) -> Reading:
    """The reading of ``cards`` as a ``kind`` named ``rank_``, or :class:`IllegalAction`.

    Accepts exactly what the rules allow: natural cards in their places, wildcards standing for
    non-joker cards (a wildcard alone only for the level rank).
    """
    if kind not in KINDS:
        raise IllegalAction("no_such_kind", f"a Guandan combination is one of: {', '.join(KINDS)}")
    if not 2 <= rank_ <= RED_JOKER:
        raise _refuse("a rank is 2..14 (Ace), 15 (Black Joker) or 16 (Red Joker)")
    wf = WILD_FACE[level]
    naturals = [c for c in cards if c % PACK_SIZE != wf]
    wilds = len(cards) - len(naturals)
    if kind in GROUP_WIDTH or kind == "bomb":
        assigned = _read_group(naturals, wilds, kind, rank_, level)
    elif kind == "full_house":
        assigned = _read_full_house(naturals, wilds, rank_, level)
    elif kind == "joker_bomb":
        assigned = _read_jokers(naturals, wilds, rank_)
    else:
        assigned = _read_sequence(naturals, wilds, kind, rank_)
    return Reading(combo(kind, rank_, len(cards), level), assigned)


def _read_group(
    naturals: Sequence[int], wilds: int, kind: str, rank_: int, level: int
) -> tuple[int, ...]:
    size = len(naturals) + wilds
    if kind == "bomb":
        if not 4 <= size <= MAX_BOMB:
            raise _refuse("a bomb is 4 or more cards of one rank")
    elif size != GROUP_WIDTH[kind]:
        raise _refuse(f"a {kind} is {GROUP_WIDTH[kind]} card(s) of one rank")
    if any(RANK_OF_FACE[c % PACK_SIZE] != rank_ for c in naturals):
        raise _refuse(f"a {kind} is all of one rank")
    if wilds and rank_ > ACE:
        raise _refuse("a wildcard never stands for a joker")
    if kind == "bomb" and rank_ > ACE:
        raise _refuse("the jokers make a bomb only all four together")
    if kind == "single" and wilds and rank_ != level:
        raise _refuse("a wildcard played alone is a single of the level rank")
    return (rank_,) * wilds


def _read_full_house(
    naturals: Sequence[int], wilds: int, rank_: int, level: int
) -> tuple[int, ...]:
    if len(naturals) + wilds != 5:
        raise _refuse("a full house is a triple and a pair (5 cards)")
    if rank_ > ACE:
        raise _refuse("a full house's triple is never of jokers")
    in_triple = sum(1 for c in naturals if RANK_OF_FACE[c % PACK_SIZE] == rank_)
    rest = [RANK_OF_FACE[c % PACK_SIZE] for c in naturals if RANK_OF_FACE[c % PACK_SIZE] != rank_]
    if in_triple > 3 or len(rest) > 2 or len(set(rest)) > 1:
        raise _refuse("a full house is three cards of one rank and two of another")
    if rest and rest[0] > ACE and len(rest) != 2:
        raise _refuse("a full house's joker pair is two identical jokers (no wildcard, no mix)")
    pair_rank = rest[0] if rest else (level if level != rank_ else 2 if rank_ != 2 else 3)
    return (rank_,) * (3 - in_triple) + (pair_rank,) * (2 - len(rest))


def _read_jokers(naturals: Sequence[int], wilds: int, rank_: int) -> tuple[int, ...]:
    faces = sorted(c % PACK_SIZE for c in naturals)
    if wilds or rank_ != RED_JOKER or faces != [52, 52, 53, 53]:
        raise _refuse("the joker bomb is both Black and both Red Jokers (named 16)")
    return ()


def sequence_ranks(kind: str, top: int) -> tuple[int, ...]:
    """The natural ranks of a sequence ending at ``top`` (an Ace-low one starts with 14)."""
    length = SEQUENCE[kind][1]
    return tuple(ACE if r == 1 else r for r in range(top - length + 1, top + 1))


def _read_sequence(naturals: Sequence[int], wilds: int, kind: str, top: int) -> tuple[int, ...]:
    width, length = SEQUENCE[kind]
    words = kind.replace("_", " ")
    if len(naturals) + wilds != width * length:
        raise _refuse(f"a {words} is exactly {width * length} cards")
    if not length <= top <= ACE:
        raise _refuse(f"a {words} runs at most from Ace low to Ace high, never around")
    slots = sequence_ranks(kind, top)
    need = dict.fromkeys(slots, width)
    for c in naturals:
        r = RANK_OF_FACE[c % PACK_SIZE]
        if need.get(r, 0) == 0:
            raise _refuse(f"a {words} to {rank_name(top)} takes {width} of each of its ranks")
        need[r] -= 1
    if kind == "straight_flush" and len({SUIT_OF_FACE[c % PACK_SIZE] for c in naturals}) > 1:
        raise _refuse("a straight flush is all of one suit")
    return tuple(r for r in slots for _ in range(need[r]))
