"""The engine contract every game on the platform implements, in one place.

The platform (Django, Channels, Celery) only ever talks to a game through the names in this module,
so adding a game means adding a package under ``games/`` that declares ``GAME`` (a :class:`Game`)
in its ``declaration`` module and exposes it from its ``__init__`` — nothing in ``platform/``
changes.  The shape follows OpenSpiel's ``State`` (legal
actions, apply, per-player observation; one registry and one conformance test over every game) and
pokerkit's operations (frozen, typed action records; verify before doing; hidden cards censored per
player; forced steps declared by the engine).

One construction style for every game:

* A state class with two class methods, ``new(seats, options, seed)`` and ``from_json(data)``
  (:class:`StateClass`), and the instance methods of :class:`State`.
* Actions are frozen dataclasses (one class per kind of action, a union type per game).  The game's
  codec (``encode_action``/``decode_action`` on :class:`Game`) turns them into the JSON the move log
  stores, and that JSON is stable across versions.
* Everything the platform needs to know about a game is on :class:`Game`, checked when it is
  declared (an unknown rating mode or an empty seat list fails at import, not when a match ends).

Rules every engine keeps:

* Pure Python: no Django, no I/O, no clock reads.  Randomness only through the ``seed`` the server
  hands to ``new`` (derive per-deal randomness from it, e.g. ``Random(f"{seed}:{n}")``, so a
  snapshot never has to carry a generator's state).
* Every game with hidden cards or tiles accepts ``options["deals"]`` (:data:`DEALS_OPTION`): a list
  whose entry *i* fixes the *i*-th deal of the match, in the form the game's docs page gives and
  :attr:`Game.deal_for` produces.  Deals beyond the list come from the seed.
* ``apply`` either raises :class:`IllegalAction` and leaves the state exactly as it was, or changes
  the state and returns the events it caused.
* ``view(seat)`` holds only what that seat may know; ``view(None)`` is the spectators' view.
  Both are JSON-safe.  Hidden cards/tiles never appear in a view, an event meant for someone else,
  or the text of an error.
* ``to_json``/``from_json`` round-trip the whole state (the platform's snapshot).
* ``forfeit(loser)`` is the game's own answer to "who wins when this seat resigns or loses on time
  now" — teams may change during a match (Dou Dizhu's landlord), so the platform never guesses.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

type JSON = Any
"""A value made only of dict/list/str/int/float/bool/None (kept loose so engines stay readable)."""

DEALS_OPTION = "deals"
"""The option that fixes deals: ``options["deals"][i]`` is the *i*-th deal of the match."""


class GameError(Exception):
    """Base of every error an engine raises on purpose."""


class IllegalAction(GameError):
    """An action that the rules do not allow now.

    ``code`` is a stable machine-readable reason (``"not_your_turn"``, ``"must_follow_suit"`` …) and
    ``message`` a sentence for the player saying which rule the action breaks.  Neither may mention
    a hidden card or tile that the acting seat cannot see.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MalformedAction(IllegalAction):
    """The action could not even be decoded (wrong shape, unknown kind, bad field)."""

    def __init__(self, message: str) -> None:
        super().__init__("malformed_action", message)


class RatingMode(StrEnum):
    """How ratings read a result (see ``ratings/elo.py`` and docs/ratings.md)."""

    DUEL = "duel"
    """Two seats, one against the other."""
    FFA = "ffa"
    """Every seat for itself, ranked by placing."""
    TEAMS = "teams"
    """Seats grouped by :attr:`SeatResult.team`, weighted by :attr:`SeatResult.weight`."""


@dataclass(frozen=True)  # no slots: a slotted generic dataclass breaks ``Decision[int](...)``
class Decision[A]:
    """One seat that must (or may) act now.

    ``fresh`` is True for a new real decision (the clock's delay restarts) and False for a
    continuation of the same turn (a domino draw followed by its placement).  ``timed`` is False in
    phases where the rules stop the clocks (waiting for Start/Continue, a pass-and-play hand-over):
    the platform then applies its own stall bound instead of a player's clock.

    ``forced`` is the engine's declaration that the rules leave this seat exactly one thing to do
    (pressing Start or Continue, a reveal) and which action that is.  When an untimed decision is
    still open after the stall bound, the platform applies ``forced`` for the seat; a decision
    without one is a real choice, and stalling on it forfeits.  The platform never infers this from
    the number of legal actions.
    """

    seat: int
    fresh: bool = True
    timed: bool = True
    forced: A | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """A record of something that happened, as produced by ``apply``.

    ``data`` is public (any seat and spectators may see it).  ``private`` maps a seat to extra
    fields only that seat may see (e.g. the tile it drew); the platform merges them for that seat
    only via :func:`event_for`.
    """

    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)
    private: Mapping[int, Mapping[str, JSON]] = field(default_factory=dict)


