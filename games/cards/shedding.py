"""What every shedding game shares: the two actions (pass, play these cards), their JSON codec,
fixed deals, and the plumbing of a shedding-game state (:class:`SheddingState`).

Dou Dizhu, Zheng Shangyou and Guandan all say "pass" or "play these cards"; the engine, not the
player, names the combination.  Keeping the action types and their codec here means the move-log
format is the same in every shedding game: ``{"kind": "pass"}`` and
``{"kind": "play", "cards": ["3H", "3S"]}`` in the notation of :mod:`games.cards`.  The state
plumbing (log, turns, the table, moving cards from hand to played) is shared for the same reason:
the games differ in their combinations and settlement, not in how a play is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from games.cards import codec, show
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import NAMES, card, names
from games.core import (
    DEALS_OPTION,
    JSON,
    Decision,
    Event,
    GameError,
    IllegalAction,
    MalformedAction,
)

# ---- actions and their codec -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play (or to bid) this turn."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play exactly these cards; the engine identifies the combination."""

    cards: tuple[int, ...]


SheddingAction = Pass | Play
"""The actions every shedding game has."""

SHEDDING_FIELDS: Final[Mapping[str, tuple[str, ...]]] = {"pass": (), "play": ("cards",)}
"""The fields (besides ``kind``) of each shedding action's JSON."""

LONGEST_NAME: Final = max(len(n) for n in NAMES) + 2
"""No card name is longer (room for the non-canonical spellings :func:`card` accepts)."""


def encode_cards(cards: Sequence[int]) -> list[str]:
    return names(cards)


def decode_cards(raw: JSON) -> tuple[int, ...]:
    """The ``cards`` field of a play: a non-empty list of card notations without repeats."""
    shape = "'cards' must be a non-empty list of card names such as \"3H\""
    if not isinstance(raw, list) or not raw or len(raw) > len(NAMES):
        raise MalformedAction(shape)
    cards = []
    for name in raw:
        if not isinstance(name, str) or len(name) > LONGEST_NAME:
            raise MalformedAction(shape)
        try:
            cards.append(card(name))
        except ValueError as exc:
            raise MalformedAction(str(exc)) from None
    if len(set(cards)) != len(cards):
        raise MalformedAction("'cards' names the same card twice")
    return tuple(cards)


def action_kind(raw: JSON, fields: Mapping[str, tuple[str, ...]]) -> str:
    """The ``kind`` of an encoded action, checked to carry exactly the fields of that kind
    (:func:`games.cards.codec.action_kind` with the shedding games' messages)."""
    return codec.action_kind(
        raw,
        fields,
        f"an action's 'kind' is one of: {', '.join(fields)}",
        "an action must be a JSON object with a 'kind'",
    )


def encode_shedding(action: SheddingAction) -> dict[str, JSON]:
    if isinstance(action, Pass):
        return {"kind": "pass"}
    return {"kind": "play", "cards": encode_cards(action.cards)}


def decode_shedding(raw: JSON) -> SheddingAction:
    """Decode a pass or a play; anything else raises :class:`MalformedAction`."""
    if action_kind(raw, SHEDDING_FIELDS) == "pass":
        return Pass()
    return Play(decode_cards(raw["cards"]))


def check_play_shape(action: Play) -> None:
    """Reject a :class:`Play` built by hand with something other than a tuple of card ints.

    Decoded plays always pass; this guards ``apply`` against objects made in code.
    """
    cards = action.cards
    if (
        not isinstance(cards, tuple)
        or not cards
        or not all(type(c) is int and 0 <= c < len(NAMES) for c in cards)
    ):
        raise MalformedAction("a play names one or more cards, as a tuple of card numbers")


# ---- fixed deals -----------------------------------------------------------------------------


def fixed_deals[D](options: Mapping[str, JSON], read: Callable[[JSON, str], D]) -> tuple[D, ...]:
    """The deals ``options["deals"]`` fixes, each read (and checked) by ``read(entry, where)``."""
    raw = options.get(DEALS_OPTION, [])
    if not isinstance(raw, list):
        raise GameError(f"option '{DEALS_OPTION}' must be a list of deals")
    return tuple(read(entry, f"{DEALS_OPTION}[{i}]") for i, entry in enumerate(raw))


def deal_fields(raw: JSON, where: str, fields: Collection[str]) -> Mapping[str, JSON]:
    """A deal entry: a JSON object with exactly ``fields``."""
    if not isinstance(raw, dict) or set(raw) != set(fields):
        raise GameError(f"{where} must be an object with exactly the fields {sorted(fields)}")
    return raw


def card_or_none(name: JSON) -> int | None:
    """The card a deal entry names, or None for anything that is not a card name."""
    if not isinstance(name, str) or len(name) > LONGEST_NAME:
        return None
    try:
        return card(name)
    except ValueError:
        return None


