"""Challenge pages; each POST calls one service and redirects (errors come back as a message)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from live.errors import LiveError

from . import conf, selectors, services


@login_required
def new(request: HttpRequest, username: str) -> HttpResponse:
    """The form (game, time control, rated, the AI's level where the game needs AI seats), and
    its post: the challenge is made and the challenger waits on its page."""
    opponent = get_object_or_404(User, username=username)
    if request.method == "POST":
        try:
            challenge = services.challenge_create(
                user_id=request.user.pk,
                username=username,
                game_slug=request.POST.get("game", ""),
                time_control=request.POST.get("time_control", ""),
                rated=bool(request.POST.get("rated")),
                ai_level=request.POST.get("level", ""),
            )
        except LiveError as exc:
            messages.error(request, exc.message)
            return redirect("challenges:new", username)
        return redirect("challenges:detail", challenge.pk)
    return render(
        request,
        "challenges/new.html",
        {
            "opponent": opponent,
            "games": selectors.form_games(),
            "expiry_minutes": round(conf.expiry().total_seconds() / 60),
        },
    )


@login_required
def detail(request: HttpRequest, challenge_id: int) -> HttpResponse:
    row = selectors.challenge_page(challenge_id=challenge_id, user_id=request.user.pk)
    if row is None:
        raise Http404
    return render(request, "challenges/detail.html", {"challenge": row})


@login_required
def panel(request: HttpRequest) -> HttpResponse:
    """The open challenges' list alone: the lobby's copy is refreshed from here when a
    notification says one changed."""
    return render(
        request,
        "challenges/_panel.html",
        {"challenges": selectors.open_challenges(user_id=request.user.pk)},
    )


@login_required
@require_POST
def accept(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        challenge = services.challenge_accept(user_id=request.user.pk, challenge_id=challenge_id)
    except LiveError as exc:
        messages.error(request, exc.message)
        return redirect("challenges:detail", challenge_id)
    return redirect("live:match", challenge.match_id)


@login_required
@require_POST
def decline(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        services.challenge_decline(user_id=request.user.pk, challenge_id=challenge_id)
    except LiveError as exc:
        messages.error(request, exc.message)
    return redirect("challenges:detail", challenge_id)


@login_required
@require_POST
def cancel(request: HttpRequest, challenge_id: int) -> HttpResponse:
    try:
        services.challenge_cancel(user_id=request.user.pk, challenge_id=challenge_id)
    except LiveError as exc:
        messages.error(request, exc.message)
    return redirect("challenges:detail", challenge_id)