def event_for(event: Event, seat: int | None) -> dict[str, JSON]:
    """The JSON form of ``event`` as ``seat`` (None: a spectator) may see it."""
    out: dict[str, JSON] = {"kind": event.kind, **event.data}
    if seat is not None and seat in event.private:
        out.update(event.private[seat])
    return out


@dataclass(frozen=True, slots=True)
class SeatResult:
    """How one seat ended the match, in the terms ratings need.

    ``placing`` is 1 for the best; seats that tied share a placing.  ``team`` groups partners (in a
    free-for-all every seat is its own team).  ``weight`` is the seat's stake relative to a normal
    seat (Dou Dizhu's landlord carries 2).  ``score`` is the game's own final figure for display.
    """

    seat: int
    placing: int
    team: int
    score: int = 0
    weight: int = 1


def forfeit_by_teams(
    teams: Sequence[int], loser: int, weights: Sequence[int] | None = None
) -> list[SeatResult]:
    """The usual forfeit: the loser's team shares last place, every other team shares first.

    Engines call this from :meth:`State.forfeit` with the teams as they stand at that moment.
    """
    losing_team = teams[loser]
    return [
        SeatResult(
            seat=s,
            placing=2 if teams[s] == losing_team else 1,
            team=teams[s],
            weight=1 if weights is None else weights[s],
        )
        for s in range(len(teams))
    ]


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match clock: a bank for the whole match plus a delay before every fresh decision."""

    bank_ms: int
    delay_ms: int


@runtime_checkable
class State[A](Protocol):
    """A match in progress (mutable; the platform owns one per match and serialises it)."""

    def pending(self) -> Sequence[Decision[A]]:
        """Every seat that must act now; empty only when the match is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[A]:
        """The actions ``seat`` may take now (empty when it need not act).

        Where an action has a numeric parameter with a wide range (a poker raise) an engine may list
        a representative subset; ``apply`` accepts every legal value.
        """
        ...

    def apply(self, seat: int, action: A) -> Sequence[Event]:
        """Apply ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing.

        ``action`` may be any object (the platform passes what the codec decoded, tests pass junk):
        an engine rejects what is not one of its action types with :class:`IllegalAction`.
        """
        ...

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) may know, JSON-safe."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> Sequence[SeatResult] | None:
        """Per seat outcome once the match is over, else None."""
        ...

    def forfeit(self, loser: int) -> Sequence[SeatResult]:
        """The result if ``loser`` resigned or lost on time now (a result for every seat)."""
        ...

    def to_json(self) -> dict[str, JSON]:
        """The full state (hidden parts included) for the server's snapshot."""
        ...

    def hidden_from(self, seat: int | None) -> Collection[JSON]:
        """Every card or tile of the full state that ``seat`` (None: a spectator) may not see now,
        written as the views write it (a card name, a tile as its pair).

        The conformance test searches every view and event payload ``seat`` receives for these, so
        this is the engine's own statement of who may know what, kept apart from the view code.  In
        a game with two copies of a card, a card of which ``seat`` rightly sees one copy is left
        out (the search cannot tell the copies apart).
        """
        ...


class StateClass[A](Protocol):
    """The two ways a state comes to be: a new match, or a snapshot restored."""

    def new(self, seats: int, options: Mapping[str, JSON], seed: int) -> State[A]:
        """A new match of ``seats`` players; ``seed`` is the only source of chance."""
        ...

    def from_json(self, data: Mapping[str, JSON]) -> State[A]:
        """The state whose ``to_json()`` gave ``data``."""
        ...


class Bot[A](Protocol):
    """An AI player.  It sees only its own seat's view — never the state."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[A], rng: random.Random, budget: int
    ) -> A:
        """Pick one of ``legal``.  ``budget`` bounds the work (e.g. simulations), not wall time;
        ``budget <= 0`` means the bot's own default."""
        ...


