"""Celery jobs of tournaments, all on the ``clock`` queue (small and time-critical, like the
matchmaker's pass: AI load must never delay a round's start).

* ``start`` — an ETA job at the start time (the fast path); ``advance`` — after every game of a
  tournament ends (on commit of the match hook), and as an ETA job at the end of a round break.
* ``sweep`` — a beat job every few seconds, the safety net: starts overdue tournaments, advances
  overdue rounds, records results the hook missed (``services.tournaments_sweep``).  It also queues
  the ETA start of tournaments about to begin: an ETA job further ahead than Redis's visibility
  timeout would be delivered again and again (STACK.md), so far-off starts get theirs from here.
* ``arena_pass`` — a beat job every two seconds: the pairing pass of every running arena.

Services queue ``start`` and ``advance`` through ``jobs.enqueue`` (this module registers them
there), so they never import this module.  Every job is idempotent (each service re-reads the
locked tournament and does only what is due), so a duplicate, late or early job is harmless.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from . import jobs, services
from .models import Tournament, TournamentStatus

log = logging.getLogger(__name__)


@shared_task(name="tournaments.tasks.start", ignore_result=True)
def start(tournament_id: int) -> str:
    return services.tournament_start(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.advance", ignore_result=True)
def advance(tournament_id: int) -> str:
    return services.tournament_advance(tournament_id=tournament_id)


@shared_task(name="tournaments.tasks.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    now = timezone.now()
    soon = Tournament.objects.filter(
        status=TournamentStatus.SCHEDULED, starts_at__gt=now, starts_at__lte=now + SWEEP_AHEAD
    ).values_list("pk", "starts_at")
    for tournament_id, starts_at in soon:
        jobs.enqueue("start", tournament_id, eta=starts_at)
    done = services.tournaments_sweep(now=now)
    if done:
        log.info("tournament sweep", extra={"done": done})
    return done


SWEEP_AHEAD = timedelta(seconds=15)
"""The sweep queues the ETA start of tournaments starting within this (its period is 5 s)."""


@shared_task(name="tournaments.tasks.arena_pass", ignore_result=True)
def arena_pass() -> int:
    return services.arenas_pass()


jobs.register("start", start)
jobs.register("advance", advance)