def read_cards(raw: JSON, where: str, size: int, pack: Collection[int]) -> tuple[int, ...]:
    """A list of ``size`` card names, each a card of ``pack``; sorted in shedding order."""
    if not isinstance(raw, list) or len(raw) != size:
        raise GameError(f"{where} must list {size} card names")
    cards = []
    for name in raw:
        c = card_or_none(name)
        if c is None or c not in pack:
            raise GameError(f"{where}: {name!r} is not a card of this game's deck")
        cards.append(c)
    return tuple(SHEDDING_ORDER.sort(cards))


def read_hands(
    raw: JSON, where: str, size: int, seats: int, pack: Collection[int]
) -> tuple[tuple[int, ...], ...]:
    """``seats`` hands of ``size`` card names each (see :func:`read_cards`)."""
    if not isinstance(raw, list) or len(raw) != seats:
        raise GameError(f"{where} must be a list of {seats} hands")
    return tuple(read_cards(hand, f"{where}[{i}]", size, pack) for i, hand in enumerate(raw))


def check_dealt_once(parts: Sequence[Sequence[int]], where: str) -> None:
    """No card is dealt twice across ``parts`` (hands, bottom cards)."""
    seen: set[int] = set()
    for c in (c for part in parts for c in part):
        if c in seen:
            raise GameError(f"{where}: {show(c)} is dealt twice")
        seen.add(c)


def seat_field(raw: JSON, where: str, seats: int) -> int:
    """A seat number in a deal entry (a bool is not a seat)."""
    if type(raw) is not int or not 0 <= raw < seats:
        raise GameError(f"{where} must be a seat: 0 to {seats - 1}")
    return raw


# ---- combinations ----------------------------------------------------------------------------

RECENT_EVENTS: Final = 8
"""How many of the latest events a shedding state keeps in its log (shown in every view)."""


class CardCombo(NamedTuple):
    """A named play: ``kind``, top ``rank``, ``length`` core units, its sorted ``strengths``.

    Each game subclasses it to say which kinds are bombs (and to document its kinds); the shared
    plumbing reads only these fields.  A NamedTuple because move generation creates thousands of
    them per second.
    """

    kind: str
    rank: int
    length: int
    strengths: tuple[int, ...]

    @property
    def is_bomb(self) -> bool:
        raise NotImplementedError


def describe(combo: CardCombo) -> str:
    """A combination's name for messages and views (``"pair run of 3"``)."""
    words = combo.kind.replace("_", " ")
    return f"{words} of {combo.length}" if combo.length > 1 else words


def why_not_answer(play: CardCombo, table: CardCombo, answers: str) -> str:
    """The sentence for a play that does not beat the table; ``answers`` ends the rule."""
    if play.kind != table.kind or play.length != table.length:
        return (
            f"a {describe(play)} cannot answer a {describe(table)}: answers must have the same "
            f"{answers}"
        )
    return f"a {describe(play)} must be higher than the {describe(table)} on the table"


