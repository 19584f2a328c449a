"""Reads for the lobby page and the lobby API."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db.models import Count, Q
from django.urls import reverse

from games.core import Game
from live import catalogue
from live.ai_players import ai_seat_name, default_level, game_levels
from live.models import Match, MatchStatus
from live.selectors import live_matches
from ratings.models import Rating
from ratings.services import elo_settings

from . import game_cards as cards
from . import time_controls
from .models import Table, TableStatus


def playable_games() -> list[Game]:
    """Games that can be played on the site: every part of :func:`live.catalogue.missing_parts`.

    The featured game (``LOBBY_FEATURED_GAME``) comes first, the rest by title.
    """
    games = list(catalogue.playable_games().values())
    featured = settings.LOBBY_FEATURED_GAME
    return sorted(games, key=lambda g: (g.slug != featured, g.title))


def running_counts() -> dict[str, int]:
    """Running matches by game slug (games with none are left out): the lobby's "running now"."""
    rows = (
        Match.objects.filter(status=MatchStatus.RUNNING)
        .order_by()
        .values("game")
        .annotate(n=Count("id"))
        .values_list("game", "n")
    )
    return dict(rows)


def game_cards() -> list[dict[str, Any]]:
    """The lobby's card of every playable game (:mod:`lobby.game_cards`)."""
    return cards.game_cards(playable_games(), running_counts())


def ai_level_ratings() -> dict[str, dict[str, float]]:
    """Measured ratings of AI levels by game and level key: only established ones (a level that
    played fewer rated games than a person needs to leave the provisional list shows its guide)."""
    out: dict[str, dict[str, float]] = {}
    rows = Rating.objects.filter(
        user__isnull=True, games__gte=elo_settings().provisional_games
    ).values_list("game", "ai_level", "rating")
    for game, level, rating in rows:
        out.setdefault(game, {})[level] = rating
    return out


def game_choices(
    *, level_ratings: dict[str, dict[str, float]] | None = None
) -> list[dict[str, Any]]:
    """The playable games with their AI levels as people see them (``live.ai_players``) and the
    level a newcomer gets by default.  ``bot_levels`` keeps the games' own keys (the API's).
    ``level_ratings`` (:func:`ai_level_ratings`) puts measured ratings in place of the guides."""
    ratings = level_ratings or {}
    return [
        {
            "slug": g.slug,
            "title": catalogue.game_title(g),
            "seat_counts": list(g.seat_counts),
            "bot_levels": list(g.bots),
            "levels": [level.as_dict() for level in game_levels(g, ratings.get(g.slug))],
            "default_level": default_level(g),
            "time_controls": time_controls.choices_for(g),
        }
        for g in playable_games()
    ]


def _table_row(table: Table, user_id: int | None) -> dict[str, Any]:
    seat_rows = {s.seat: s for s in table.seats.all()}
    mine = any(s.user_id == user_id for s in seat_rows.values()) if user_id else False
    return {
        "id": table.pk,
        "game_title": catalogue.game_title(table.game),
        "rated": table.rated,
        "status": table.status,
        "time_control": table.time_control,
        "time_control_note": time_controls.note_for(table.time_control),
        "seats": [
            {
                "seat": i,
                "name": (seat_rows[i].user.username if seat_rows[i].user_id else ai_seat_name(i))
                if i in seat_rows
                else None,
                "is_ai": bool(i in seat_rows and seat_rows[i].ai_level),
            }
            for i in range(table.seat_count)
        ],
        "can_join": bool(user_id) and table.status == TableStatus.OPEN and not mine,
        "join_url": reverse("lobby:join_table", args=[table.pk]),
        "can_cancel": table.status == TableStatus.OPEN and table.created_by_id == user_id,
        "cancel_url": reverse("lobby:cancel_table", args=[table.pk]),
        "play_url": reverse("live:match", args=[table.match_id]) if table.match_id else None,
    }


def lobby_tables(*, user_id: int | None) -> dict[str, Any]:
    """Open tables, the viewer's own tables whose match is running (listed apart: a started table
    is no longer open), and live matches to watch."""
    tables = (
        Table.objects.filter(
            Q(status=TableStatus.OPEN)
            | Q(status=TableStatus.STARTED, seats__user_id=user_id, match__status="running")
        )
        .distinct()
        .prefetch_related("seats__user")
        .order_by("-id")[:50]
    )
    rows = [_table_row(t, user_id) for t in tables]
    matches = [
        {
            "id": m.pk,
            "game_title": catalogue.game_title(m.game),
            "players": [s.display_name for s in m.seats.all()],
            "status": m.status,
            "watch_url": reverse("live:match", args=[m.pk]),
        }
        for m in live_matches()
    ]
    finished = [
        {
            "id": m.pk,
            "game_title": catalogue.game_title(m.game),
            "players": [s.display_name for s in m.seats.all()],
            "replay_url": reverse("live:replay", args=[m.pk]),
        }
        for m in Match.objects.filter(status=MatchStatus.FINISHED)
        .prefetch_related("seats__user")
        .order_by("-ended_at", "-id")[:10]
    ]
    return {
        "finished_matches": finished,
        "open_tables": [r for r in rows if r["status"] == TableStatus.OPEN],
        "my_started_tables": [r for r in rows if r["status"] == TableStatus.STARTED],
        "live_matches": matches,
    }


def match_time_control(match: Any) -> dict[str, str]:
    """A match's time control as pages show it: its key and, unless standard, the note saying so
    ("Relaxed clock — not the standard clock")."""
    choice = time_controls.choice_of_clock(match.clock or {})
    return {"key": choice, "note": time_controls.note_for(choice)}


def new_game_action(*, match: Any, user_id: int | None) -> dict[str, Any]:
    """Where the result screen's "new game" leads: against the computer, straight into a new
    match at the same level and with the same time control (``time_control``, given only when it
    is not the standard clock); from the queue, back to the queue; otherwise the lobby with the
    game chosen."""
    seats = list(match.seats.all())
    mine = [s for s in seats if user_id is not None and s.user_id == user_id]
    levels = {s.ai_level for s in seats if s.ai_level}
    if len(mine) == 1 and len(levels) == 1 and all(s.ai_level or s in mine for s in seats):
        action = {
            "kind": "play_ai",
            "url": reverse("lobby:play_ai"),
            "game": match.game,
            "level": levels.pop(),
        }
        choice = time_controls.choice_of_clock(match.clock or {})
        if choice != time_controls.STANDARD:
            action["time_control"] = choice
        return action
    if match.from_queue:
        return {"kind": "link", "url": reverse("matchmaking:queue")}
    return {"kind": "link", "url": f"{reverse('lobby:index')}?game={match.game}"}
