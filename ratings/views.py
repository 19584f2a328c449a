"""Leaderboard pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import all_games
from live import catalogue
from live.ai_players import level_label

from . import selectors


def leaderboards(request: HttpRequest) -> HttpResponse:
    """Every game's leaderboard, or one (``?game=``); provisional players are listed and marked
    unless ``?players=established`` leaves them out."""
    games = list(all_games().values())
    chosen = request.GET.get("game", "")
    established_only = request.GET.get("players") == "established"
    shown = [g for g in games if g.slug == chosen] or games
    boards = [
        {
            "slug": g.slug,
            "title": catalogue.game_title(g),
            "rows": selectors.leaderboard(game=g.slug, provisional=not established_only),
            "ai": [
                {**row, "label": level_label(g, row["level"])}
                for row in selectors.ai_ratings(game=g.slug)
                if row["level"] in g.bots
            ],
        }
        for g in shown
    ]
    return render(
        request,
        "ratings/leaderboards.html",
        {
            "boards": boards,
            "games": [{"slug": g.slug, "title": catalogue.game_title(g)} for g in games],
            "chosen": chosen if len(shown) == 1 else "",
            "established_only": established_only,
        },
    )
