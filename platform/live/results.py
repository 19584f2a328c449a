"""Reads for a finished match's result screen: who forfeited (and how), the rating changes, and
the seats' results grouped the way people read them (shared places shown as shared).  Rating
changes come from the ratings app's reader (:mod:`live.providers`)."""

from __future__ import annotations

from typing import Any

from . import providers
from .models import Match, MatchStatus, MoveKind

FORFEIT_KINDS = (MoveKind.RESIGN, MoveKind.TIME_LOSS, MoveKind.STALL)


def forfeit_of(match: Match) -> dict[str, Any] | None:
    """The seat whose resignation, time loss or stall ended the match (None: played out, a draw
    on time, or aborted)."""
    if match.status != MatchStatus.FINISHED or match.end_reason == "normal":
        return None
    move = (
        match.moves.filter(kind__in=FORFEIT_KINDS, seat__isnull=False)
        .order_by("-seq")
        .values("seat", "kind", "detail")
        .first()
    )
    if move is None or (move["kind"] == MoveKind.STALL and move["detail"] != "forfeit"):
        return None
    return {"seat": move["seat"], "kind": move["kind"]}


def rating_changes(match: Match) -> list[dict[str, Any]]:
    """Each rated seat's rating before and after the match (rounded as shown everywhere)."""
    return providers.ratings().match_changes(match)


def match_summary(match: Match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "status": match.status,
        "end_reason": match.end_reason or None,
        "forfeit": forfeit_of(match),
        "rating_changes": rating_changes(match),
    }
