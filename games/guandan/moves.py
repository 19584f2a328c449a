"""Every legal play of a hand, with every reading: Guandan's legal-move generator.

A hand is first sorted into natural cards by rank (and by suit, for straight flushes) and its
wildcards; each combination kind is then generated from those groups, the wildcards filling the
places the natural cards leave open.  What makes two plays different is what they leave in the
hand that matters for the rest of the deal: the reading, the natural ranks played, how many
wildcards are spent and, for a straight flush, the suit.  One play is listed per such choice, made
of the first natural cards of each rank (copies of a face are interchangeable; any other cards
forming the same reading are accepted by ``apply``).  So ``3 4 5 6 7`` held with a wildcard is
offered as the natural straight, and with the wildcard standing for each of its five ranks in
turn; ``W W`` as a pair of every rank.

The cards of each play are listed in the order of the reading (a sequence low to high, a full
house's triple before its pair), wildcards in the places they fill.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Final

from games.cards import PACK_SIZE
from games.guandan.actions import Play
from games.guandan.combos import (
    ACE,
    BLACK_JOKER,
    BOMB_KINDS,
    JOKER_BOMB_TIER,
    MAX_BOMB,
    NATURAL_RANKS,
    ORDER,
    RANK_OF_FACE,
    RED_JOKER,
    SEQUENCE,
    STRAIGHT_FLUSH_TIER,
    STRENGTH,
    SUIT_OF_FACE,
    TIER,
    WILD_FACE,
    Combo,
    bomb_tier,
    sequence_ranks,
)


class Hand:
    """A hand sorted for generation: natural cards by rank and by suit, and the wildcards."""

    __slots__ = ("level", "strength", "natural", "wilds", "suit_masks", "_suited")

    def __init__(self, cards: Sequence[int], level: int) -> None:
        wild_face = WILD_FACE[level]
        natural: list[list[int]] = [[] for _ in range(RED_JOKER + 1)]
        wilds: list[int] = []
        masks = [0, 0, 0, 0]
        for c in sorted(cards):
            face = c % PACK_SIZE
            if face == wild_face:
                wilds.append(c)
            else:
                r = RANK_OF_FACE[face]
                natural[r].append(c)
                if r <= ACE:
                    masks[face // 13] |= _RANK_BITS[r]
        self.level = level
        self.strength = STRENGTH[level]
        self.natural = natural
        self.wilds = wilds
        self.suit_masks = masks
        """Per suit, a bit per rank held (the Ace on bits 14 and 1, for Ace-low straights)."""
        self._suited: list[list[list[int]]] | None = None

    def suited(self) -> list[list[list[int]]]:
        """Natural cards by suit, then rank (built only when straight flushes are wanted)."""
        if self._suited is None:
            table: list[list[list[int]]] = [[[] for _ in range(ACE + 1)] for _ in range(4)]
            for r in NATURAL_RANKS:
                for c in self.natural[r]:
                    table[SUIT_OF_FACE[c % PACK_SIZE]][r].append(c)
            self._suited = table
        return self._suited


def legal_plays(cards: Sequence[int], level: int, table: Combo | None) -> list[Play]:
    """Every play (with every reading) of ``cards``: any combination when leading (``table``
    None), otherwise those that beat ``table``."""
    hand = Hand(cards, level)
    out: list[Play] = []
    if table is None:
        for generate in _ORDINARY.values():
            generate(hand, -1, out)
        _bombs(hand, -1, out)
    elif table.kind in BOMB_KINDS:
        _bombs(hand, table.value, out)
    else:
        _ORDINARY[table.kind](hand, table.value, out)
        _bombs(hand, -1, out)
    return out


# ---- singles, pairs, triples, full houses ------------------------------------------------------


def _ranks_above(hand: Hand, floor: int) -> Sequence[int]:
    """The ranks (jokers included) stronger than strength ``floor``, weakest first."""
    return ORDER[hand.level][floor + 1 :]


def _singles(hand: Hand, floor: int, out: list[Play]) -> None:
    level, natural, wilds = hand.level, hand.natural, hand.wilds
    for r in _ranks_above(hand, floor):
        if natural[r]:
            out.append(Play((natural[r][0],), "single", r))
        if r == level and wilds:
            out.append(Play((wilds[0],), "single", r))


def _groups(natural: Sequence[int], wilds: Sequence[int], width: int) -> list[tuple[int, ...]]:
    """The ways to make ``width`` cards of one rank: fewest wildcards first."""
    out = []
    for w in range(min(width, len(wilds)) + 1):
        if width - w <= len(natural):
            out.append((*natural[: width - w], *wilds[:w]))
    return out


def _pairs(hand: Hand, floor: int, out: list[Play]) -> None:
    natural, wilds = hand.natural, hand.wilds
    for r in _ranks_above(hand, floor):
        if r >= BLACK_JOKER:
            if len(natural[r]) == 2:
                out.append(Play(tuple(natural[r]), "pair", r))
            continue
        for cards in _groups(natural[r], wilds, 2):
            out.append(Play(cards, "pair", r))


def _triples(hand: Hand, floor: int, out: list[Play]) -> None:
    natural, wilds = hand.natural, hand.wilds
    for r in _ranks_above(hand, floor):
        if r < BLACK_JOKER:
            for cards in _groups(natural[r], wilds, 3):
                out.append(Play(cards, "triple", r))


def _pair_options(hand: Hand) -> list[tuple[int, tuple[tuple[int, ...] | None, ...]]]:
    """The pairs a full house may take: (rank, cards when the triple took 0, 1, 2 wildcards),
    None where too few wildcards are left.  Rank 0 marks the pair of two wildcards, one option
    whatever it stands for (the pair's rank never matters); a joker pair is two identical natural
    jokers."""
    natural, wilds = hand.natural, hand.wilds
    budget = len(wilds)
    out: list[tuple[int, tuple[tuple[int, ...] | None, ...]]] = []

    def after(pair: tuple[int, ...], spent: int) -> tuple[tuple[int, ...] | None, ...]:
        return tuple(
            (*pair, *wilds[w : w + spent]) if w + spent <= budget else None for w in range(3)
        )

    for r in NATURAL_RANKS:
        have = natural[r]
        if len(have) >= 2:
            out.append((r, after((have[0], have[1]), 0)))
        if have and wilds:
            out.append((r, after((have[0],), 1)))
    for r in (BLACK_JOKER, RED_JOKER):
        if len(natural[r]) == 2:
            out.append((r, after(tuple(natural[r]), 0)))
    if budget == 2:
        out.append((0, after((), 2)))
    return out


def _full_houses(hand: Hand, floor: int, out: list[Play]) -> None:
    natural, wilds = hand.natural, hand.wilds
    pairs: list[tuple[int, tuple[tuple[int, ...] | None, ...]]] | None = None
    budget = len(wilds)
    for r in _ranks_above(hand, floor):
        if r >= BLACK_JOKER:
            break
        have = natural[r]
        for w in range(min(3, budget) + 1):
            if 3 - w > len(have):
                continue
            if pairs is None:
                pairs = _pair_options(hand)
            triple = (*have[: 3 - w], *wilds[:w])
            for p, completed in pairs:
                pair = completed[w]
                if pair is not None and p != r:
                    out.append(Play(triple + pair, "full_house", r))


# ---- sequences and straight flushes ------------------------------------------------------------

_RANK_BITS: Final = tuple((1 << r) | (2 if r == ACE else 0) for r in range(ACE + 1))
_WINDOWS: Final = tuple(
    sum(1 << r for r in range(max(top - 4, 0), top + 1)) for top in range(ACE + 1)
)
"""``_WINDOWS[top]``: the bits of a five-card straight to ``top`` (bit 1 is the low Ace)."""
_SEQUENCE_RANKS: Final = {
    kind: tuple(
        sequence_ranks(kind, top) if top >= SEQUENCE[kind][1] else () for top in range(ACE + 1)
    )
    for kind in SEQUENCE
}

_Picks = tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]
_PICKS: dict[tuple[tuple[int, ...], int, int], _Picks] = {}


def picks(have: tuple[int, ...], width: int, budget: int) -> _Picks:
    """Every way to complete a sequence with wildcards, as functions picking its cards.

    ``have`` holds the natural cards at each place of the sequence (capped at ``width``), at most
    ``budget`` wildcards may be used.  Each way (how many of each place's ``width`` cards are
    wildcards) becomes an :func:`operator.itemgetter` over a pool laid out as ``width`` slots per
    place followed by the wildcards, so building a play is one C call.  Memoised: there are few
    distinct questions.
    """
    key = (have, width, budget)
    found = _PICKS.get(key)
    if found is None:
        ways: list[tuple[int, ...]] = [()]
        for h in have:
            ways = [
                (*way, w)
                for way in ways
                for w in range(width - h, min(width, budget - sum(way)) + 1)
            ]
        wild_base = width * len(have)
        getters = []
        for way in ways:
            indices: list[int] = []
            used = 0
            for place, w in enumerate(way):
                indices.extend(range(place * width, place * width + width - w))
                indices.extend(range(wild_base + used, wild_base + used + w))
                used += w
            getters.append(itemgetter(*indices))
        found = _PICKS[key] = tuple(getters)
    return found


def _sequence_plays(
    places: Sequence[Sequence[int]],
    wilds: Sequence[int],
    width: int,
    kind: str,
    top: int,
    out: list[Play],
) -> None:
    """The plays of one sequence whose places hold the natural cards ``places``."""
    pool: list[int] = []
    have = []
    for place in places:
        held = len(place)
        if held >= width:
            pool.extend(place[:width])
            have.append(width)
        else:
            pool.extend(place)
            pool.extend((-1,) * (width - held))
            have.append(held)
    pool.extend(wilds)
    for pick in picks(tuple(have), width, len(wilds)):
        out.append(Play(pick(pool), kind, top))


Generator = Callable[[Hand, int, list[Play]], None]
"""``generate(hand, floor, out)`` appends the plays of one kind whose value is above ``floor``."""


def _runs_of(kind: str) -> Generator:
    """The generator of straights, pair runs or triple runs (value: the top rank)."""
    width, length = SEQUENCE[kind]

    ranks_by_top = _SEQUENCE_RANKS[kind]

    def generate(hand: Hand, floor: int, out: list[Play]) -> None:
        natural, wilds = hand.natural, hand.wilds
        budget = len(wilds)
        for top in range(max(length, floor + 1), ACE + 1):
            places = [natural[r] for r in ranks_by_top[top]]
            missing = 0
            for place in places:
                if len(place) < width:
                    missing += width - len(place)
            if missing <= budget:
                _sequence_plays(places, wilds, width, kind, top, out)

    return generate


def _straight_flushes(hand: Hand, floor: int, out: list[Play]) -> None:
    """Straight flushes whose top rank is above ``floor`` (the bomb power minus its tier)."""
    wilds = hand.wilds
    budget = len(wilds)
    ranks_by_top = _SEQUENCE_RANKS["straight_flush"]
    for suit, mask in enumerate(hand.suit_masks):
        if mask.bit_count() + budget < 5:
            continue
        for top in range(max(5, floor + 1), ACE + 1):
            if (mask & _WINDOWS[top]).bit_count() + budget >= 5:
                by_rank = hand.suited()[suit]
                places = [by_rank[r] for r in ranks_by_top[top]]
                _sequence_plays(places, wilds, 1, "straight_flush", top, out)


# ---- bombs -------------------------------------------------------------------------------------


def _bombs(hand: Hand, floor: int, out: list[Play]) -> None:
    """Every bomb with power above ``floor``, weakest first: 4 and 5 cards of a rank, straight
    flushes, 6 to 10 cards of a rank, the four jokers."""
    natural = hand.natural
    largest = max(len(natural[r]) for r in NATURAL_RANKS) + len(hand.wilds)
    _rank_bombs(hand, range(4, min(largest, 5) + 1), floor, out)
    if floor < (STRAIGHT_FLUSH_TIER + 1) * TIER:
        _straight_flushes(hand, floor - STRAIGHT_FLUSH_TIER * TIER, out)
    _rank_bombs(hand, range(6, min(largest, MAX_BOMB) + 1), floor, out)
    if len(natural[BLACK_JOKER]) == 2 and len(natural[RED_JOKER]) == 2:
        if floor < JOKER_BOMB_TIER * TIER:
            out.append(Play((*natural[BLACK_JOKER], *natural[RED_JOKER]), "joker_bomb", RED_JOKER))


def _rank_bombs(hand: Hand, sizes: range, floor: int, out: list[Play]) -> None:
    """Bombs of one rank with these ``sizes`` and power above ``floor``; each size with 0, 1 or
    2 wildcards where the natural cards allow."""
    strength, natural, wilds = hand.strength, hand.natural, hand.wilds
    ranks = ORDER[hand.level][:13]
    for size in sizes:
        base = bomb_tier(size) * TIER
        if base + TIER <= floor:
            continue
        for r in ranks:
            if base + strength[r] <= floor:
                continue
            have = natural[r]
            for w in range(len(wilds) + 1):
                if size - w <= len(have):
                    out.append(Play((*have[: size - w], *wilds[:w]), "bomb", r))


_ORDINARY: Final[dict[str, Generator]] = {
    "single": _singles,
    "pair": _pairs,
    "triple": _triples,
    "full_house": _full_houses,
    "straight": _runs_of("straight"),
    "pair_run": _runs_of("pair_run"),
    "triple_run": _runs_of("triple_run"),
}
