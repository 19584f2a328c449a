"""Four seats in two fixed partnerships (Guandan, Tractor, Bridge): seats 0 and 2 play against
seats 1 and 3, team = ``seat % 2``, for the whole match."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core import JSON, Event, GameError, SeatResult, forfeit_by_teams

SEATS: Final = 4
TEAMS: Final = (0, 1, 0, 1)


def team(seat: int) -> int:
    return seat % 2


def require_four_players(game: str, seats: int) -> None:
    """:class:`GameError` unless ``seats`` is four (``game`` names the game in the message)."""
    if seats != SEATS:
        raise GameError(f"{game} is played by {SEATS} players, not {seats}")


def forfeit_partnership(loser: int) -> list[SeatResult]:
    """The loser's partnership loses the match (partners are fixed for the whole match)."""
    return forfeit_by_teams(TEAMS, loser)


def level_results(winners: int | None, levels: Sequence[int]) -> list[SeatResult] | None:
    """The result of a match played up the levels: the ``winners`` team first, each seat scored
    with its team's level (None while nobody has won)."""
    if winners is None:
        return None
    return [
        SeatResult(
            seat=s,
            placing=1 if team(s) == winners else 2,
            team=team(s),
            score=levels[team(s)],
        )
        for s in range(SEATS)
    ]


def log_recent(log: list[dict[str, JSON]], event: Event, keep: int) -> Event:
    """Append ``event`` to ``log``, which keeps only the last ``keep`` events; returns it."""
    log.append({"kind": event.kind, **event.data})
    del log[:-keep]
    return event
