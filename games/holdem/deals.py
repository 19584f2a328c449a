"""Fixed deals for Hold'em (``options["deals"]``): entry *i* fixes the cards of hand *i*.

A hand draws its cards from its own ``Random(f"{seed}:{hand_no}")``: the top ``2 * seats + 8`` cards
of a shuffled pack, dealt two rounds from the button's left to the seats in the hand, then burn,
flop, burn, turn, burn, river.  An entry may fix any part of that (JSON, card names as the views
write them, e.g. ``"10S"``; ``"TS"`` is read too):

* ``"hole"``: ``{"<seat>": [two cards]}`` — these seats get exactly these cards;
* ``"board"``: up to five cards — the first board cards (flop first);
* ``"pack"``: the top of the pack, top card first — the cards the deal draws (hole cards of the
  seats not fixed by ``"hole"``, burns and board) come from it in that order.

Cards the entry leaves open come from the hand's seeded shuffle of the cards it does not name.
Which seat receives a drawn card depends on the button and on who is still in, which only play
decides; so :func:`deal_for` fixes the pack, which reproduces the seed's hand whoever holds it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.cards import deck, parse, show
from games.core import JSON, GameError

PACK = tuple(deck(1, jokers=False))
NAMES = tuple(show(c) for c in range(52))
"""Notation of every card, looked up instead of rebuilt in every view and event."""
ENTRY_KEYS = ("hole", "board", "pack")


def cards_needed(seats: int) -> int:
    """How many cards a hand draws at most: two per seat, three burns and five board cards."""
    return 2 * seats + 8


@dataclass(frozen=True, slots=True)
class FixedDeal:
    """One entry of ``options["deals"]``, checked (cards as ints of one pack)."""

    hole: dict[int, tuple[int, int]] = field(default_factory=dict)
    board: tuple[int, ...] = ()
    pack: tuple[int, ...] = ()

    def named(self) -> set[int]:
        """Every card the entry places."""
        return {c for h in self.hole.values() for c in h} | set(self.board) | set(self.pack)

    def draw_order(self, seed: int, hand_no: int, seats: int) -> list[int]:
        """The cards this hand draws, first drawn first: the fixed pack, then the seeded rest.

        Without a fixed pack this is exactly the seeded sample of the cards not fixed by
        ``hole``/``board`` (so a match without deals is dealt as it always was).
        """
        need = cards_needed(seats)
        top = list(self.pack)
        if len(top) >= need:
            return top[:need]
        named = self.named()
        rest = [c for c in PACK if c not in named]
        return top + random.Random(f"{seed}:{hand_no}").sample(rest, need - len(top))

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {}
        if self.hole:
            out["hole"] = {str(s): _names(h) for s, h in self.hole.items()}
        if self.board:
            out["board"] = _names(self.board)
        if self.pack:
            out["pack"] = _names(self.pack)
        return out


NO_DEAL = FixedDeal()
"""The entry of a hand the option does not fix: everything from the seed."""


def _names(cards: Iterable[int]) -> list[str]:
    return [NAMES[c] for c in cards]


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The entry that deals hand ``index`` exactly as a match seeded with ``seed`` would."""
    return {"pack": _names(NO_DEAL.draw_order(seed, index, seats))}


def parse_deals(raw: JSON, seats: int) -> tuple[FixedDeal, ...]:
    """``options["deals"]`` checked; :class:`GameError` says which entry is wrong and why."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameError("'deals' is a list with one entry per hand")
    return tuple(_parse_entry(entry, seats, f"deals[{i}]") for i, entry in enumerate(raw))


def _parse_entry(entry: JSON, seats: int, where: str) -> FixedDeal:
    if not isinstance(entry, dict):
        raise GameError(f"{where}: an entry is an object with 'hole', 'board' and/or 'pack'")
    unknown = [k for k in entry if k not in ENTRY_KEYS]
    if unknown:
        raise GameError(f"{where}: unknown key {str(unknown[0])[:20]!r} (hole, board, pack)")
    if not any(entry.values()):
        raise GameError(f"{where}: the entry fixes no card")
    deal = FixedDeal(
        hole=_parse_hole(entry.get("hole", {}), seats, where),
        board=tuple(_parse_cards(entry.get("board", []), f"{where}.board")),
        pack=tuple(_parse_cards(entry.get("pack", []), f"{where}.pack")),
    )
    if len(deal.board) > 5:
        raise GameError(f"{where}.board: a board has at most 5 cards")
    placed = [c for h in deal.hole.values() for c in h] + [*deal.board, *deal.pack]
    if len(placed) != len(set(placed)):
        twice = next(c for c in placed if placed.count(c) > 1)
        raise GameError(f"{where}: {NAMES[twice]} is placed twice (one pack has one of each)")
    return deal


def _parse_hole(raw: JSON, seats: int, where: str) -> dict[int, tuple[int, int]]:
    if not isinstance(raw, dict):
        raise GameError(f"{where}.hole: an object from seat number to two cards")
    hole: dict[int, tuple[int, int]] = {}
    for key, cards in raw.items():
        if not (isinstance(key, str) and key.isdigit() and str(int(key)) == key):
            raise GameError(f'{where}.hole: seat keys are seat numbers such as "0"')
        seat = int(key)
        if seat >= seats:
            raise GameError(f"{where}.hole: there is no seat {seat} among {seats}")
        pair = _parse_cards(cards, f"{where}.hole.{key}")
        if len(pair) != 2:
            raise GameError(f"{where}.hole.{key}: a seat holds exactly two hole cards")
        hole[seat] = (pair[0], pair[1])
    return hole


def _parse_cards(raw: JSON, where: str) -> list[int]:
    if not isinstance(raw, list):
        raise GameError(f'{where}: a list of card names such as "AS"')
    return [_parse_card(name, where) for name in raw]


def _parse_card(name: JSON, where: str) -> int:
    if isinstance(name, str) and len(name) <= 4:
        try:
            card = parse(name)
        except ValueError:
            pass
        else:
            if 0 <= card < 52:
                return card
    shown = repr(name)[:20] if isinstance(name, str | int) else type(name).__name__
    raise GameError(f"{where}: {shown} is not a card of one pack without jokers")