_SLUG = re.compile(r"[a-z][a-z0-9_]*")
_EXPORT_SLUG = re.compile(r"[a-z0-9_]+")
_LANGUAGE = re.compile(r"[a-z]{2,3}")
"""A language code as the site keys languages: "de", "zh" (Django's "zh-hans" is "zh")."""
_EXTENSION = re.compile(r"[a-z0-9]+")
_MEDIA_TYPE = re.compile(r"[a-z]+/[a-z0-9.+-]+")
RESERVED_EXPORTS = frozenset({"json"})
"""Export format names the platform keeps for itself (``json``: the move log as it stores it)."""


@dataclass(frozen=True, slots=True)
class ExportInput:
    """Everything an export is written from: a finished match as the platform stores it.

    The writer replays ``moves`` from ``seed`` and ``options`` through the engine and reads the
    record off the state and its events, never off anything else the caller says happened.
    ``players`` and ``date`` only label the record (no clock read in ``games/``: the platform
    passes the date, an ISO 8601 date or date-time such as ``"2026-12-04T13:05:00+00:00"``).
    """

    seed: int
    seats: int
    options: Mapping[str, JSON]
    moves: Sequence[tuple[int, JSON]]
    """The move log: ``(seat, action JSON)`` of every applied action, in order."""
    players: Sequence[str]
    """Each seat's display name, by seat number."""
    date: str
    """When the match started, ISO 8601 (``""`` when unknown)."""
    title: str = ""
    """What the platform calls the match (``"Match #42"``), ``""`` when it has no name."""
    ended: bool = False
    """The platform vouches that the match has ended — finished, resigned, lost on time or aborted
    — so every card may be shown: the writer then writes what was played even when the game itself
    is not over (the replay page reveals the same).  False: only a game that is over is written."""

    def started(self) -> datetime | None:
        """:attr:`date` read (None when unknown); a time with a zone is given in UTC.

        Raises ``ValueError`` for text that is not ISO 8601."""
        if not self.date:
            return None
        when = datetime.fromisoformat(self.date)
        return when.astimezone(UTC) if when.tzinfo is not None else when


@dataclass(frozen=True, slots=True)
class AnalysisInput:
    """Everything a game's analysis after the match (``games/<slug>/analysis.py``, ``analyse``) is
    computed from: the match as the platform stores it once it is over.

    The final snapshot is enough for a game that judges one finished deal (Bridge); a game that
    judges every decision replays ``moves`` from ``seed`` and ``options`` (``games/moments.py``).
    ``people`` says whose decisions to judge: the seats held by people, not by the AI.
    """

    state: Mapping[str, JSON]
    """The engine's final snapshot (``State.to_json``)."""
    seats: int
    options: Mapping[str, JSON]
    seed: int
    moves: Sequence[tuple[int, JSON]]
    """The move log: ``(seat, action JSON)`` of every applied action, in order."""
    people: frozenset[int]
    """The seats held by people (their decisions are the ones judged)."""


@dataclass(frozen=True, slots=True)
class Export:
    """One download format of a finished match's record (PBN, a poker hand history …).

    ``write`` must refuse (``ValueError``) a game that is not over unless
    :attr:`ExportInput.ended` says the match has ended: a record of a running match would reveal
    the hidden cards.  A move log the engine does not accept raises as ``apply`` does
    (:class:`IllegalAction`).
    """

    label: str
    """A short English name for the link (the platform translates it): ``"PBN"``."""
    media_type: str
    """The download's content type, e.g. ``"text/plain"``."""
    extension: str
    """The file name's extension without the dot, e.g. ``"pbn"``."""
    write: Callable[[ExportInput], str]


class GameDeclarationError(GameError):
    """A :class:`Game` declaration that breaks the contract (raised at import time)."""


