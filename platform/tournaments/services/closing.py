"""Closing a round and finishing a tournament: scoring duplicate deals, lifting the deal embargo
(and releasing the rating changes that waited for it), withdrawing repeated no-shows."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

from ratings.services import ratings_release

from ..models import (
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from .common import NO_SHOW_LIMIT, audit
from .duplicate import score_duplicate


def finish(tournament: Tournament, now: datetime) -> None:
    tournament.status = TournamentStatus.FINISHED
    tournament.ended_at = now
    tournament.next_round_at = None
    tournament.save(update_fields=["status", "ended_at", "next_round_at"])
    audit(tournament, "finished", actor_id=None)
    embargo_lifted()


def round_close(tournament: Tournament, rnd: Round, now: datetime) -> None:
    if tournament.duplicate_deals:
        score_duplicate(rnd)
    rnd.status = RoundStatus.DONE
    rnd.ended_at = now
    rnd.save(update_fields=["status", "ended_at"])
    embargo_lifted()
    withdraw_no_shows(tournament)


def embargo_lifted() -> None:
    """A round closed or the event ended: deals it kept secret may be done everywhere now, and
    the rating changes that waited for them (``ratings_release``) are applied in this same
    transaction, under the tournament lock — before anyone can read the lifted results, and
    not before."""
    ratings_release()


def withdraw_no_shows(tournament: Tournament) -> None:
    counts: Counter[int] = Counter()
    for no_shows in (
        Pairing.objects.filter(tournament=tournament, status=PairingStatus.DONE)
        .exclude(no_shows=[])
        .values_list("no_shows", flat=True)
    ):
        counts.update(no_shows)
    over = [e for e, n in counts.items() if n >= NO_SHOW_LIMIT]
    for entry in Entry.objects.filter(pk__in=over, status=EntryStatus.ACTIVE):
        entry.status = EntryStatus.WITHDRAWN
        entry.status_reason = f"did not show up {counts[entry.pk]} times"
        entry.save(update_fields=["status", "status_reason"])
        audit(tournament, "withdrawn_no_show", actor_id=None, entry=entry.pk)
