"""The queue page: choose a game, join or cancel; queue.js keeps the status live over
``/ws/queue/`` and opens the match when one is made.  Each POST calls one service and redirects,
so the page also works without JavaScript (it then reloads itself every few seconds)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from . import selectors, services
from .errors import QueueError


def _context(user_id: int | None) -> dict[str, object]:
    status = selectors.queue_status(user_id=user_id) if user_id else None
    matched = selectors.queue_match(user_id=user_id) if user_id else None
    return {"games": selectors.queue_overview(), "status": status, "matched": matched}


def queue_page(request: HttpRequest) -> HttpResponse:
    user_id = request.user.pk if request.user.is_authenticated else None
    if user_id:
        services.queue_heartbeat(user_id=user_id)
    return render(request, "matchmaking/queue.html", _context(user_id))


def queue_panel(request: HttpRequest) -> HttpResponse:
    """The status panel alone (for the lobby to embed with htmx)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    if user_id:
        services.queue_heartbeat(user_id=user_id)
    return render(request, "matchmaking/_panel.html", _context(user_id))


@login_required
@require_POST
def join(request: HttpRequest) -> HttpResponse:
    try:
        services.queue_join(
            user_id=request.user.pk,
            game_slug=request.POST.get("game", ""),
            rated=request.POST.get("mode", "rated") != "casual",
        )
    except QueueError as exc:
        messages.error(request, exc.message)
    return redirect("matchmaking:queue")


@login_required
@require_POST
def leave(request: HttpRequest) -> HttpResponse:
    services.queue_leave(user_id=request.user.pk)
    return redirect("matchmaking:queue")
