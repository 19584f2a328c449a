"""The database side of provably fair deals (the check itself is ``live.fairness``, Django-free).

A match's commitment is fixed while it runs and never again: :func:`commitment_ensure` writes one
only into a running match that has none (one conditional UPDATE, so two callers cannot write two),
and the seed and salt leave the server only once the match is over (:func:`fairness_record`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .fairness import RECORD_FORMAT, commitment_of, new_salt
from .models import Match, MatchStatus

OVER = (MatchStatus.FINISHED, MatchStatus.ABORTED)


@transaction.atomic
def commitment_ensure(*, match_id: int) -> str:
    """The match's commitment, created now if the running match has none yet; "" for a match that
    ended without one (a commitment made after the deals were seen would prove nothing)."""
    row = Match.objects.filter(pk=match_id).values("seed", "seed_commitment", "status").first()
    if row is None:
        return ""
    if row["seed_commitment"] or row["status"] in OVER:
        return str(row["seed_commitment"])
    salt = new_salt()
    commitment = commitment_of(seed=row["seed"], salt=salt)
    Match.objects.filter(pk=match_id, seed_commitment="").exclude(status__in=OVER).update(
        seed_salt=salt, seed_commitment=commitment
    )
    return str(
        Match.objects.filter(pk=match_id).values_list("seed_commitment", flat=True).first() or ""
    )


def fairness_record(*, match: Match) -> dict[str, Any]:
    """What :func:`live.fairness.verify_record` checks.  The seed, the salt, the move log and the
    final state only once the match is over; before, the commitment alone."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "match": match.pk,
        "game": match.game,
        "seats": match.seat_count,
        "status": match.status,
        "commitment": match.seed_commitment,
    }
    if match.status not in OVER:
        return record
    moves = match.moves.order_by("seq").values("seq", "kind", "seat", "action", "arrived_ms")
    record.update(
        options=match.options,
        seed=match.seed,
        salt=match.seed_salt,
        moves=list(moves),
        final_state=match.state,
    )
    return record


def match_is_over(match: Match) -> bool:
    return match.status in OVER
