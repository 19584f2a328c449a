"""Tractor's tricks: the shapes one may lead, what a follower must give, and what wins.

* A **lead** is a single card, a pair (two identical cards: both packs' copy of one face) or a
  tractor (two or more pairs whose strengths follow each other in one effective suit; see
  :mod:`games.tractor.order`).  There are no multi-part leads ("throws").
* A **follow** gives as many cards as were led.  Of the led effective suit it holds as many cards
  as the follower has, up to that number; if the follower has at least that many, it holds as many
  real pairs as the follower can give, up to the number of pairs led (which pairs, and whether
  they are consecutive, is free).  A follower short of the suit plays all of it and fills freely.
* Only a play of the led **shape** and size can take the trick: entirely in the led suit and
  stronger, or entirely trump when the led suit is not trump (a follower who held any card of the
  led suit has had to play it, so an all-trump play is a void follower's ruff).  Between plays of
  equal strength the earlier one stands.

A follow is applied one card at a time (see :mod:`games.tractor.state`): :func:`follow_cards`
gives the cards that can still be completed to a legal follow, so the list of legal actions stays
short however many ways there are to discard.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from games.cards import PACK_SIZE
from games.tractor.order import TRUMP, Order

Kind = Literal["single", "pair", "tractor"]
KINDS: Final = ("single", "pair", "tractor")


@dataclass(frozen=True, slots=True)
class Shape:
    """A play read as a single, pair or tractor: its effective suit, its number of pairs (0 for a
    single), and the strength of its highest card in that suit."""

    kind: Kind
    suit: int
    pairs: int
    top: int

    @property
    def size(self) -> int:
        return 1 if self.kind == "single" else 2 * self.pairs


def twin(card: int) -> int:
    """The other pack's copy of ``card``."""
    return card + PACK_SIZE if card < PACK_SIZE else card - PACK_SIZE


def classify(cards: Sequence[int], order: Order) -> Shape | None:
    """The shape ``cards`` form as a lead, or None (cards of two suits, not identical pairs, pairs
    that do not follow each other …)."""
    n = len(cards)
    if n == 0:
        return None
    eff, idx = order.eff, order.idx
    suit = eff[cards[0]]
    if any(eff[c] != suit for c in cards):
        return None
    if n == 1:
        return Shape("single", suit, 0, idx[cards[0]])
    if n % 2 or len(set(cards)) != n:
        return None
    faces: dict[int, int] = {}
    for c in cards:
        f = c % PACK_SIZE
        faces[f] = faces.get(f, 0) + 1
    if any(count != 2 for count in faces.values()):
        return None
    if n == 2:
        return Shape("pair", suit, 1, idx[cards[0]])
    strengths = sorted(idx[f] for f in faces)
    if any(b - a != 1 for a, b in zip(strengths, strengths[1:], strict=False)):
        return None
    return Shape("tractor", suit, len(strengths), strengths[-1])


def pair_faces(hand: Iterable[int]) -> set[int]:
    """The faces ``hand`` holds both copies of."""
    seen: set[int] = set()
    both: set[int] = set()
    for c in hand:
        f = c % PACK_SIZE
        if f in seen:
            both.add(f)
        seen.add(f)
    return both


def leads(hand: Sequence[int], order: Order) -> list[tuple[int, ...]]:
    """Every lead ``hand`` can make: each card alone, each pair, each tractor (every length and
    every choice among equal off-suit level pairs), cards of a pair in pack order."""
    out: list[tuple[int, ...]] = [(c,) for c in hand]
    eff, idx = order.eff, order.idx
    by_suit: dict[int, dict[int, list[int]]] = {}
    for f in sorted(pair_faces(hand)):
        by_suit.setdefault(eff[f], {}).setdefault(idx[f], []).append(f)
        out.append((f, f + PACK_SIZE))
    for strengths in by_suit.values():
        for start in sorted(strengths):
            if start - 1 in strengths:
                continue  # runs are grown from their lowest strength
            chains: list[list[int]] = [[f] for f in strengths[start]]
            level = start + 1
            while level in strengths:
                chains = [chain + [f] for chain in chains for f in strengths[level]]
                for chain in chains:
                    # every tractor of this run ending here: its start may lie above ``start``
                    for first in range(len(chain) - 1):
                        part = chain[first:]
                        out.append(tuple(c for f in part for c in (f, f + PACK_SIZE)))
                level += 1
    return _unique(out)


