"""Reads of challenges: a person's open ones (received and sent), one challenge's page, and the
games the form offers.  An open challenge past its ``expires_at`` reads as expired everywhere."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from live import catalogue
from lobby import time_controls
from lobby.selectors import ai_level_ratings, game_choices

from .models import Challenge, ChallengeStatus
from .services import seats_for

STATUS_NAMES = {
    ChallengeStatus.OPEN: lambda: _("waiting for an answer"),
    ChallengeStatus.ACCEPTED: lambda: _("accepted"),
    ChallengeStatus.DECLINED: lambda: _("declined"),
    ChallengeStatus.CANCELLED: lambda: _("cancelled"),
    ChallengeStatus.EXPIRED: lambda: _("expired"),
}


def effective_status(challenge: Challenge) -> str:
    if challenge.status == ChallengeStatus.OPEN and challenge.expires_at <= timezone.now():
        return ChallengeStatus.EXPIRED
    return challenge.status


def _row(challenge: Challenge) -> dict[str, Any]:
    status = effective_status(challenge)
    return {
        "id": challenge.pk,
        "challenger": challenge.challenger.username,
        "challenged": challenge.challenged.username,
        "game": challenge.game,
        "game_title": catalogue.game_title(challenge.game),
        "rated": challenge.rated,
        "time_control": str(time_controls.NAMES.get(challenge.time_control, "")),
        "ai_seats": challenge.seat_count - 2,
        "status": status,
        "status_text": STATUS_NAMES[ChallengeStatus(status)](),
        "expires_at": challenge.expires_at,
        "match_id": challenge.match_id,
        "url": reverse("challenges:detail", args=[challenge.pk]),
        "accept_url": reverse("challenges:accept", args=[challenge.pk]),
        "decline_url": reverse("challenges:decline", args=[challenge.pk]),
        "cancel_url": reverse("challenges:cancel", args=[challenge.pk]),
    }


def open_challenges(*, user_id: int) -> dict[str, list[dict[str, Any]]]:
    """The user's open, unexpired challenges: ``received`` (to answer) and ``sent``."""
    rows = (
        Challenge.objects.filter(
            Q(challenged_id=user_id) | Q(challenger_id=user_id),
            status=ChallengeStatus.OPEN,
            expires_at__gt=timezone.now(),
        )
        .select_related("challenger", "challenged")
        .order_by("-id")[:50]
    )
    out: dict[str, list[dict[str, Any]]] = {"received": [], "sent": []}
    for challenge in rows:
        side = "received" if challenge.challenged_id == user_id else "sent"
        out[side].append(_row(challenge))
    return out


def challenge_page(*, challenge_id: int, user_id: int) -> dict[str, Any] | None:
    """One challenge as its page shows it to one of its two players (None to anybody else: who
    challenged whom is theirs)."""
    challenge = (
        Challenge.objects.filter(
            Q(challenged_id=user_id) | Q(challenger_id=user_id), pk=challenge_id
        )
        .select_related("challenger", "challenged")
        .first()
    )
    if challenge is None:
        return None
    row = _row(challenge)
    row["you_challenged"] = challenge.challenger_id == user_id
    row["match_url"] = (
        reverse("live:match", args=[challenge.match_id]) if challenge.match_id else None
    )
    return row


def form_games() -> list[dict[str, Any]]:
    """The lobby's games with the table a challenge sets for each and whether that has AI seats
    (whose level the form asks for)."""
    games = game_choices(level_ratings=ai_level_ratings())
    for game in games:
        game["challenge_seats"] = seats_for(game["seat_counts"])
        game["ai_seats"] = game["challenge_seats"] - 2
    return games
