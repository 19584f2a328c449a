"""Tournament pages; each POST calls one service and redirects (the pages work without JavaScript).

The standings and the current round refresh themselves with htmx polling of a partial
(``standings`` below, every 5 s while the tournament runs) rather than a WebSocket group: a
standings change is rare (once per ended game) and identical for every viewer, the partial is one
cheap recomputation, and a page left open costs one small request every few seconds instead of a
Redis ``group_send`` fan-out per game (the expensive step, STACK.md) and a socket per viewer.
The same reasoning holds for the notice that takes a player to their game (``notice``): it polls
only for users with an entry in a tournament that has not ended.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.registry import get_game

from . import ai_entrants, game_support, selectors, services
from .errors import TournamentError
from .forms import TournamentForm
from .models import Format, Round, Tournament, TournamentStatus


def _user_id(request: HttpRequest) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def tournament_list(request: HttpRequest) -> HttpResponse:
    can_create = services.can_organise(request.user) if request.user.is_authenticated else False
    return render(
        request,
        "tournaments/list.html",
        {
            **selectors.tournament_list(),
            "can_create": can_create,
            "may_ask": request.user.is_authenticated and not can_create,
            "asked": services.organiser_request_open(request.user.pk)
            if request.user.is_authenticated and not can_create
            else None,
        },
    )


@login_required
@require_POST
def organise_ask(request: HttpRequest) -> HttpResponse:
    """A user's "Ask to organise": a request the staff see in the admin."""
    try:
        services.organiser_request_send(user_id=request.user.pk, note=request.POST.get("note", ""))
    except TournamentError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Your request has been sent to the staff."))
    return redirect("tournaments:list")


@login_required
def tournament_new(request: HttpRequest) -> HttpResponse:
    if not services.can_organise(request.user):
        return render(request, "tournaments/forbidden.html", status=403)
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(organiser_id=request.user.pk, spec=form.spec())
        except TournamentError as exc:
            form.add_error(None, exc.message)
        else:
            messages.success(request, _("Tournament created."))
            return redirect("tournaments:detail", tournament.pk)
    return render(
        request, "tournaments/new.html", {"form": form, "support": game_support.support_rows()}
    )


def _detail_context(request: HttpRequest, tournament: Tournament) -> dict[str, Any]:
    user_id = _user_id(request)
    can_manage = False
    if request.user.is_authenticated:
        can_manage = services.is_operator(request.user) or (
            tournament.organiser_id == user_id and services.can_organise(request.user)
        )
    current = selectors.current_round(tournament)
    return {
        "t": tournament,
        "game_title": selectors.game_title(tournament.game),
        "bank_min": selectors.points_text(round(tournament.bank_ms / 60_000, 2)),
        "delay_s": selectors.points_text(round(tournament.delay_ms / 1000, 1)),
        "first_move_s": services.first_move_ms(tournament.bank_ms, tournament.delay_ms) // 1000,
        "no_show_limit": services.NO_SHOW_LIMIT,
        "ai_levels": ai_entrants.levels_of(get_game(tournament.game)) if can_manage else [],
        "entries": selectors.entries_of(tournament),
        "my_entry": selectors.entry_of_user(tournament, user_id),
        "invitation": selectors.partner_invitation(tournament, user_id),
        "can_manage": can_manage,
        "registration_open": tournament.status == TournamentStatus.SCHEDULED
        or services.late_join_open(tournament),
        "late_join": services.late_join_open(tournament),
        **_standings_context(tournament),
        "current": selectors.round_detail(tournament, current, viewer=request.user)
        if current
        else None,
        "audit": tournament.audit.select_related("actor")[:50] if can_manage else [],
    }


def _standings_context(tournament: Tournament) -> dict[str, Any]:
    rows = selectors.standings_of(tournament)
    names = selectors.tiebreak_names_of(tournament)
    return {
        "t": tournament,
        "rows": selectors.shown_rows(rows, names),
        "tiebreak_names": names,
        "cross": selectors.crosstable_of(tournament),
        "bracket": selectors.knockout_bracket(tournament),
        "live": tournament.status in (TournamentStatus.RUNNING, TournamentStatus.PAUSED),
        "poll": tournament.status
        in (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING, TournamentStatus.PAUSED),
        "is_arena": tournament.format == Format.ARENA,
        "scores_hidden": selectors.pairs_session_hidden(tournament),
        "has_trf": selectors.trf_refusal(tournament) is None,
    }


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    return render(request, "tournaments/detail.html", _detail_context(request, tournament))