def _unique(plays: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    seen: set[tuple[int, ...]] = set()
    out = []
    for p in plays:
        key = tuple(sorted(p))
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def read_as(cards: Sequence[int], lead: Shape, order: Order) -> Shape | None:
    """``cards`` (a complete follow) read in the shape of ``lead``, if they match it: the same kind
    and size, entirely in the led suit or entirely trump.  None: the play cannot win."""
    shape = classify(cards, order)
    if shape is None or shape.kind != lead.kind or shape.pairs != lead.pairs:
        return None
    if shape.suit != lead.suit and shape.suit != TRUMP:
        return None
    return shape


def beats(play: Shape, best: Shape) -> bool:
    """Whether ``play`` (already read in the led shape) takes the trick from ``best``: a trump
    over a plain suit, else strictly stronger in the same suit (the earlier of equals stands)."""
    if play.suit == best.suit:
        return play.top > best.top
    return play.suit == TRUMP


# ---- following ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FollowNeed:
    """What a follower owes a lead, worked out from the hand the follower began the trick with."""

    size: int
    suit: int
    in_suit: int
    """Cards of the led suit the follow must hold: all of them if short, else ``size``."""
    pairs: int
    """Real pairs of the led suit the follow must hold (only when not short)."""
    suit_cards: frozenset[int]


def need(start: Sequence[int], lead: Shape, order: Order) -> FollowNeed:
    eff = order.eff
    suited = [c for c in start if eff[c] == lead.suit]
    size = lead.size
    if len(suited) < size:
        return FollowNeed(size, lead.suit, len(suited), 0, frozenset(suited))
    return FollowNeed(
        size, lead.suit, size, min(lead.pairs, len(pair_faces(suited))), frozenset(suited)
    )


def _can_complete(chosen: Sequence[int], need_: FollowNeed) -> bool:
    """Whether the cards ``chosen`` so far can be completed to a legal follow."""
    suited = need_.suit_cards
    in_suit = sum(1 for c in chosen if c in suited)
    off = len(chosen) - in_suit
    if len(chosen) > need_.size or off > need_.size - need_.in_suit:
        return False
    if in_suit > need_.in_suit:
        return False
    if not need_.pairs:
        return True
    # Not short: every card is of the suit.  Most pairs reachable with the cards still to come:
    # complete a chosen single whose twin is still held (one card), then whole new pairs (two).
    chosen_set = set(chosen)
    whole = sum(1 for c in chosen if c < PACK_SIZE and c + PACK_SIZE in chosen_set)
    halves = sum(1 for c in chosen if twin(c) in suited and twin(c) not in chosen_set)
    fresh = len(
        {c % PACK_SIZE for c in suited if c not in chosen_set and twin(c) in suited}
        - {c % PACK_SIZE for c in chosen}
    )
    room = need_.size - len(chosen)
    completed = min(halves, room)
    most = whole + completed + min(fresh, (room - completed) // 2)
    return most >= need_.pairs


def follow_cards(
    start: Sequence[int], chosen: Sequence[int], lead: Shape, order: Order
) -> list[int]:
    """The cards of ``start`` (the hand at the start of the trick) not yet in ``chosen`` that keep
    the follow completable: the legal next cards of a follow played card by card."""
    need_ = need(start, lead, order)
    picked = set(chosen)
    if not need_.pairs:  # no pairs owed: only the count of suit and other cards matters
        suited = need_.suit_cards
        in_suit = sum(1 for c in chosen if c in suited)
        off = len(chosen) - in_suit
        more_suit = in_suit < need_.in_suit
        more_off = off < need_.size - need_.in_suit
        return [c for c in start if c not in picked and (more_suit if c in suited else more_off)]
    out = []
    for c in start:
        if c not in picked and _can_complete([*chosen, c], need_):
            out.append(c)
    return out


def is_legal_follow(start: Sequence[int], cards: Sequence[int], lead: Shape, order: Order) -> bool:
    """Whether ``cards`` (all of them) are a legal follow to ``lead`` from the hand ``start``."""
    if len(cards) != lead.size or len(set(cards)) != len(cards):
        return False
    held = set(start)
    if any(c not in held for c in cards):
        return False
    return _can_complete(cards, need(start, lead, order))
