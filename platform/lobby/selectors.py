"""Reads for the lobby page and the lobby API."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Q
from django.urls import reverse

from games.core import Game
from games.registry import get_game
from live import catalogue
from live.selectors import live_matches

from .models import Table, TableStatus


def playable_games() -> list[Game]:
    """Games that can be played on the site: every part of :func:`live.catalogue.missing_parts`.

    The featured game (``LOBBY_FEATURED_GAME``) comes first, the rest by title.
    """
    games = list(catalogue.playable_games().values())
    featured = settings.LOBBY_FEATURED_GAME
    return sorted(games, key=lambda g: (g.slug != featured, g.title))


def game_choices() -> list[dict[str, Any]]:
    return [
        {
            "slug": g.slug,
            "title": g.title,
            "seat_counts": list(g.seat_counts),
            "bot_levels": list(g.bots),
        }
        for g in playable_games()
    ]


def lobby_tables(*, user_id: int | None) -> dict[str, Any]:
    """Open tables (and the viewer's own recently started ones) plus live matches to watch."""
    tables = (
        Table.objects.filter(
            Q(status=TableStatus.OPEN)
            | Q(status=TableStatus.STARTED, seats__user_id=user_id, match__status="running")
        )
        .distinct()
        .prefetch_related("seats__user")
        .order_by("-id")[:50]
    )
    open_tables = []
    for t in tables:
        seat_rows = {s.seat: s for s in t.seats.all()}
        mine = any(s.user_id == user_id for s in seat_rows.values()) if user_id else False
        open_tables.append(
            {
                "id": t.pk,
                "game_title": get_game(t.game).title,
                "rated": t.rated,
                "status": t.status,
                "seats": [
                    {
                        "seat": i,
                        "name": (
                            seat_rows[i].user.username
                            if seat_rows[i].user_id
                            else f"AI ({seat_rows[i].ai_level})"
                        )
                        if i in seat_rows
                        else None,
                        "is_ai": bool(i in seat_rows and seat_rows[i].ai_level),
                    }
                    for i in range(t.seat_count)
                ],
                "can_join": bool(user_id) and t.status == TableStatus.OPEN and not mine,
                "join_url": reverse("lobby:join_table", args=[t.pk]),
                "can_cancel": t.status == TableStatus.OPEN and t.created_by_id == user_id,
                "cancel_url": reverse("lobby:cancel_table", args=[t.pk]),
                "play_url": reverse("live:match", args=[t.match_id]) if t.match_id else None,
            }
        )
    matches = [
        {
            "id": m.pk,
            "game_title": get_game(m.game).title,
            "players": [s.display_name for s in m.seats.all()],
            "status": m.status,
            "watch_url": reverse("live:match", args=[m.pk]),
        }
        for m in live_matches()
    ]
    return {"open_tables": open_tables, "live_matches": matches}
