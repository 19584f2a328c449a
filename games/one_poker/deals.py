"""Fixed deals for One Poker (``options["deals"]``): entry *k* fixes the *k*-th shuffle of cards.

One Poker does not deal a fresh pack per deal: both players keep a card and draw from one stock,
which is shuffled at the start of the match (shuffle 0) and again from the discards whenever fewer
than two cards are left (shuffle 1, 2, …).  So the unit of chance is a shuffle, and a "deal" of the
contract is one: entry *k* is a list of card names, top of the stock first (``"7H"`` for the first
pack, ``"7H'"`` for the second).  When shuffle *k* happens, the listed cards that are in the pile
being shuffled go on top in that order; the rest of the pile follows in the seeded order.  Listed
cards that a player holds at that moment are skipped (only play decides which those are).

The seeded order of shuffle *k* is an order of all 104 cards drawn from ``Random(f"{seed}:stock")``
(*k* = 0) or ``Random(f"{seed}:reshuffle:{k}")``, restricted to the cards in the pile: it does not
depend on what was played, so :func:`deal_for` can name it.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from games.cards import deck, parse, show
from games.core import JSON, GameError

CARDS = tuple(deck(2, jokers=False))
"""The 104 cards of two packs without jokers (pack 1 cards are ``54 + face``)."""
_CARD_SET = frozenset(CARDS)


def seeded_order(seed: int, shuffle_no: int) -> list[int]:
    """Every card in the order shuffle ``shuffle_no`` puts it, bottom of the stock first."""
    cards = list(CARDS)
    name = f"{seed}:stock" if shuffle_no == 0 else f"{seed}:reshuffle:{shuffle_no}"
    random.Random(name).shuffle(cards)
    return cards


def shuffled_stock(
    seed: int, shuffle_no: int, pile: Collection[int], top: tuple[int, ...]
) -> list[int]:
    """The stock that shuffle ``shuffle_no`` makes of ``pile`` (the last card is drawn first):
    the cards of ``top`` that are in the pile on top in that order, the others in seeded order."""
    cards = set(pile)
    fixed = [c for c in top if c in cards]
    cards.difference_update(fixed)
    rest = [c for c in seeded_order(seed, shuffle_no) if c in cards]
    return rest + fixed[::-1]


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The entry that makes shuffle ``index`` exactly what a match seeded with ``seed`` makes."""
    return [show(c) for c in reversed(seeded_order(seed, index))]


def parse_deals(raw: JSON) -> tuple[tuple[int, ...], ...]:
    """``options["deals"]`` checked; :class:`GameError` says which entry is wrong and why."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameError("'deals' is a list with one entry per shuffle of the stock")
    return tuple(_parse_entry(entry, f"deals[{i}]") for i, entry in enumerate(raw))


def _parse_entry(entry: JSON, where: str) -> tuple[int, ...]:
    if not isinstance(entry, list) or not entry:
        raise GameError(f'{where}: a non-empty list of card names, top first, e.g. ["AH", "7S\'"]')
    cards = tuple(_parse_card(name, where) for name in entry)
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise GameError(f"{where}: {show(twice)} is listed twice (mark second-pack cards with ')")
    return cards


def _parse_card(name: JSON, where: str) -> int:
    if isinstance(name, str) and len(name) <= 8:
        try:
            card = parse(name)
        except ValueError:
            pass
        else:
            if card in _CARD_SET:
                return card
    shown = repr(name)[:20] if isinstance(name, str | int) else type(name).__name__
    raise GameError(f"{where}: {shown} is not a card of two packs without jokers")
