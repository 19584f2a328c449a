"""The demo's writes: keeping its matches and its tournament going (:func:`demo_top_up`) and one
paced step of play (:func:`demo_play`).  Both do nothing unless ``DEMO_CONTENT`` is on.

The top-up locks the one :class:`~demo.models.DemoContent` row first and only then looks at what
runs, so two beat ticks at once never both start the match that is missing: the second waits for
the first and then finds it running.  Matches and the tournament are made through live's and the
tournaments' own services, unrated: a demo game changes nobody's rating (ratings only read rated
matches, ``ratings.services.match_ended``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from accounts.models import User
from live import catalogue
from live.models import MatchStatus
from live.services import SeatSpec, match_start
from tournaments.errors import TournamentError
from tournaments.models import Format, Tournament, TournamentStatus
from tournaments.services import TournamentSpec, entry_register, tournament_create

from .models import DemoContent, DemoMatch
from .players import demo_moves, players_ensure

log = logging.getLogger("demo")

OVER = (TournamentStatus.FINISHED, TournamentStatus.CANCELLED)


@dataclass
class TopUp:
    """What one top-up did."""

    started: list[int] = field(default_factory=list)
    """Ids of the matches it started."""
    tournament: int | None = None
    """Id of the tournament it created, if it did."""


def _lock() -> DemoContent:
    """The demo row, locked for this transaction (made on first use: a second maker's insert
    fails on the primary key and it takes the lock on the row the first one made)."""
    try:
        with transaction.atomic():
            DemoContent.objects.get_or_create(pk=1)
    except IntegrityError:
        pass
    return DemoContent.objects.select_for_update().get(pk=1)


def _games_to_start(running: set[str], wanted: int) -> list[Any]:
    """The playable games without a running demo match, the one demoed longest ago first (never
    demoed: first of all), so that over time every game is shown."""
    if wanted <= 0:
        return []
    last = dict(
        DemoMatch.objects.values("game").annotate(last=Max("id")).values_list("game", "last")
    )
    idle = [g for g in catalogue.playable_games().values() if g.slug not in running]
    idle.sort(key=lambda g: (last.get(g.slug, 0), g.title))
    return idle[:wanted]


def _tournament_game() -> Any:
    """The game of the next demo tournament: ``DEMO_TOURNAMENT_GAME``, else the playable game
    whose declared match is shortest (``Game.typical_minutes``), so the event moves along."""
    games = catalogue.playable_games()
    if settings.DEMO_TOURNAMENT_GAME in games:
        return games[settings.DEMO_TOURNAMENT_GAME]
    return min(games.values(), key=lambda g: (g.typical_minutes or 10**6, g.slug))


def _organiser_id() -> int | None:
    """The operator account (``OPERATOR_USERNAME``, made by ``ensure_operator``) organises the
    demo tournament; without it there is no demo tournament."""
    return (
        User.objects.filter(username=settings.OPERATOR_USERNAME, is_active=True)
        .values_list("pk", flat=True)
        .first()
    )


def _tournament_create(players: list[int]) -> Tournament | None:
    organiser = _organiser_id()
    if organiser is None:
        log.warning("no demo tournament: there is no operator account to organise it")
        return None
    game = _tournament_game()
    seats = game.seat_counts[0]
    entrants = players[: 2 * seats]
    spec = TournamentSpec(
        name=f"Demo · {game.title}",
        game=game.slug,
        format=Format.SWISS,
        starts_at=timezone.now() + timedelta(seconds=settings.DEMO_TOURNAMENT_START_S),
        max_players=4 * seats,  # room for people who want to join the demo players
        rated=False,
        rounds=3,
    )
    try:
        tournament = tournament_create(organiser_id=organiser, spec=spec)
        for user_id in entrants:
            entry_register(tournament_id=tournament.pk, user_id=user_id)
    except TournamentError as exc:
        log.error("demo tournament refused", extra={"code": exc.code, "detail": exc.message})
        raise
    return tournament


@transaction.atomic
def demo_top_up() -> TopUp:
    """Start demo matches until ``DEMO_MATCHES`` run (one per game at most), and schedule a demo
    tournament when there is none scheduled or running.  Idempotent: run it as often as you like,
    from as many processes at once as you like."""
    done = TopUp()
    if not settings.DEMO_CONTENT:
        return done
    row = _lock()
    players = players_ensure()
    running = set(
        DemoMatch.objects.filter(match__status=MatchStatus.RUNNING).values_list("game", flat=True)
    )
    for game in _games_to_start(running, settings.DEMO_MATCHES - len(running)):
        seats = game.seat_counts[0]
        match = match_start(
            game_slug=game.slug,
            seats=[SeatSpec(user_id=user_id) for user_id in players[:seats]],
            rated=False,
        )
        DemoMatch.objects.create(match=match, game=game.slug)
        done.started.append(match.pk)
    if settings.DEMO_TOURNAMENT and (row.tournament is None or row.tournament.status in OVER):
        try:
            with transaction.atomic():
                tournament = _tournament_create(players)
        except TournamentError:
            tournament = None
        if tournament is not None:
            row.tournament = tournament
            row.save(update_fields=["tournament"])
            done.tournament = tournament.pk
    if done.started or done.tournament:
        log.info("demo topped up", extra={"matches": done.started, "tournament": done.tournament})
    return done


def demo_play() -> int:
    """One paced step of every running match a demo player sits in (``players.demo_moves``);
    returns how many moves it made."""
    if not settings.DEMO_CONTENT:
        return 0
    return demo_moves()
