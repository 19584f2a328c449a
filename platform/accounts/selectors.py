"""Reads about people for the profile page and the public API: the user list, recent matches
(partners apart from opponents), tournament history and API tokens."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from live import embargo
from live.models import Match, MatchStatus, Seat
from ratings.models import RatingChange
from tournaments.models import Entry, Format, TournamentStatus, played_by
from tournaments.selectors import game_title, points_text, standings_of

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


def _person(seat: Seat) -> dict[str, Any]:
    return {
        "name": seat.display_name,
        "url": reverse("accounts:profile", args=[seat.user.username]) if seat.user_id else None,
    }


def _table_sides(
    match: Match, seats: list[Seat], user: User, *, teams_shown: bool
) -> dict[str, Any]:
    """The others at the table as partners and opponents.

    The teams are the game's own, as its result declares them (``SeatResult.team``, stored in
    ``Match.result``): Bridge's partner across, Dou Dizhu's two peasants, every seat alone in a
    free-for-all.  No game is named here.  Before there is a result (running, aborted), or while
    the result is embargoed, the teams are unknown — some games decide them during play — and the
    others are listed together (``teams_known`` False), never guessed."""
    others = [s for s in seats if s.user_id != user.pk]
    mine = [s.seat for s in seats if s.user_id is not None and s.user_id == user.pk]
    teams = {r["seat"]: r.get("team") for r in match.result or []} if teams_shown else {}
    my_teams = {teams.get(s) for s in mine}
    if not teams or None in my_teams or any(teams.get(s.seat) is None for s in others):
        return {"teams_known": False, "partners": [], "opponents": [_person(s) for s in others]}
    return {
        "teams_known": True,
        "partners": [_person(s) for s in others if teams[s.seat] in my_teams],
        "opponents": [_person(s) for s in others if teams[s.seat] not in my_teams],
    }


def recent_matches(*, user: User, limit: int = 10) -> list[dict[str, Any]]:
    """The user's latest matches, newest first: the one read behind the profile page (date,
    partners and opponents, result in words, rating change, links) and the users API (seats,
    placing, end reason and time).

    A match whose deal other tables still play (``live.embargo``; asked as an anonymous reader,
    since a profile is public) tells nothing of how it went: no placing, result, rating change,
    end reason or end time — what a table still playing would show, as the match API does."""
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
                "game_title": game_title(match.game),
                "status": match.status,
                "rated": match.rated,
                "seats": mine,
                "placing": placing,
                "end_reason": None if embargoed else match.end_reason or None,
                "ended_at": None if embargoed else match.ended_at,
                "date": (None if embargoed else match.ended_at) or match.created_at,
                **_table_sides(match, seats, user, teams_shown=not embargoed),
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


# --- tournament history ---------------------------------------------------------------------------
# The query of entries is here, not in tournaments.selectors (another app's file): it reads
# tournaments' models and public selectors only, and writes nothing.

_HISTORY_STATUSES = (
    TournamentStatus.RUNNING,
    TournamentStatus.PAUSED,
    TournamentStatus.FINISHED,
    TournamentStatus.CANCELLED,
)


def _partner_name(entry: Entry, user: User) -> str | None:
    """Pairs: the other half of the user's pair (a person, or the robot partner's level)."""
    if entry.partner_id and entry.partner_accepted:
        if entry.partner_id == user.pk and entry.user_id:
            return entry.user.username  # the user is the partner: the other half named them
        return entry.partner.username
    if entry.partner_ai_name:
        return _("%(name)s, computer partner (%(level)s)") % {
            "name": entry.partner_ai_name,
            "level": entry.partner_ai_level,
        }
    if entry.partner_ai_level:  # entered before robot partners had names
        return _("computer partner (%(level)s)") % {"level": entry.partner_ai_level}
    return None


def tournament_history(*, user: User, limit: int = 10) -> list[dict[str, Any]]:
    """The tournaments the user played in (as the entrant or as an accepted pairs partner),
    newest first: name, game, date, the final place among how many and the score once the
    tournament has finished; "in progress" while it runs (a place then is provisional, and in
    a pairs session or a duplicate round it would tell of deals still being played), and
    "cancelled" for one called off.  Tournaments not yet started are left out: entered is not
    played.  Places come from the tournament's own standings (``tournaments.selectors``), so the
    profile and the tournament page never disagree."""
    entries = list(
        Entry.objects.filter(played_by(user.pk), tournament__status__in=_HISTORY_STATUSES)
        .select_related("tournament", "user", "partner")
        .order_by("-tournament__starts_at", "-tournament_id")[:limit]
    )
    out = []
    for entry in entries:
        t = entry.tournament
        row = None
        field = None
        if t.status == TournamentStatus.FINISHED:
            rows = standings_of(t)
            field = len(rows)
            row = next((r for r in rows if r.entry_id == entry.pk), None)
        score = None
        if row is not None:
            score = points_text(row.score) + ("%" if t.format == Format.PAIRS else "")
        if t.status == TournamentStatus.FINISHED:
            state = pgettext("tournament history", "finished")
        elif t.status == TournamentStatus.CANCELLED:
            state = pgettext("tournament history", "cancelled")
        else:
            state = pgettext("tournament history", "in progress")
        out.append(
            {
                "id": t.pk,
                "name": t.name,
                "game_title": game_title(t.game),
                "date": t.ended_at or t.started_at or t.starts_at,
                "status": t.status,
                "state_text": state,
                "place": row.rank if row else None,
                "field": field,
                "score": score,
                "partner": _partner_name(entry, user),
                "url": reverse("tournaments:detail", args=[t.pk]),
            }
        )
    return out
