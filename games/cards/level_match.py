"""What Guandan's and Tractor's match states do alike: deals played up the levels by partnerships.

Both are a match of deals between two fixed partnerships (seats 0 and 2 against 1 and 3) climbing
the levels 2 to Ace.  Between two deals every seat presses Continue (untimed, and the platform may
press it for them); the next deal starts when all four have, and its cards never share a step, an
event or the event log with the last deal's.  Both keep a short log of recent events for the view,
cache the legal actions of the current position, give the winning partnership the match and end
it for the loser's partnership on a forfeit.  :class:`LevelMatch` holds those parts; a game's state
class inherits them and adds its own deal (bidding, tribute, tricks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Self

from games.cards.level_deals import LevelDealing
from games.cards.partnerships import (
    SEATS,
    forfeit_partnership,
    level_results,
    log_recent,
    require_four_players,
)
from games.core import JSON, Event, IllegalAction, MalformedAction, SeatResult


class LevelMatch[A]:
    """The shared half of a level game's state (``A``: the game's action type)."""

    TITLE: ClassVar[str]
    """The game's name in messages."""
    DEALING: ClassVar[LevelDealing[Any]]
    RECENT_EVENTS: ClassVar[int]
    """How many events the view's ``last_events`` keeps."""

    seed: int
    deal_no: int
    phase: str
    levels: list[int]
    """Each team's level (2..14), indexed by team."""
    ready: list[int]
    """Seats that pressed Continue after the last deal."""
    winners: int | None
    """The team that won the match."""
    log: list[dict[str, JSON]]
    _legal: dict[int, list[A]]
    """Legal actions per seat for the current position (cleared by every change)."""

    def __init__(self, seed: int, fixed: tuple[Any, ...]) -> None:
        raise NotImplementedError

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> Self:
        require_four_players(cls.TITLE, seats)
        state = cls(seed, cls.DEALING.fixed(options))
        state._start_deal(0)
        return state

    def _start_deal(self, index: int) -> list[Event]:
        """Deal ``index`` and what happens before anyone acts on it."""
        raise NotImplementedError

    def _generate(self, seat: int) -> list[A]:
        """The legal actions of ``seat`` now, computed afresh."""
        raise NotImplementedError

    def _cached_legal(self, seat: int) -> list[A]:
        """:meth:`_generate`, once per position (a copy: callers may keep or change it)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._legal[seat] = self._generate(seat)
        return list(found)

    def _refuse_unless_playable(self, action: object, valid_shape: bool) -> None:
        """Nothing applies after the match; an object that is not the game's action (or holds
        fields of the wrong type) is malformed."""
        if self.phase == "over":
            raise IllegalAction("match_over", "the match is over")
        if not valid_shape:
            raise MalformedAction(f"not a {self.TITLE} action: a {type(action).__name__}")

    def _between_deals(self, seat: int, pressed_continue: bool) -> list[Event]:
        """For an action after a deal or a Continue during one: after a deal Continue is the only
        action (its events), and during one it is refused."""
        if self.phase != "deal_over":
            raise IllegalAction("deal_running", "the deal is still being played")
        if not pressed_continue:
            raise IllegalAction("deal_over", "the deal is over: press Continue for the next")
        return self._continue(seat)

    def _continue(self, seat: int) -> list[Event]:
        """``seat`` is ready; the next deal starts once all four are."""
        self.ready.append(seat)
        ready = Event("ready", {"seat": seat})
        if len(self.ready) < SEATS:
            return [self._log(ready)]
        return [ready, *self._start_deal(self.deal_no + 1)]

    def _log(self, event: Event) -> Event:
        return log_recent(self.log, event, self.RECENT_EVENTS)

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> list[SeatResult] | None:
        return level_results(self.winners, self.levels)

    def forfeit(self, loser: int) -> list[SeatResult]:
        """The loser's partnership loses the match (partners are fixed for the whole match)."""
        return forfeit_partnership(loser)

    def _result_view(self) -> dict[str, JSON] | None:
        """The view's ``result``: the winning team and the final levels, once the match is won."""
        if self.winners is None:
            return None
        return {"winners": self.winners, "levels": list(self.levels)}