def copy_json(value: JSON) -> JSON:
    """A deep copy of plain JSON data (dicts and lists; everything else is immutable)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Table[C: CardCombo]:
    """The play to beat: who played it, its cards (in shedding order) and their combination.

    The combination is stored, never re-identified: a game may name the same cards differently
    in different moments (Zheng Shangyou's four 3s are the heavenly bomb only as the first play).
    """

    seat: int
    cards: tuple[int, ...]
    combo: C

    def to_json(self) -> dict[str, JSON]:
        combo = self.combo
        return {
            "seat": self.seat,
            "cards": list(self.cards),
            "kind": combo.kind,
            "rank": combo.rank,
            "length": combo.length,
            "strengths": list(combo.strengths),
        }


# ---- the state plumbing ----------------------------------------------------------------------


class SheddingState[C: CardCombo, A]:
    """The plumbing every shedding-game state shares: turns, hands, the table and the event log.

    ``phase`` is ``"over"`` at the end (when ``turn`` is None); ``hands`` and ``played`` are per
    seat, sorted in :data:`SHEDDING_ORDER`; ``table`` is the play to beat, or None when the next
    seat leads; ``log`` holds the public data of the latest events.  A subclass names its
    combination type in ``combo_type``, sets these attributes and adds its own rules.
    """

    combo_type: Callable[[str, int, int, tuple[int, ...]], C]
    title: str
    seats: int = 3

    phase: str
    turn: int | None
    hands: list[list[int]]
    played: list[list[int]]
    table: Table[C] | None
    passes: int
    log: list[dict[str, JSON]]

    def __init__(self) -> None:
        self._grouped: dict[int, tuple[list[int], list[list[int]], list[int]]] = {}
        """Per seat: the hand list last grouped, its groups by strength and their sizes.  Hands
        are replaced, never changed in place, so identity tells whether the entry is current."""

    @classmethod
    def _check_seats(cls, seats: int) -> None:
        if seats != cls.seats:
            raise GameError(f"{cls.title} is played by exactly {cls.seats} players")

    def _log(self, event: Event) -> Event:
        log = self.log
        log.append({"kind": event.kind, **event.data})
        del log[:-RECENT_EVENTS]
        return event

    # ---- protocol -----------------------------------------------------------------------------
    def pending(self) -> list[Decision[A]]:
        """The seat to act; every decision runs on its clock and none is forced (a pass when
        nothing beats is still the player's own move)."""
        return [] if self.turn is None else [Decision(self.turn)]

    def is_over(self) -> bool:
        return self.phase == "over"

    def hidden_from(self, seat: int | None) -> set[str]:
        """The cards of the other seats' hands, until the end of the deal shows every hand."""
        if self.phase == "over":
            return set()
        return {NAMES[c] for s, hand in enumerate(self.hands) if s != seat for c in hand}

    def table_combo(self) -> C | None:
        """The combination to beat."""
        return None if self.table is None else self.table.combo

    # ---- snapshots ----------------------------------------------------------------------------
    def _common_json(self) -> dict[str, JSON]:
        """The shared attributes as snapshot fields (the table without game-specific extras)."""
        return {
            "phase": self.phase,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "table": None if self.table is None else self.table.to_json(),
            "passes": self.passes,
            "log": copy_json(self.log),
        }

    def _restore_common(self, data: Mapping[str, JSON]) -> None:
        """Set the shared attributes from a snapshot made by :meth:`_common_json`."""
        self.phase = str(data["phase"])
        self.turn = data["turn"]
        self.hands = [list(h) for h in data["hands"]]
        self.played = [list(p) for p in data["played"]]
        self.table = self._table_from_json(data["table"])
        self.passes = int(data["passes"])
        self.log = copy_json(data["log"])

    def _table_from_json(self, data: Mapping[str, JSON] | None) -> Table[C] | None:
        if data is None:
            return None
        combo = self.combo_type(
            data["kind"], data["rank"], data["length"], tuple(data["strengths"])
        )
        return Table(data["seat"], tuple(data["cards"]), combo)

    # ---- helpers for the rules ----------------------------------------------------------------
    def _to_act(self, seat: int) -> bool:
        """Whether ``seat`` must act now."""
        return seat == self.turn

    def _groups(self, seat: int) -> tuple[list[list[int]], list[int]]:
        hand = self.hands[seat]
        entry = self._grouped.get(seat)
        if entry is None or entry[0] is not hand:
            groups = SHEDDING_ORDER.groups(hand)
            entry = (hand, groups, [len(g) for g in groups])
            self._grouped[seat] = entry
        return entry[1], entry[2]

    def _next_seat(self, seat: int) -> int:
        """Seats play in increasing order, wrapping around."""
        return (seat + 1) % len(self.hands)

    def _check_turn(self, seat: int) -> None:
        if self.turn is None:
            raise IllegalAction("match_over", "the deal is over")
        if seat != self.turn:
            raise IllegalAction("not_your_turn", f"it is seat {self.turn}'s turn")

    def _check_in_hand(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction("not_in_hand", f"you do not hold {show(missing[0])}")
        if len(set(cards)) != len(cards):
            raise IllegalAction("repeated_card", "a play names the same card twice")

    def _shed(self, seat: int, cards: Sequence[int]) -> tuple[int, ...]:
        """Move ``cards`` from the seat's hand to its played cards; returns them sorted."""
        out = SHEDDING_ORDER.sort(cards)
        self.hands[seat] = [c for c in self.hands[seat] if c not in out]
        self.played[seat] = self.played[seat] + out
        return tuple(out)

    def _play_event(self, seat: int, cards: Sequence[int], combo: C) -> Event:
        data = {
            "seat": seat,
            "cards": encode_cards(cards),
            "combo": combo.kind,
            "left": len(self.hands[seat]),
        }
        return self._log(Event("play", data))

    def _game_over(self, winner: int, scores: list[int]) -> Event:
        self.phase, self.turn = "over", None
        return self._log(Event("deal_over", {"winner": winner, "scores": scores}))

    def _table_view(self, extra: Mapping[str, JSON] | None = None) -> dict[str, JSON] | None:
        """The table as views show it; ``extra`` fields go before the description."""
        table = self.table
        if table is None:
            return None
        combo = table.combo
        return {
            "seat": table.seat,
            "cards": encode_cards(table.cards),
            "kind": combo.kind,
            "rank": SHEDDING_ORDER.name(combo.rank),
            "length": combo.length,
            **(extra or {}),
            "describe": describe(combo),
        }
