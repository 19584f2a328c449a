"""The French-54 card model shared by every card game: cards as small ints, decks, notation.

A card is an ``int``.  Within one pack, ``0..51`` are the 52 suited cards (``suit * 13 + rank - 2``
with ranks 2..14, Ace = 14) and 52/53 are the Black (small) and Red (big) Joker.  Games with two
packs give every physical card its own identity: ``pack * 54 + face``, so two 7♥ are different
cards with the same face.  Ints keep hands cheap to copy, hash, sort and serialise (a snapshot is a
list of ints), which matters for legal-move generation and AI search.

Notation for tests and logs: ``"7H"``, ``"10S"`` or ``"TS"``, ``"AC"``, ``"BJ"`` (black joker),
``"RJ"`` (red joker); suits also as ``♣♦♥♠``.  A second-pack card may carry a suffix ``"'"``
(``"7H'"``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

CLUBS: Final = 0
DIAMONDS: Final = 1
HEARTS: Final = 2
SPADES: Final = 3
SUIT_LETTERS: Final = "CDHS"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_NAMES: Final = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
BLACK_JOKER_RANK: Final = 15
RED_JOKER_RANK: Final = 16
BLACK_JOKER: Final = 52
RED_JOKER: Final = 53
PACK_SIZE: Final = 54


def face(card: int) -> int:
    """The card's face within a pack (0..53), dropping the pack number."""
    return card % PACK_SIZE


def pack(card: int) -> int:
    """Which pack (0 or 1) a card belongs to."""
    return card // PACK_SIZE


def rank(card: int) -> int:
    """Natural rank: 2..14 (Ace 14), 15 black joker, 16 red joker."""
    f = card % PACK_SIZE
    if f == BLACK_JOKER:
        return BLACK_JOKER_RANK
    if f == RED_JOKER:
        return RED_JOKER_RANK
    return f % 13 + 2


def suit(card: int) -> int | None:
    """0..3 (clubs, diamonds, hearts, spades), None for a joker."""
    f = card % PACK_SIZE
    return None if f >= 52 else f // 13


def is_joker(card: int) -> bool:
    return card % PACK_SIZE >= 52


def make(rank_: int, suit_: int | None = None, pack_: int = 0) -> int:
    """The card of ``rank_`` (2..16) and ``suit_`` in pack ``pack_``."""
    if rank_ == BLACK_JOKER_RANK:
        f = BLACK_JOKER
    elif rank_ == RED_JOKER_RANK:
        f = RED_JOKER
    else:
        if suit_ is None or not 2 <= rank_ <= 14 or not 0 <= suit_ <= 3:
            raise ValueError(f"no card with rank {rank_} and suit {suit_}")
        f = suit_ * 13 + rank_ - 2
    return pack_ * PACK_SIZE + f


def deck(packs: int = 1, jokers: bool = True, min_rank: int = 2) -> list[int]:
    """Every card of ``packs`` packs in a fixed order (shuffle it with the match's Random)."""
    out: list[int] = []
    for p in range(packs):
        for f in range(PACK_SIZE):
            if f >= 52 and not jokers:
                continue
            if f < 52 and f % 13 + 2 < min_rank:
                continue
            out.append(p * PACK_SIZE + f)
    return out


def parse(text: str) -> int:
    """One card from notation (``"10H"``, ``"TH"``, ``"A♠"``, ``"RJ"``, ``"7H'"`` for pack 1)."""
    t = text.strip().upper()
    p = 0
    if t.endswith("'"):
        p, t = 1, t[:-1]
    if t in ("BJ", "SJ"):
        return make(BLACK_JOKER_RANK, pack_=p)
    if t in ("RJ", "BIGJ"):
        return make(RED_JOKER_RANK, pack_=p)
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = t[:-1], t[-1]
    suit_index = SUIT_LETTERS.find(suit_text)
    if suit_index < 0:
        suit_index = SUIT_SYMBOLS.find(suit_text)
    ranks = {v: k for k, v in RANK_NAMES.items()} | {"T": 10}
    if suit_index < 0 or rank_text not in ranks:
        raise ValueError(f"not a card: {text!r}")
    return make(ranks[rank_text], suit_index, p)


def parse_many(text: str) -> list[int]:
    """Cards separated by spaces or commas: ``parse_many("3H 3S RJ")``."""
    return [parse(t) for t in text.replace(",", " ").split()]


def show(card: int) -> str:
    """Notation of one card (``"10H"``, ``"RJ"``; second pack with a trailing ``'``)."""
    r = rank(card)
    if r == BLACK_JOKER_RANK:
        text = "BJ"
    elif r == RED_JOKER_RANK:
        text = "RJ"
    else:
        s = suit(card)
        assert s is not None
        text = RANK_NAMES[r] + SUIT_LETTERS[s]
    return text + ("'" if pack(card) else "")


def show_many(cards: Iterable[int]) -> str:
    return " ".join(show(c) for c in cards)
