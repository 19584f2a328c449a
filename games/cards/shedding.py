"""What every shedding game shares: the two actions (pass, play these cards), their JSON codec,
and the plumbing of a shedding-game state (:class:`SheddingState`).

Dou Dizhu, Zheng Shangyou and Guandan all say "pass" or "play these cards"; the engine, not the
player, names the combination.  Keeping the action types and their codec here means the move-log
format is the same in every shedding game: ``{"kind": "pass"}`` and
``{"kind": "play", "cards": ["3H", "3S"]}`` in the notation of :mod:`games.cards`.  The state
plumbing (log, turns, the table, moving cards from hand to played) is shared for the same reason:
the games differ in their combinations and settlement, not in how a play is recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from games.cards import show
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card, names
from games.core import JSON, Decision, Event, IllegalAction, MalformedAction


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to play (or to bid) this turn."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play exactly these cards; the engine identifies the combination."""

    cards: tuple[int, ...]


def encode_cards(cards: Sequence[int]) -> list[str]:
    return names(cards)


def decode_cards(raw: Any) -> tuple[int, ...]:
    """The ``cards`` field of a play: a non-empty list of card notations without repeats."""
    if not isinstance(raw, list) or not raw or not all(isinstance(t, str) for t in raw):
        raise MalformedAction("'cards' must be a non-empty list of card names such as \"3H\"")
    try:
        cards = tuple(card(t) for t in raw)
    except ValueError as exc:
        raise MalformedAction(str(exc)) from None
    if len(set(cards)) != len(cards):
        raise MalformedAction("'cards' names the same card twice")
    return cards


def encode_shedding(action: Pass | Play) -> dict[str, JSON]:
    if isinstance(action, Pass):
        return {"kind": "pass"}
    return {"kind": "play", "cards": encode_cards(action.cards)}


def decode_shedding(raw: Any) -> Pass | Play:
    """Decode a pass or a play; anything else raises :class:`MalformedAction`."""
    if not isinstance(raw, dict):
        raise MalformedAction("an action must be a JSON object with a 'kind'")
    kind = raw.get("kind")
    if kind == "pass" and set(raw) == {"kind"}:
        return Pass()
    if kind == "play" and set(raw) == {"kind", "cards"}:
        return Play(decode_cards(raw["cards"]))
    raise MalformedAction(f"unknown action {raw!r}")


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
        return (f"a {describe(play)} cannot answer a {describe(table)}: answers must have the same "
                f"{answers}")
    return f"a {describe(play)} must be higher than the {describe(table)} on the table"


def each_alone(seats: int) -> list[int]:
    """Every seat its own team (for forfeits)."""
    return list(range(seats))


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (dicts and lists; everything else is immutable)."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


