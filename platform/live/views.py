"""The match page (the board itself is a per-game ES module that speaks the live protocol), what
its result screen asks for once the match is over, and the deal-fairness page."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.templatetags.static import static
from django.urls import reverse

from games.registry import get_game

from . import replay, results
from .ai_players import game_levels
from .catalogue import board_module, rules_templates
from .commitments import commitment_ensure, fairness_record, match_is_over
from .fairness import verify_record
from .models import Match


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    your_seats = (
        list(match.seats.filter(user=request.user).values_list("seat", flat=True))
        if request.user.is_authenticated
        else []
    )
    commitment = match.seed_commitment or commitment_ensure(match_id=match.pk)
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
            "ai_levels": {
                level.key: {"label": level.label, "description": level.description}
                for level in game_levels(game)
            },
            "commitment": commitment,
            "page_urls": {
                "after": reverse("live:after", args=[match.pk]),
                "fairness": reverse("live:fairness", args=[match.pk]),
            },
        },
    )


def match_after(request: HttpRequest, match_id: int) -> JsonResponse:
    """What the result screen shows besides the final state: rating changes, who forfeited, the
    rematch offer and where a new game starts."""
    from lobby.rematch import rematch_status
    from lobby.selectors import new_game_action

    match = get_object_or_404(Match, pk=match_id)
    user_id = request.user.pk if request.user.is_authenticated else None
    return JsonResponse(
        {
            **results.match_summary(match),
            "rematch": rematch_status(match=match, user_id=user_id),
            "new_game": new_game_action(match=match, user_id=user_id),
            "fairness_url": reverse("live:fairness", args=[match.pk]),
        }
    )


def match_fairness(request: HttpRequest, match_id: int) -> HttpResponse:
    """The commitment from the start; once the match is over the seed, the salt and the check."""
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    commitment = match.seed_commitment or commitment_ensure(match_id=match.pk)
    match.seed_commitment = commitment
    report = verify_record(fairness_record(match=match)) if match_is_over(match) else None
    return render(
        request,
        "live/fairness.html",
        {
            "match": match,
            "game_title": game.title,
            "over": match_is_over(match),
            "commitment": commitment,
            "report": report,
            "deals": [(i, json.dumps(d)) for i, d in enumerate(report.deals)] if report else [],
        },
    )


def match_fairness_record(request: HttpRequest, match_id: int) -> JsonResponse:
    """The record ``python -m live.fairness`` checks (seed and moves only once it is over)."""
    match = get_object_or_404(Match, pk=match_id)
    response = JsonResponse(fairness_record(match=match), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-deals.json"'
    return response


def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """Step through a finished match (the board module draws each step, read-only)."""
    match = get_object_or_404(Match, pk=match_id)
    game = get_game(match.game)
    return render(
        request,
        "live/replay.html",
        {
            "match": match,
            "match_id": match.pk,
            "game_title": game.title,
            "over": replay.replayable(match),
            "board_module": static(board_module(game.slug)),
            "lang": request.LANGUAGE_CODE,
            "replay_urls": {
                "index": reverse("live:replay_index", args=[match.pk]),
                "steps": reverse("live:replay_steps", args=[match.pk]),
            },
        },
    )


def _not_yet() -> JsonResponse:
    return JsonResponse(
        {"code": "match_running", "detail": "the replay opens when the match is over"}, status=403
    )


def match_replay_index(request: HttpRequest, match_id: int) -> JsonResponse:
    match = get_object_or_404(Match, pk=match_id)
    if not replay.replayable(match):
        return _not_yet()
    return JsonResponse(replay.replay_index(match=match))


def match_replay_steps(request: HttpRequest, match_id: int) -> JsonResponse:
    """Steps ``from`` … ``to - 1`` (at most one page of ``replay.STEPS_PER_PAGE``)."""
    match = get_object_or_404(Match, pk=match_id)
    if not replay.replayable(match):
        return _not_yet()
    try:
        start = max(0, int(request.GET.get("from", 0)))
        stop = int(request.GET.get("to", start + replay.STEPS_PER_PAGE))
    except ValueError:
        return JsonResponse({"code": "malformed", "detail": "from and to are numbers"}, status=400)
    stop = max(start, min(stop, start + replay.STEPS_PER_PAGE))
    return JsonResponse({"steps": replay.replay_steps(match=match, start=start, stop=stop)})
