"""Reading ``options["deals"]`` for the four-hand card games (Guandan, Tractor, Bridge).

Each game's entry is either an object with the four ``"hands"`` (plus the game's own fields) or
``{"cards": [...]}``, the shuffled deck in dealing order, or that list alone.  This module does the
parts that are the same everywhere: the list check, turning a bare list into ``{"cards": ...}``,
the allowed fields, reading card names and the four hands, and checking that no card is dealt
twice.  A game describes what differs in a :class:`DealFormat` and keeps its own messages about
its own fields; every message starts with where the problem is (``deals[0].hands[2]``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.cards.notation import CARDS, NAMES
from games.core import DEALS_OPTION, JSON, GameError

SEATS: Final = 4

type Hands = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class DealFormat:
    """What differs between the games' fixed deals.

    ``deck_size``: the cards are ``0 .. deck_size - 1`` (a name of another card is refused);
    ``hand_size``: the cards of each of the four hands; ``two_packs``: the messages mention the
    second pack's copies (written ``"7H'"``); ``seat_order``: appended to the message for a wrong
    ``hands`` list (e.g. ``" (South, West, North, East)"``).
    """

    deck_size: int
    hand_size: int
    two_packs: bool
    seat_order: str = ""

    @property
    def name_example(self) -> str:
        return '"7H" or "7H\'"' if self.two_packs else '"7H"'

    @property
    def twice_note(self) -> str:
        return " (the second pack's copy is written with ')" if self.two_packs else ""


def read_fixed_deals[D](
    options: Mapping[str, JSON], read_deal: Callable[[JSON, int], D]
) -> tuple[D, ...]:
    """The deals ``options["deals"]`` fixes, each entry read by ``read_deal(entry, index)``;
    :class:`GameError` says what is wrong with one."""
    raw = options.get(DEALS_OPTION, [])
    if not isinstance(raw, list):
        raise GameError(f"option '{DEALS_OPTION}' must be a list of deals")
    return tuple(read_deal(entry, i) for i, entry in enumerate(raw))


def deal_entry(
    entry: JSON,
    index: int,
    fmt: DealFormat,
    allowed: Collection[Collection[str]],
    fields_help: str,
) -> tuple[str, dict[str, JSON]]:
    """Where entry ``index`` is (``deals[index]``) and the entry as an object (a bare list is its
    ``"cards"``), once its fields are one of the ``allowed`` sets (else ``where`` followed by
    ``fields_help`` is the error)."""
    where = f"{DEALS_OPTION}[{index}]"
    if isinstance(entry, list):
        entry = {"cards": entry}
    if not isinstance(entry, dict):
        raise GameError(
            f"{where} must be a list of {fmt.deck_size} card names or an object with 'hands'"
        )
    fields = set(entry)
    if all(fields != set(option) for option in allowed):
        raise GameError(f"{where} {fields_help}")
    return where, entry


def read_cards(raw: JSON, count: int, where: str, fmt: DealFormat) -> tuple[int, ...]:
    """``count`` card names of the deck."""
    if not isinstance(raw, list) or len(raw) != count:
        raise GameError(f"{where} must list {count} card names")
    cards = []
    for name in raw:
        card = CARDS.get(name) if isinstance(name, str) else None
        if card is None or not 0 <= card < fmt.deck_size:
            raise GameError(
                f"{where}: {str(name)[:12]!r} is not a card name such as {fmt.name_example}"
            )
        cards.append(card)
    return tuple(cards)


def read_deck(raw: JSON, where: str, fmt: DealFormat) -> tuple[int, ...]:
    """The entry's ``"cards"``: the whole deck in dealing order."""
    return read_cards(raw, fmt.deck_size, f"{where}.cards", fmt)


def read_hands(raw: JSON, where: str, fmt: DealFormat) -> Hands:
    """The entry's ``"hands"``: four hands of ``fmt.hand_size`` cards, seat by seat."""
    if not isinstance(raw, list) or len(raw) != SEATS:
        raise GameError(f"{where}.hands must list the four seats' hands{fmt.seat_order}")
    return tuple(
        read_cards(h, fmt.hand_size, f"{where}.hands[{s}]", fmt) for s, h in enumerate(raw)
    )


def check_dealt_once(piles: Sequence[Sequence[int]], where: str, fmt: DealFormat) -> None:
    """No card appears twice among the hands (and any other pile, such as a kitty)."""
    seen: set[int] = set()
    for pile in piles:
        for c in pile:
            if c in seen:
                raise GameError(f"{where} deals {NAMES[c]} twice{fmt.twice_note}")
            seen.add(c)


def read_first_deal_seat(
    entry: Mapping[str, JSON], field: str, index: int, where: str, first_only: str
) -> int | None:
    """The optional seat ``field`` that only the first deal may fix (``first_only`` says why
    a later one may not); None when the entry leaves it to the seed."""
    if field not in entry:
        return None
    if index != 0:
        raise GameError(f"{where}.{field}: {first_only}")
    seat = entry[field]
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise GameError(f"{where}.{field} must be a seat from 0 to 3")
    return seat
