"""Lobby pages; each POST calls one service and redirects."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.views.decorators.http import require_POST

from live.errors import LiveError
from live.models import Match

from . import rematch as rematch_services
from . import selectors, services


def index(request: HttpRequest) -> HttpResponse:
    """The games as cards (description, seats, length, picture, running now) and the forms that
    start one; ``?game=<slug>`` is the card chosen (the forms show that game)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    games = selectors.game_choices(level_ratings=selectors.ai_level_ratings())
    chosen = next((g for g in games if g["slug"] == request.GET.get("game", "")), None)
    return render(
        request,
        "lobby/index.html",
        {
            "games": games,
            "game_cards": selectors.game_cards(),
            "selected_game": chosen["slug"] if chosen else "",
            "selected_title": chosen["title"] if chosen else "",
            **selectors.lobby_tables(user_id=user_id),
        },
    )


def tables(request: HttpRequest) -> HttpResponse:
    user_id = request.user.pk if request.user.is_authenticated else None
    return render(request, "lobby/_tables.html", selectors.lobby_tables(user_id=user_id))


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value or default)
    except ValueError:
        return default


@login_required
@require_POST
def play_ai(request: HttpRequest) -> HttpResponse:
    try:
        match = services.ai_match_start(
            user_id=request.user.pk,
            game_slug=request.POST.get("game", ""),
            level=request.POST.get("level", ""),
            pass_and_play=request.POST.get("mode") == "pass_and_play",
            time_control=request.POST.get("time_control", ""),
        )
    except LiveError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:index")
    return redirect("live:match", match.pk)


@login_required
@require_POST
def create_table(request: HttpRequest) -> HttpResponse:
    try:
        table = services.table_create(
            user_id=request.user.pk,
            game_slug=request.POST.get("game", ""),
            seats=_int(request.POST.get("seats")),
            ai_seats=_int(request.POST.get("ai_seats")),
            ai_level=request.POST.get("level", ""),
            rated=bool(request.POST.get("rated")),
            time_control=request.POST.get("time_control", ""),
        )
    except LiveError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:index")
    if table.match_id:
        return redirect("live:match", table.match_id)
    return redirect("lobby:index")


@login_required
@require_POST
def join_table(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        table = services.table_join(user_id=request.user.pk, table_id=table_id)
    except LiveError as exc:
        messages.error(request, exc.message)
        return redirect("lobby:index")
    if table.match_id:
        return redirect("live:match", table.match_id)
    return redirect("lobby:index")


@login_required
@require_POST
def cancel_table(request: HttpRequest, table_id: int) -> HttpResponse:
    try:
        services.table_cancel(user_id=request.user.pk, table_id=table_id)
    except LiveError as exc:
        messages.error(request, exc.message)
    return redirect("lobby:index")


def _rematch_answer(request: HttpRequest, match_id: int, *, offer: bool) -> HttpResponse:
    """Offer/accept or decline; the result screen posts with ``Accept: application/json`` and
    gets the rematch's status, a plain form post is redirected to the match (or the new one)."""
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        if offer:
            rematch = rematch_services.rematch_offer(user_id=request.user.pk, match_id=match_id)
        else:
            rematch = rematch_services.rematch_decline(user_id=request.user.pk, match_id=match_id)
    except LiveError as exc:
        if wants_json:
            return JsonResponse({"code": exc.code, "detail": exc.message}, status=400)
        messages.error(request, exc.message)
        return redirect("live:match", match_id)
    if wants_json:
        match = Match.objects.get(pk=match_id)
        return JsonResponse(rematch_services.rematch_status(match=match, user_id=request.user.pk))
    return redirect("live:match", rematch.new_match_id or match_id)


@login_required
@require_POST
def rematch_offer(request: HttpRequest, match_id: int) -> HttpResponse:
    return _rematch_answer(request, match_id, offer=True)


@login_required
@require_POST
def rematch_decline(request: HttpRequest, match_id: int) -> HttpResponse:
    return _rematch_answer(request, match_id, offer=False)


def favicon(request: HttpRequest) -> HttpResponse:
    """Browsers and tools that ask for ``/favicon.ico`` get the site's icon (pages link it)."""
    return redirect(static("favicon.svg"), permanent=True)
