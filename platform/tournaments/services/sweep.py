"""The periodic passes: the sweep (the safety net behind the ETA jobs) and the arenas' pairing
pass."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from live.models import Match, MatchStatus
from live.services import match_lock

from ..models import (
    Format,
    PairingStatus,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from .common import (
    current_time,
)
from .formats import rules_for
from .organising import abort_running_matches
from .results import record_match
from .rounds import tournament_advance, tournament_start


@transaction.atomic
def arena_pass(*, tournament_id: int, now: datetime | None = None) -> str:
    """The arena's pairing pass (every few seconds, ``tasks.arena_pass``): skip a tournament
    another pass holds, pair the waiting pool, finish once the time is up and the tables ended."""
    found = (
        Tournament.objects.select_for_update(skip_locked=True)
        .filter(pk=tournament_id, format=Format.ARENA, status=TournamentStatus.RUNNING)
        .first()
    )
    if found is None:
        return "busy"
    return rules_for(found).pool_pass(found, now or current_time())


def tournaments_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """The safety net behind the ETA jobs (a beat job every few seconds): start tournaments whose
    start is overdue, advance those whose next round is due or whose round is over without having
    been closed (a lost job), record results the match hook could not record, and abort the
    games of cancelled tournaments still running.  Each item in its own transaction."""
    now = now or current_time()
    done: Counter[str] = Counter()
    for tid in Tournament.objects.filter(
        status=TournamentStatus.SCHEDULED, starts_at__lte=now
    ).values_list("pk", flat=True):
        done[tournament_start(tournament_id=tid, now=now)] += 1
    for match in Match.objects.filter(
        tournament_pairing__status=PairingStatus.PLAYING,
        status__in=(MatchStatus.FINISHED, MatchStatus.ABORTED),
    ):
        with transaction.atomic():
            locked = match_lock(match_id=match.pk)
            if locked is not None and record_match(locked) is not None:
                done["recorded"] += 1
    due = Tournament.objects.filter(status=TournamentStatus.RUNNING).exclude(format=Format.ARENA)
    due = due.filter(
        Q(next_round_at__lte=now)
        | Q(round_set__status=RoundStatus.PLAYING)
        & ~Q(round_set__pairings__status=PairingStatus.PLAYING)
    ).distinct()
    for tid in due.values_list("pk", flat=True):
        done[tournament_advance(tournament_id=tid, now=now)] += 1
    for tid in (
        Tournament.objects.filter(
            status=TournamentStatus.CANCELLED, pairings__match__status=MatchStatus.RUNNING
        )
        .distinct()
        .values_list("pk", flat=True)
    ):
        done["aborted"] += abort_running_matches(tournament_id=tid, reason="tournament cancelled")
    return dict(done)


def arenas_pass(*, now: datetime | None = None) -> int:
    """Run the pairing pass of every running arena; returns how many tables it started."""
    seated = 0
    for tid in Tournament.objects.filter(
        format=Format.ARENA, status=TournamentStatus.RUNNING
    ).values_list("pk", flat=True):
        result = arena_pass(tournament_id=tid, now=now)
        if result.startswith("paired "):
            seated += int(result.split()[1])
    return seated
