"""Rematch: the same players and settings once more, when every person at the table accepts.

AI seats accept at once, so against the computer one click starts the next match.  The new match
seats everyone one place further round (in a duel the players swap sides; partners stay partners,
as seats two apart move together), keeps the options, the time control and whether it is rated,
and deals afresh from a new seed.  Tournament matches have no rematch (the tournament decides who
plays next).  Each change tells the other players wherever they are (``live.notifications``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import FieldError
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User
from games.core import DEALS_OPTION
from live.clock import clock_control
from live.commitments import commitment_ensure
from live.errors import LiveError
from live.models import Match, MatchStatus, Seat
from live.notifications import match_notice, notify_users
from live.services import SeatSpec, match_start

from .models import Rematch

OVER = (MatchStatus.FINISHED, MatchStatus.ABORTED)


def _in_tournament(match_id: int) -> bool:
    try:
        return Match.objects.filter(pk=match_id, tournament_pairing__isnull=False).exists()
    except FieldError:  # no tournaments app
        return False


def _people(seats: list[Seat]) -> list[int]:
    return sorted({s.user_id for s in seats if s.user_id})


def _username(user_id: int) -> str:
    return User.objects.filter(pk=user_id).values_list("username", flat=True).first() or ""


def _locked_match(match_id: int, user_id: int) -> tuple[Match, list[Seat]]:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise LiveError("no_match", _("there is no match %(id)s") % {"id": match_id})
    seats = list(match.seats.order_by("seat"))
    if user_id not in _people(seats):
        raise LiveError("not_a_player", _("you do not play in this match"))
    if match.status not in OVER:
        raise LiveError("match_running", _("the match is not over yet"))
    if _in_tournament(match.pk):
        raise LiveError("no_rematch", _("tournament matches have no rematch"))
    return match, seats


@transaction.atomic
def rematch_offer(*, user_id: int, match_id: int) -> Rematch:
    """Offer (or accept) a rematch of the finished match.  The last person to accept starts it.

    The finished match's row is locked first, so two players accepting at the same moment are
    counted one after the other and exactly one of them starts the new match.
    """
    match, seats = _locked_match(match_id, user_id)
    rematch, _created = Rematch.objects.get_or_create(match=match)
    if rematch.new_match_id:
        return rematch
    if rematch.declined_by_id:
        raise LiveError("rematch_declined", _("the rematch was declined"))
    if user_id not in rematch.accepted:
        rematch.accepted = [*rematch.accepted, user_id]
    people = _people(seats)
    others = [u for u in people if u != user_id]
    if set(people) <= set(rematch.accepted):
        rematch.new_match = _start(match, seats, user_id)
        rematch.save(update_fields=["accepted", "new_match"])
        notify_users(
            user_ids=others,
            payload=match_notice(
                rematch.new_match.pk, match.game, "rematch_started", previous_match_id=match.pk
            ),
        )
    else:
        rematch.save(update_fields=["accepted"])
        notify_users(
            user_ids=[u for u in others if u not in rematch.accepted],
            payload=match_notice(match.pk, match.game, "rematch_offered", by=_username(user_id)),
        )
    return rematch


@transaction.atomic
def rematch_decline(*, user_id: int, match_id: int) -> Rematch:
    match, seats = _locked_match(match_id, user_id)
    rematch, _created = Rematch.objects.get_or_create(match=match)
    if rematch.new_match_id:
        raise LiveError("rematch_started", _("the rematch has already started"))
    if rematch.declined_by_id is None:
        rematch.declined_by_id = user_id
        rematch.save(update_fields=["declined_by"])
        notify_users(
            user_ids=[u for u in _people(seats) if u != user_id],
            payload=match_notice(match.pk, match.game, "rematch_declined", by=_username(user_id)),
        )
    return rematch


def _start(match: Match, seats: list[Seat], user_id: int) -> Match:
    """The new match: everyone one seat further round, the same options (without fixed deals: the
    rematch deals afresh), time control and rating."""
    n = len(seats)
    moved = [seats[(i - 1) % n] for i in range(n)]
    options = {k: v for k, v in (match.options or {}).items() if k != DEALS_OPTION}
    clock = match.clock or {}
    control = clock_control(clock)
    new = match_start(
        game_slug=match.game,
        seats=[SeatSpec(user_id=s.user_id, ai_level=s.ai_level) for s in moved],
        options=options,
        rated=match.rated,
        created_by_id=user_id,
        time_control=control,
    )
    commitment_ensure(match_id=new.pk)
    return new


# --- reads ------------------------------------------------------------------------------------


def rematch_status(*, match: Match, user_id: int | None) -> dict[str, Any]:
    """What the result screen shows about a rematch of ``match`` to ``user_id``."""
    seats = list(match.seats.all())
    people = _people(seats)
    playing = user_id is not None and user_id in people
    rematch = Rematch.objects.filter(match=match).first()
    available = match.status in OVER and not _in_tournament(match.pk)
    status = {
        "available": available and playing,
        "state": "none",
        "you_accepted": False,
        "waiting_for": [],
        "accepted_by": [],
        "declined_by": None,
        "new_match_url": None,
        "offer_url": reverse("lobby:rematch_offer", args=[match.pk]),
        "decline_url": reverse("lobby:rematch_decline", args=[match.pk]),
    }
    if rematch is None:
        return status
    names = dict(User.objects.filter(pk__in=people).values_list("pk", "username"))
    status.update(
        you_accepted=user_id in rematch.accepted,
        accepted_by=[names.get(u, "") for u in rematch.accepted],
        waiting_for=[names.get(u, "") for u in people if u not in rematch.accepted],
    )
    if rematch.new_match_id:
        status.update(
            state="started", new_match_url=reverse("live:match", args=[rematch.new_match_id])
        )
    elif rematch.declined_by_id:
        status.update(state="declined", declined_by=names.get(rematch.declined_by_id, ""))
    else:
        status["state"] = "offered"
    return status