class SheddingState[C: CardCombo]:
    """The plumbing every shedding-game state shares: JSON data, the event log, turns, hands.

    The whole state is plain JSON data in ``self.d`` so the platform's snapshot is ``to_json()``
    and nothing else.  ``d`` holds at least ``phase`` (``"over"`` at the end), ``turn``,
    ``hands`` and ``played`` (per seat, sorted in :data:`SHEDDING_ORDER`), ``table`` (the play to
    beat with its combination's fields, or None), ``passes``, ``log`` and ``result``.  A subclass
    names its combination type in ``combo_type`` and adds its own rules.
    """

    combo_type: Callable[[str, int, int, tuple[int, ...]], C]
    title: str
    seats: int = 3

    @classmethod
    def _check_seats(cls, seats: int) -> None:
        if seats != cls.seats:
            raise ValueError(f"{cls.title} is played by exactly {cls.seats} players")

    def __init__(self, data: Mapping[str, JSON]) -> None:
        self.d: dict[str, Any] = copy_json(dict(data))
        self._grouped: dict[int, tuple[list[int], list[list[int]], list[int]]] = {}
        """Per seat: the hand list last grouped, its groups by strength and their sizes.  Hands
        are replaced, never changed in place, so identity tells whether the entry is current."""

    def _log(self, event: Event) -> Event:
        log = self.d["log"]
        log.append({"kind": event.kind, **event.data})
        del log[:-RECENT_EVENTS]
        return event

    # ---- protocol -----------------------------------------------------------------------------
    def pending(self) -> list[Decision]:
        return [] if self.d["phase"] == "over" else [Decision(self.d["turn"])]

    def is_over(self) -> bool:
        return bool(self.d["phase"] == "over")

    def to_json(self) -> dict[str, JSON]:
        return {k: copy_json(v) for k, v in self.d.items()}

    def table_combo(self) -> C | None:
        """The combination to beat (stored with the table so it is never re-identified)."""
        table = self.d["table"]
        if table is None:
            return None
        return self.combo_type(table["kind"], table["rank"], table["length"],
                               tuple(table["strengths"]))

    # ---- helpers for the rules ----------------------------------------------------------------
    def _to_act(self, seat: int) -> bool:
        """Whether ``seat`` must act now."""
        return bool(self.d["phase"] != "over" and seat == self.d["turn"])

    def _groups(self, seat: int) -> tuple[list[list[int]], list[int]]:
        hand = self.d["hands"][seat]
        entry = self._grouped.get(seat)
        if entry is None or entry[0] is not hand:
            groups = SHEDDING_ORDER.groups(hand)
            entry = (hand, groups, [len(g) for g in groups])
            self._grouped[seat] = entry
        return entry[1], entry[2]

    def _next_seat(self, seat: int) -> int:
        """Seats play in increasing order, wrapping around."""
        return (seat + 1) % len(self.d["hands"])

    def _check_turn(self, seat: int) -> None:
        d = self.d
        if d["phase"] == "over":
            raise IllegalAction("match_over", "the deal is over")
        if seat != d["turn"]:
            raise IllegalAction("not_your_turn", f"it is seat {d['turn']}'s turn")

    def _check_in_hand(self, seat: int, cards: Sequence[int]) -> None:
        hand = self.d["hands"][seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction("not_in_hand", f"you do not hold {show(missing[0])}")
        if len(set(cards)) != len(cards):
            raise IllegalAction("repeated_card", "a play names the same card twice")

    def _shed(self, seat: int, cards: Sequence[int]) -> list[int]:
        """Move ``cards`` from the seat's hand to its played cards; returns them sorted."""
        d = self.d
        out = SHEDDING_ORDER.sort(cards)
        d["hands"][seat] = [c for c in d["hands"][seat] if c not in out]
        d["played"][seat] = d["played"][seat] + out
        return out

    @staticmethod
    def _table_entry(seat: int, cards: list[int], combo: C) -> dict[str, Any]:
        return {"seat": seat, "cards": cards, "kind": combo.kind, "rank": combo.rank,
                "length": combo.length, "strengths": list(combo.strengths)}

    def _play_event(self, seat: int, cards: list[int], combo: C) -> Event:
        return self._log(Event("play", {"seat": seat, "cards": encode_cards(cards),
                                        "combo": combo.kind, "left": len(self.d["hands"][seat])}))

    def _game_over(self, winner: int, scores: list[int]) -> Event:
        self.d.update(phase="over", turn=None)
        return self._log(Event("deal_over", {"winner": winner, "scores": scores}))

    def _table_view(self, *extra: str) -> dict[str, JSON] | None:
        """The table as views show it; the ``extra`` fields of the table go before the
        description."""
        table = self.d["table"]
        combo = self.table_combo()
        if table is None or combo is None:
            return None
        return {"seat": table["seat"], "cards": encode_cards(table["cards"]),
                "kind": combo.kind, "rank": SHEDDING_ORDER.name(combo.rank),
                "length": combo.length, **{k: table[k] for k in extra},
                "describe": describe(combo)}
