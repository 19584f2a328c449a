"""Leaderboard pages."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.registry import all_games

from . import selectors


def leaderboards(request: HttpRequest) -> HttpResponse:
    boards = [
        {
            "slug": g.slug,
            "title": g.title,
            "rows": selectors.leaderboard(game=g.slug),
            "ai": selectors.ai_ratings(game=g.slug),
        }
        for g in all_games().values()
    ]
    return render(request, "ratings/leaderboards.html", {"boards": boards})