@dataclass(frozen=True)
class Game[A]:
    """A game's declaration: how to start, restore, encode, rate and play it.

    Checked when declared: a mistake here fails the import of the game's package (and so the
    registry, ``manage.py check`` and the contract test), never a running match.
    """

    slug: str
    """The package name under ``games/``; also the board module's and rules templates' name."""
    title: str
    seat_counts: tuple[int, ...]
    state: StateClass[A]
    """The state class (``new`` and ``from_json``)."""
    encode_action: Callable[[A], JSON]
    decode_action: Callable[[JSON], A]
    """Raises :class:`MalformedAction` on anything it cannot decode."""
    bots: Mapping[str, Callable[[], Bot[A]]]
    """AI levels by name, weakest first (e.g. ``{"random": …, "greedy": …, "expert": …}``)."""
    time_control: TimeControl
    rating_mode: RatingMode
    deal_for: Callable[[int, int, int], JSON] | None
    """``deal_for(seats, seed, index)``: the entry of ``options["deals"]`` that reproduces deal
    ``index`` of a match seeded with ``seed`` — so a test can fix any deal the server would make.
    None only for a game without hidden cards or tiles."""
    exports: Mapping[str, Export] = field(default_factory=dict)
    """Download formats of a finished match's record besides the platform's own JSON move log,
    by format name (lower-case ``[a-z0-9_]+``, not ``json``), e.g. ``{"pbn": Export(...)}``."""
    typical_minutes: int | None = None
    """About how long a match takes when people play it on the standard clock, in whole minutes:
    the lobby's game card says so (None: the card says nothing about the length).  A figure for
    people choosing a game, not a rule: no clock or bound reads it."""
    titles: Mapping[str, str] = field(default_factory=dict)
    """The game's name in other interface languages, by language code ("de", "zh"): only where
    players of that language call the game something else — ``title`` (English) covers the rest.
    A game's name is not a sentence a translator can find in a ``.po`` file, so it lives here."""

    def __post_init__(self) -> None:
        if not _SLUG.fullmatch(self.slug):
            raise GameDeclarationError(f"slug {self.slug!r} is not a lower-case identifier")
        if not self.seat_counts or any(n < 1 for n in self.seat_counts):
            raise GameDeclarationError(f"{self.slug}: seat_counts must list positive counts")
        if not isinstance(self.rating_mode, RatingMode):
            raise GameDeclarationError(
                f"{self.slug}: rating_mode {self.rating_mode!r} is not a RatingMode"
                f" ({', '.join(m.value for m in RatingMode)})"
            )
        if self.rating_mode is RatingMode.DUEL and self.seat_counts != (2,):
            raise GameDeclarationError(f"{self.slug}: a duel is played by exactly two seats")
        if not self.bots:
            raise GameDeclarationError(f"{self.slug}: declare at least one AI level")
        if self.time_control.bank_ms <= 0 or self.time_control.delay_ms < 0:
            raise GameDeclarationError(f"{self.slug}: the time control needs a positive bank")
        if self.typical_minutes is not None and self.typical_minutes < 1:
            raise GameDeclarationError(f"{self.slug}: typical_minutes must be at least 1")
        for lang, name in self.titles.items():
            if not isinstance(lang, str) or not _LANGUAGE.fullmatch(lang):
                raise GameDeclarationError(
                    f"{self.slug}: titles key {lang!r} is not a language code (e.g. de, zh)"
                )
            if not isinstance(name, str) or not name.strip():
                raise GameDeclarationError(f"{self.slug}: the {lang} title is empty")
        for fmt, export in self.exports.items():
            self._check_export(fmt, export)

    def _check_export(self, fmt: object, export: object) -> None:
        if not isinstance(fmt, str) or not _EXPORT_SLUG.fullmatch(fmt):
            raise GameDeclarationError(
                f"{self.slug}: export format {fmt!r} is not a lower-case name ([a-z0-9_]+)"
            )
        if fmt in RESERVED_EXPORTS:
            raise GameDeclarationError(
                f"{self.slug}: export format {fmt!r} is reserved by the platform"
            )
        if not isinstance(export, Export):
            raise GameDeclarationError(f"{self.slug}: export {fmt!r} is not an Export")
        if not export.label.strip():
            raise GameDeclarationError(f"{self.slug}: export {fmt!r} needs a label")
        if not _MEDIA_TYPE.fullmatch(export.media_type):
            raise GameDeclarationError(
                f"{self.slug}: export {fmt!r} has no media type like 'text/plain'"
            )
        if not _EXTENSION.fullmatch(export.extension):
            raise GameDeclarationError(
                f"{self.slug}: export {fmt!r} needs a file extension without the dot"
            )
        if not callable(export.write):
            raise GameDeclarationError(f"{self.slug}: export {fmt!r} has no write function")

    def new_state(self, seats: int, options: Mapping[str, JSON], seed: int) -> State[A]:
        """A new match; ``seats`` must be one of :attr:`seat_counts`."""
        if seats not in self.seat_counts:
            raise GameError(f"{self.title} is played by {self.seat_counts} players, not {seats}")
        return self.state.new(seats, options, seed)

    def state_from_json(self, data: Mapping[str, JSON]) -> State[A]:
        return self.state.from_json(data)
