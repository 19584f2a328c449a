"""Telling a player, wherever they are on the site, that something wants them: their table filled,
a queue match was made, a rematch was offered or started, it is their turn in a match they are not
looking at.  docs/protocol.md "Notifications" documents the socket and its messages.

Every open page of a logged-in user holds one ``/ws/notify/`` socket (``live.notify_socket``); it
is a member of the user's notification group (what :func:`notify_users` sends to), of the queue's
group for that user (the queue's ``matched`` message) and of the user's seat groups in their running
matches (a ``state`` frame whose ``legal`` is not empty means "your turn").  The browser shows a
banner with a link, marks the page title and plays a sound if the player asked for one
(``frontend/static/js/notify.js``).

Sends happen after the transaction commits, like every event of the platform (through the
publisher's outbox, ``publish.events_after_commit``): a player is told about a match only once it
really exists.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse

from games.registry import all_games

from . import catalogue, publish
from .models import MatchStatus, Seat

RUNNING_MATCHES_WATCHED = 20
"""How many of a user's running matches one notification socket follows for "your turn"."""


def notification_group(user_id: int) -> str:
    return f"notify-user-{user_id}"


def game_title(slug: str, lang: str | None = None) -> str:
    """The game's name in ``lang`` (:func:`live.catalogue.game_title`)."""
    return catalogue.game_title(slug, lang)


def match_notice(
    match_id: int, game: str, kind: str, *, lang: str | None = None, **extra: Any
) -> dict[str, Any]:
    """One notification about a match: what happened (``kind``) and where to go.  The game is
    named in ``lang`` (default: the active language); the socket names it again in each reader's
    language, since a notice sent from a service is read on pages in several languages."""
    return {
        "type": "notify",
        "kind": kind,
        "match_id": match_id,
        "game": game,
        "game_title": game_title(game, lang),
        "url": reverse("live:match", args=[match_id]),
        **extra,
    }


def notify_users(*, user_ids: Iterable[int], payload: dict[str, Any]) -> None:
    """Send ``payload`` to every open page of each user once the current transaction commits
    (at once outside one).  A user with no page open is simply not told."""
    targets = sorted(set(user_ids))
    if not targets:
        return

    publish.events_after_commit(
        (notification_group(user_id), {"type": "notify.event", "payload": payload})
        for user_id in targets
    )


def notify_each(notices: Iterable[tuple[int, dict[str, Any]]]) -> None:
    """Send each ``(user_id, payload)`` to every open page of that user once the current
    transaction commits: many people told different things at once (a tournament round's
    tables) go out as one batch of the outbox, not one after-commit send each."""
    publish.events_after_commit(
        (notification_group(user_id), {"type": "notify.event", "payload": payload})
        for user_id, payload in notices
    )


# --- reads for the socket -------------------------------------------------------------------------


def running_seats(*, user_id: int) -> list[dict[str, Any]]:
    """The user's seats in their running matches (newest first), each with whether it must act
    now: what a notification socket follows, and what it tells a page that just opened."""
    rows = (
        Seat.objects.filter(user_id=user_id, match__status=MatchStatus.RUNNING)
        .select_related("match")
        .order_by("-match_id", "seat")[: RUNNING_MATCHES_WATCHED * 2]
    )
    out = []
    states: dict[int, Any] = {}
    for seat in rows:
        match = seat.match
        game = all_games().get(match.game)
        if game is None:
            continue
        if match.pk not in states:
            if len(states) >= RUNNING_MATCHES_WATCHED:
                break
            states[match.pk] = game.state_from_json(match.state)
        pending = {d.seat for d in states[match.pk].pending()}
        out.append(
            {
                "match_id": match.pk,
                "seat": seat.seat,
                "game": match.game,
                "to_act": seat.seat in pending,
            }
        )
    return out


def seats_in_match(*, match_id: int, user_id: int) -> list[dict[str, Any]]:
    """The user's seats in one match (a notification names the match; the socket then follows
    it for "your turn").  One query: a round's start sends every seated player a notice at once,
    and each open page asks this on its web process's database threads."""
    seats = Seat.objects.filter(
        match_id=match_id, user_id=user_id, match__status=MatchStatus.RUNNING
    ).values_list("seat", "match__game")
    return [{"match_id": match_id, "seat": s, "game": g, "to_act": False} for s, g in seats]
