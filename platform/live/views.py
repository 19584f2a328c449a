"""The match page (the board itself is a per-game ES module that speaks the live protocol)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static

from games.registry import get_game

from .catalogue import board_module, rules_templates
from .models import Match


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    your_seats = (
        list(match.seats.filter(user=request.user).values_list("seat", flat=True))
        if request.user.is_authenticated
        else []
    )
    return render(
        request,
        "live/match.html",
        {
            "match": match,
            "match_id": match.pk,
            "game_slug": game.slug,
            "game_title": game.title,
            "ws_path": f"/ws/match/{match.pk}/",
            "your_seats": your_seats,
            "board_module": static(board_module(game.slug)),
            "rules": rules_templates(game.slug),
            "lang": request.LANGUAGE_CODE,
        },
    )
