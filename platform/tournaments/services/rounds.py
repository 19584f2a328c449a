"""Starting a tournament and moving it from round to round.

Lock order, kept everywhere: tournament → match → pairing.  The match hook (``results``) only
locks a match's pairing and, on commit, asks for :func:`tournament_advance`, which takes the
tournament lock and pairs the next round when every table of the current one is decided — once,
however many games end at the same instant: the second caller finds the round closed (and the
unique (tournament, number) constraint on ``Round`` is the second guard).  What differs between
formats is asked of the format (``tournaments.formats``).
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from django.db import transaction

from ..errors import TournamentError
from ..models import (
    Bye,
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from .closing import finish, round_close
from .common import (
    audit,
    current_round_of,
    current_time,
    enqueue_on_commit,
    entries_by_id,
    lock_tournament,
    log,
    rating_of,
)
from .formats import rules_for
from .tables import Table, start_replays, tables_start


@transaction.atomic
def tournament_start(*, tournament_id: int, now: datetime | None = None) -> str:
    """Start a scheduled tournament whose start time has come: pair and start round 1 (or open
    the arena).  Idempotent: the ETA job, the sweep and an organiser's "start now" may all call
    it; only the first does anything.  Returns what it did."""
    now = now or current_time()
    tournament = lock_tournament(tournament_id)
    if tournament.status != TournamentStatus.SCHEDULED:
        return "not_scheduled"
    if now < tournament.starts_at:
        return "early"
    entries = list(Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE))
    rules = rules_for(tournament)
    if len(entries) < rules.min_players(tournament):
        tournament.status = TournamentStatus.CANCELLED
        tournament.status_reason = "not enough players"
        tournament.ended_at = now
        tournament.save(update_fields=["status", "status_reason", "ended_at"])
        audit(tournament, "cancelled", actor_id=None, reason="not enough players")
        return "cancelled"
    for entry in entries:  # pairing numbers and seeds follow the ratings at the start
        entry.rating = rating_of(
            game_slug=tournament.game, user_id=entry.user_id, ai_level=entry.ai_level
        )
        entry.save(update_fields=["rating", "partner"])
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = now
    rules.prepare(tournament, entries, now)
    tournament.save()
    audit(tournament, "started", actor_id=None, players=len(entries))
    if rules.paired_in_rounds:
        round_open(tournament, 1, now)
    else:
        rules.open_pool(tournament, now)
    return "started"


def tournament_advance(*, tournament_id: int, now: datetime | None = None) -> str:
    """Move the tournament on: replay aborted games, start knockout follow-up games, and when
    every table of the round is decided close it and (after the round break) pair the next round
    or finish.  Safe to call any number of times from anywhere (the tasks, the sweep, after every
    game); the tournament lock makes the round change happen exactly once.  Returns what it did."""
    with transaction.atomic():
        now = now or current_time()
        tournament = lock_tournament(tournament_id)
        if tournament.status != TournamentStatus.RUNNING:
            return "not_running"
        rules = rules_for(tournament)
        if not rules.paired_in_rounds:
            return rules.pool_pass(tournament, now)
        return _advance_locked(tournament, now)


def _advance_locked(tournament: Tournament, now: datetime) -> str:
    rnd = current_round_of(tournament)
    if rnd is None:
        return "no_round"
    if rnd.status == RoundStatus.PLAYING:
        start_replays(tournament, rnd)
        rules_for(tournament).continue_round(tournament, rnd)
        if Pairing.objects.filter(
            round=rnd, status__in=(PairingStatus.PLAYING, PairingStatus.REPLAY)
        ).exists():
            return "playing"
        round_close(tournament, rnd, now)
        if tournament_over(tournament, rnd):
            finish(tournament, now)
            return "finished"
        if tournament.round_break_s:
            tournament.next_round_at = now + timedelta(seconds=tournament.round_break_s)
            tournament.save(update_fields=["next_round_at"])
            enqueue_on_commit("advance", tournament.pk, eta=tournament.next_round_at)
            return "round_closed"
    if tournament.next_round_at is not None and now < tournament.next_round_at:
        return "break"
    round_open(tournament, tournament.current_round + 1, now)
    return "paired"


def tournament_over(tournament: Tournament, rnd: Round | None) -> bool:
    """Whether closing ``rnd`` ends the tournament (the format decides)."""
    if rnd is None:
        return False
    return rules_for(tournament).finished(tournament, rnd)


def round_open(tournament: Tournament, number: int, now: datetime) -> Round:
    """Pair round ``number`` and start every table's match, all in the caller's transaction:
    the matches, pairings and byes go in as a few bulk inserts, and the players hear of their
    games only once it commits (docs/tournaments.md, "Round turnover")."""
    if Round.objects.filter(tournament=tournament, number=number).exists():
        raise TournamentError("already_paired", f"round {number} is already paired")
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE)
        if e.joined_round <= number
    }
    rules = rules_for(tournament)
    plan = rules.plan_round(tournament, number, entries)
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        deal_seed=_deal_seed(tournament, number),
        plan=plan.plan,
    )
    all_entries = entries_by_id(tournament)
    rules.round_opened(tournament, rnd)
    tables = []
    for board, players in enumerate(plan.tables, start=1):
        ko = plan.ko_matches[board - 1] if plan.ko_matches is not None else None
        tables.append(Table(board, players, ko_match=ko, ko_game=None if ko is None else 0))
    tables_start(tournament, rnd, tables, all_entries)
    Bye.objects.bulk_create(
        Bye(tournament=tournament, round=rnd, entry_id=entry_id, kind=kind, points=points)
        for entry_id, kind, points in plan.byes
    )
    tournament.current_round = number
    tournament.next_round_at = None
    tournament.save(update_fields=["current_round", "next_round_at"])
    if not Pairing.objects.filter(round=rnd, status=PairingStatus.PLAYING).exists():
        enqueue_on_commit("advance", tournament.pk)  # nothing will end: every table was a forfeit
    log.info(
        "tournament round paired",
        extra={"tournament": tournament.pk, "round": number, "tables": len(plan.tables)},
    )
    return rnd


def _deal_seed(tournament: Tournament, number: int) -> int:
    digest = hashlib.sha256(f"{tournament.seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2
