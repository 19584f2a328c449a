"""Reads about people for the profile page and the public API: the user list, recent matches
and API tokens."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _

from games.registry import all_games
from live import embargo
from live.models import Match, MatchStatus, Seat
from ratings.models import RatingChange

from .models import ApiToken, User


def users_public(*, search: str = "", is_bot: bool | None = None) -> QuerySet[User]:
    """Active accounts, by name (a banned account disappears from the lists)."""
    rows = User.objects.filter(is_active=True).order_by("username")
    if search:
        rows = rows.filter(username__icontains=search)
    if is_bot is not None:
        rows = rows.filter(is_bot=is_bot)
    return rows


def _result_text(match: Match, mine: list[int]) -> str:
    """How the match went for the seats ``mine``, in words (the profile page's Result column)."""
    if match.status == MatchStatus.RUNNING:
        return _("in progress")
    if match.status == MatchStatus.ABORTED or not match.result:
        return _("aborted")
    placings = {r["seat"]: r["placing"] for r in match.result}
    best = min(placings[s] for s in mine if s in placings)
    if all(p == best for p in placings.values()):
        return _("draw")
    if best == 1:
        return _("shared first") if list(placings.values()).count(1) > 1 else _("won")
    return _("lost")


def recent_matches(*, user: User, limit: int = 10) -> list[dict[str, Any]]:
    """The user's latest matches, newest first: the one read behind the profile page (date,
    opponents, result in words, rating change, links) and the users API (seats, placing, end
    reason and time).

    A match whose deal other tables still play (``live.embargo``; asked as an anonymous reader,
    since a profile is public) tells nothing of how it went: no placing, result, rating change,
    end reason or end time — what a table still playing would show, as the match API does."""
    games = all_games()
    matches = list(
        Match.objects.filter(seats__user=user)
        .distinct()
        .order_by("-id")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))[:limit]
    )
    changes = {
        c.match_id: c
        for c in RatingChange.objects.filter(match__in=matches, rating__user=user).only(
            "match_id", "before", "after"
        )
    }
    hidden = embargo.embargoed_ids(match_ids=[m.pk for m in matches], user=None)
    out = []
    for match in matches:
        seats = list(match.seats.all())
        mine = sorted(s.seat for s in seats if s.user_id == user.pk)
        embargoed = match.pk in hidden
        change = None if embargoed else changes.get(match.pk)
        placing = None
        if match.result and not embargoed:
            placing = min((r["placing"] for r in match.result if r["seat"] in mine), default=None)
        out.append(
            {
                "id": match.pk,
                "game": match.game,
                "game_title": games[match.game].title if match.game in games else match.game,
                "status": match.status,
                "rated": match.rated,
                "seats": mine,
                "placing": placing,
                "end_reason": None if embargoed else match.end_reason or None,
                "ended_at": None if embargoed else match.ended_at,
                "date": (None if embargoed else match.ended_at) or match.created_at,
                "opponents": [
                    {
                        "name": s.display_name,
                        "url": reverse("accounts:profile", args=[s.user.username])
                        if s.user_id
                        else None,
                    }
                    for s in seats
                    if s.user_id != user.pk
                ],
                "result_text": embargo.message() if embargoed else _result_text(match, mine),
                "rating_delta": round(change.after - change.before) if change else None,
                "url": reverse("live:match", args=[match.pk]),
                "replay_url": reverse("live:replay", args=[match.pk])
                if match.status in (MatchStatus.FINISHED, MatchStatus.ABORTED)
                else None,
            }
        )
    return out


def tokens_of(*, user: User) -> QuerySet[ApiToken]:
    return ApiToken.objects.filter(user=user).order_by("-id")