def tournament_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The live part of the page (standings, crosstable, current round) for htmx polling."""
    tournament = get_object_or_404(Tournament, pk=pk)
    current = selectors.current_round(tournament)
    return render(
        request,
        "tournaments/_standings.html",
        {
            **_standings_context(tournament),
            "status_oob": True,  # the badge outside this part follows (_status.html)
            "current": selectors.round_detail(tournament, current, viewer=request.user)
            if current
            else None,
        },
    )


def round_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rnd = Round.objects.filter(tournament=tournament, number=number).first()
    if rnd is None:
        raise Http404("no such round")
    return render(
        request,
        "tournaments/round.html",
        {
            "t": tournament,
            "game_title": selectors.game_title(tournament.game),
            "round": selectors.round_detail(tournament, rnd, viewer=request.user),
            "numbers": list(
                Round.objects.filter(tournament=tournament).values_list("number", flat=True)
            ),
        },
    )


def trf_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's FIDE TRF file, for everyone: it holds only what the page shows (names,
    ratings, decided results).  An event the file cannot describe answers 404 with the reason."""
    tournament = get_object_or_404(Tournament, pk=pk)
    refusal = selectors.trf_refusal(tournament)
    if refusal is not None:
        return HttpResponse(refusal, status=404, content_type="text/plain; charset=utf-8")
    return trf_response(tournament)


def trf_response(tournament: Tournament) -> HttpResponse:
    """The file as a download (the page's link and the admin's action)."""
    response = HttpResponse(
        selectors.trf_text_of(tournament), content_type="text/plain; charset=utf-8"
    )
    filename = selectors.trf_filename(tournament)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _act(request: HttpRequest, pk: int, done: str, call: Any) -> HttpResponse:
    try:
        call()
    except TournamentError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("tournaments:detail", pk)


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        _("You are registered."),
        lambda: services.entry_register(
            tournament_id=pk, user_id=request.user.pk, partner_name=request.POST.get("partner", "")
        ),
    )


@login_required
@require_POST
def partner(request: HttpRequest, pk: int) -> HttpResponse:
    """The named partner's answer (pairs)."""
    accept = request.POST.get("answer") == "accept"
    return _act(
        request,
        pk,
        _("You are partners now.") if accept else _("You declined."),
        lambda: services.entry_partner_answer(
            tournament_id=pk, user_id=request.user.pk, accept=accept
        ),
    )


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    return _act(
        request,
        pk,
        _("You have withdrawn."),
        lambda: services.entry_withdraw(tournament_id=pk, by_user_id=request.user.pk),
    )


def _int(value: str | None) -> int | None:
    try:
        return int(value or "")
    except ValueError:
        return None


@login_required
@require_POST
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's (and operators') actions; the service checks who may act."""
    action = request.POST.get("action", "")
    reason = request.POST.get("reason", "")
    uid = request.user.pk
    calls = {
        "add_ai": (
            _("AI players added."),
            lambda: services.entry_add_ai(
                tournament_id=pk,
                by_user_id=uid,
                level=request.POST.get("level", ""),
                count=_int(request.POST.get("count")) or 1,
            ),
        ),
        "start": (
            _("The tournament has started."),
            lambda: services.tournament_start_now(tournament_id=pk, by_user_id=uid),
        ),
        "pause": (
            _("The tournament is paused."),
            lambda: services.tournament_pause(tournament_id=pk, by_user_id=uid, reason=reason),
        ),
        "resume": (
            _("The tournament goes on."),
            lambda: services.tournament_resume(tournament_id=pk, by_user_id=uid, reason=reason),
        ),
        "cancel": (
            _("The tournament is cancelled."),
            lambda: services.tournament_cancel(tournament_id=pk, by_user_id=uid, reason=reason),
        ),
        "withdraw_entry": (
            _("The player has been withdrawn."),
            lambda: services.entry_withdraw(
                tournament_id=pk,
                by_user_id=uid,
                entry_id=_int(request.POST.get("entry")),
                reason=reason,
            ),
        ),
    }
    if action not in calls:
        messages.error(request, _("Unknown action."))
        return redirect("tournaments:detail", pk)
    if action == "withdraw_entry" and _int(request.POST.get("entry")) is None:
        messages.error(request, _("Choose the player to withdraw."))
        return redirect("tournaments:detail", pk)
    done, call = calls[action]
    return _act(request, pk, done, call)


def notice(request: HttpRequest) -> HttpResponse:
    """The user's running tournament game, polled by every page of a player in a tournament.

    The first time a new game is seen while the player is on another page, htmx is told to go
    there (``HX-Redirect``): the player is taken to their game once, not pulled back to it every
    few seconds after they chose to look elsewhere.
    """
    user_id = _user_id(request)
    game = selectors.next_game(user_id=user_id) if user_id else None
    response = render(request, "tournaments/_notice.html", {"game": game})
    if game is not None and request.headers.get("HX-Request"):
        current = request.headers.get("HX-Current-URL", "")
        sent = request.session.get("tournament_sent_to")
        if sent != game["match_id"] and not current.rstrip("/").endswith(game["url"].rstrip("/")):
            request.session["tournament_sent_to"] = game["match_id"]
            response["HX-Redirect"] = game["url"]
    return response
