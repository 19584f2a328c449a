"""Fixtures for the tournaments app: organisers, players, tournaments and a way to end games.

AI move jobs are collected instead of run (Celery is eager in-process, and an AI table would
otherwise play itself out recursively inside the commit of its first move); tests that want AI
tables to play drive them with :func:`play_out`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.utils import timezone

from live import services as live_services
from live import tasks as live_tasks
from live.models import Match, MatchStatus
from tournaments import selectors, services
from tournaments.models import Entry, Pairing, PairingStatus, Tournament


@pytest.fixture(scope="session", autouse=True)
def _german_catalogue() -> None:
    """Compile the app's German catalogue (``make messages`` compiles frontend/locale only)."""
    import os
    from pathlib import Path

    from django.apps import apps
    from django.core.management import call_command

    app = Path(apps.get_app_config("tournaments").path)
    po = app / "locale" / "de" / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        return
    here = os.getcwd()
    os.chdir(app)
    try:
        call_command("compilemessages", locale=["de"], verbosity=0)
    finally:
        os.chdir(here)
    from django.utils import translation

    translation.trans_real._translations = {}  # forget catalogues loaded before the compile


@pytest.fixture(autouse=True)
def ai_jobs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    sent: list[tuple[int, int, int]] = []

    def collect(*, args: list[int], queue: str) -> None:
        sent.append((args[0], args[1], args[2]))

    monkeypatch.setattr(live_tasks.ai_move, "apply_async", collect)
    return sent


@pytest.fixture
def organiser(make_user):  # type: ignore[no-untyped-def]
    user = make_user("organiser")
    user.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
    return type(user).objects.get(pk=user.pk)  # drop the permission cache


def spec(**overrides: Any) -> services.TournamentSpec:
    values: dict[str, Any] = {
        "name": "Test cup",
        "game": "spectacular_bid",
        "format": "swiss",
        "rounds": 3,
        "starts_at": timezone.now() + timedelta(hours=1),
        "max_players": 16,
        "round_break_s": 0,
        "bank_ms": 60_000,
        "delay_ms": 5_000,
    }
    values.update(overrides)
    return services.TournamentSpec(**values)


@pytest.fixture
def make_tournament(organiser):  # type: ignore[no-untyped-def]
    def make(**overrides: Any) -> Tournament:
        return services.tournament_create(organiser_id=organiser.pk, spec=spec(**overrides))

    return make


@pytest.fixture
def duplicate_swiss(make_tournament, organiser):  # type: ignore[no-untyped-def]
    """A started Swiss of Bridge with duplicate deals (every table of a round plays the same deal,
    seat for seat): ``people`` registered in order, then ``robots`` random AI players.  The shape
    the deal embargo was found in (docs/tournaments.md, "Deal embargo")."""

    def make(people: list[Any], robots: int = 0, **overrides: Any) -> Tournament:
        values: dict[str, Any] = {
            "game": "bridge",
            "format": "swiss",
            "rounds": 2,
            "duplicate_deals": True,
            "max_players": 8,
        }
        values.update(overrides)
        t = make_tournament(**values)
        for person in people:
            services.entry_register(tournament_id=t.pk, user_id=person.pk)
        if robots:
            services.entry_add_ai(
                tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=robots
            )
        start(t)
        return t

    return make


def register(tournament: Tournament, users: list[Any]) -> list[Entry]:
    return [services.entry_register(tournament_id=tournament.pk, user_id=u.pk) for u in users]


def start(tournament: Tournament) -> str:
    return services.tournament_start(
        tournament_id=tournament.pk, now=tournament.starts_at + timedelta(seconds=1)
    )


def running(tournament: Tournament) -> list[Pairing]:
    return list(
        Pairing.objects.filter(tournament=tournament, status=PairingStatus.PLAYING).order_by(
            "round__number", "board"
        )
    )


def duplicate_round_first_table_over(
    make_user: Any, make_tournament: Any, prefix: str
) -> tuple[Pairing, Pairing]:
    """A one-round duplicate event of four people on two tables; the first table's seat 1 has
    resigned, the second table still plays the same deal (its result is embargoed)."""
    people = [make_user(f"{prefix}{i}") for i in range(4)]
    t = make_tournament(rounds=1, duplicate_deals=True, max_players=4)
    for u in people:
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
    start(t)
    first, second = running(t)
    live_services.match_resign(
        match_id=first.match_id,
        command_id=f"resign-{prefix}",
        user_id=first.match.seats.get(seat=1).user_id,
    )
    return first, second


def lose(pairing: Pairing, loser_entry: int) -> None:
    """End the table's match by the loser's resignation (people only)."""
    entry = Entry.objects.get(pk=loser_entry)
    assert entry.user_id, "only people resign; use play_out for AI tables"
    live_services.match_resign(
        match_id=pairing.match_id, command_id=f"resign-{pairing.pk}", user_id=entry.user_id
    )


def finish_round(tournament: Tournament, winner: Any = None) -> None:
    """End every running table: the first-seated player wins unless ``winner(players)`` says."""
    for pairing in running(tournament):
        best = winner(pairing.players) if winner else pairing.players[0]
        for e in pairing.players:
            if e != best:
                lose(pairing, e)
                break


def play_out(match_id: int, ai_jobs: list[tuple[int, int, int]], limit: int = 5000) -> Match:
    """Run collected AI jobs of ``match_id`` until it is over (an all-AI table)."""
    for _ in range(limit):
        match = Match.objects.get(pk=match_id)
        if match.status != MatchStatus.RUNNING:
            return match
        jobs = [j for j in ai_jobs if j[0] == match_id and j[1] == match.seq]
        ai_jobs[:] = [j for j in ai_jobs if j[0] != match_id]
        if not jobs:
            raise AssertionError(f"match {match_id} waits for a person")
        for job in jobs:
            live_tasks.ai_move.run(*job)
    raise AssertionError("the match did not end")


def state_of(tournament: Tournament) -> tuple[Any, ...]:
    """Everything a refused request must leave unchanged: standings, pairings, byes, entries."""
    tournament.refresh_from_db()
    return (
        tournament.status,
        tournament.current_round,
        [r.as_dict() for r in selectors.standings_of(tournament)],
        list(
            Pairing.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("players", "status", "placings", "absent", "match_id")
        ),
        list(tournament.byes.order_by("pk").values_list("entry_id", "kind", "points")),
        list(tournament.entries.order_by("pk").values_list("pk", "status", "joined_round")),
    )
