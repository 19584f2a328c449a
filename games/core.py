"""The engine protocol every game on the platform implements.

The platform (Django, Channels, Celery) only ever talks to a game through the names in this module,
so adding a game means adding a package under ``games/`` and one line in ``games/registry.py`` —
nothing in ``platform/`` changes.  The shape follows OpenSpiel's ``State`` (legal actions, apply,
per-player observation) and pokerkit's operations (verify before doing; every applied action returns
a frozen record of what happened; hidden cards censored per player).

Rules every engine keeps:

* Pure Python: no Django, no I/O, no clock reads.  Randomness only through the ``seed`` the server
  hands to :meth:`Game.new_state` (derive per-deal randomness from it, e.g.
  ``Random(f"{seed}:{n}")``, so a snapshot never has to carry a generator's state).
* ``apply`` either raises :class:`IllegalAction` and leaves the state exactly as it was, or changes
  the state and returns the events it caused.
* ``view(seat)`` holds only what that seat may know; ``view(None)`` is the spectators' view.
  Both are JSON-safe.  Hidden cards/tiles never appear in a view, an event meant for someone else,
  or the text of an error.
* ``to_json``/``Game.state_from_json`` round-trip the whole state (the platform's snapshot), and the
  action codec is stable across versions (the platform's move log stores it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

type JSON = Any
"""A value made only of dict/list/str/int/float/bool/None (kept loose so engines stay readable)."""


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


@dataclass(frozen=True, slots=True)
class Decision:
    """One seat that must (or may) act now.

    ``fresh`` is True for a new real decision (the clock's delay restarts) and False for a
    continuation of the same turn (a domino draw followed by its placement).  ``timed`` is False in
    phases where the rules stop the clocks (waiting for Start/Continue, a pass-and-play hand-over):
    the platform then applies its own stall bound instead of a player's clock.
    """

    seat: int
    fresh: bool = True
    timed: bool = True


@dataclass(frozen=True, slots=True)
class Event:
    """A record of something that happened, as produced by ``apply``.

    ``data`` is public (any seat and spectators may see it).  ``private`` maps a seat to extra
    fields only that seat may see (e.g. the tile it drew); the platform merges them for that seat
    only via
    :func:`event_for`.
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


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A match clock: a bank for the whole match plus a delay before every fresh decision."""

    bank_ms: int
    delay_ms: int


@runtime_checkable
class State(Protocol):
    """A match in progress (mutable; the platform owns one per match and serialises it)."""

    def pending(self) -> Sequence[Decision]:
        """Every seat that must act now; empty only when the match is over."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Any]:
        """The actions ``seat`` may take now (empty when it need not act).

        Where an action has a numeric parameter with a wide range (a poker raise) an engine may list
        a representative subset; ``apply`` accepts every legal value.
        """
        ...

    def apply(self, seat: int, action: Any) -> Sequence[Event]:
        """Apply ``action`` for ``seat``, or raise :class:`IllegalAction` and change nothing."""
        ...

    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` (None: a spectator) may know, JSON-safe."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> Sequence[SeatResult] | None:
        """Per seat outcome once the match is over, else None."""
        ...

    def to_json(self) -> dict[str, JSON]:
        """The full state (hidden parts included) for the server's snapshot."""
        ...


class Bot(Protocol):
    """An AI player.  It sees only its own seat's view — never the state."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Any], rng: random.Random, budget: int
    ) -> Any:
        """Pick one of ``legal``.  ``budget`` bounds the work (e.g. simulations), not wall time;
        ``budget <= 0`` means the bot's own default."""
        ...


@dataclass(frozen=True)
class Game:
    """A game's declaration: how to start, restore, encode and play it.

    ``teams(seats)`` returns each seat's fixed team for forfeit results (a free-for-all returns
    ``list(range(seats))``); games whose teams change per deal still report the final teams in
    :meth:`State.result`.
    """

    slug: str
    title: str
    seat_counts: tuple[int, ...]
    new_state: Callable[[int, Mapping[str, JSON], int], State]
    """``new_state(seats, options, seed)``."""
    state_from_json: Callable[[Mapping[str, JSON]], State]
    encode_action: Callable[[Any], JSON]
    decode_action: Callable[[JSON], Any]
    """Raises :class:`MalformedAction` on anything it cannot decode."""
    bots: Mapping[str, Callable[[], Bot]]
    """AI levels by name, weakest first (e.g. ``{"random": …, "greedy": …, "expert": …}``)."""
    time_control: TimeControl
    teams: Callable[[int], list[int]]
    rating_mode: str = "duel"
    """How ratings read the result: ``duel``, ``ffa``, ``teams`` (see ratings/)."""


def forfeit_result(game: Game, seats: int, loser: int) -> list[SeatResult]:
    """The result when ``loser`` resigns or loses on time: their team last, everyone else first.

    The engine need not know why a match ended this way; the platform calls this for resignations
    and time losses in every game.
    """
    teams = game.teams(seats)
    losing_team = teams[loser]
    return [
        SeatResult(seat=s, placing=2 if teams[s] == losing_team else 1, team=teams[s])
        for s in range(seats)
    ]
