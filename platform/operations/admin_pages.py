"""Operator pages inside the Django admin: the match page's Abort and Adjudicate, and the user
list's ban / mute / lift-cooldown actions — each asks for a reason, then calls a service of
:mod:`operations.services` (which writes the audit entry in the same transaction).

Used by ``operations.admin.MatchOperationsAdmin`` and ``accounts.admin`` (mixins), so those stay
small.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from live import catalogue, timebase
from live.clock import clock_public
from live.models import Match, MatchStatus

from . import selectors, services
from .errors import OperationError
from .forms import AbortForm, AdjudicateForm, ReasonForm, SanctionForm

# --- matches -------------------------------------------------------------------------------------


def game_title(match: Match) -> str:
    return catalogue.game_title(match.game)


def players_html(match: Match) -> str:
    """Each seat: the user's admin page (links), or the AI and its level."""
    items = []
    for seat in match.seats.all():
        if seat.user_id:
            url = reverse("admin:accounts_user_change", args=[seat.user_id])
            bot = " 🤖" if seat.user.is_bot else ""
            items.append((seat.seat, url, seat.user.username + bot))
        else:
            items.append((seat.seat, "", f"AI ({seat.ai_level})"))
    return format_html_join(
        ", ",
        "{}: {}",
        (
            (s, format_html('<a href="{}">{}</a>', url, name) if url else name)
            for s, url, name in items
        ),
    )


def clock_text(match: Match) -> str:
    """The clock in words: who runs, what each seat has left, when the server acts next."""
    if not match.clock or not match.clock.get("seats"):
        return "—"
    now_ms = timebase.stamp().ms
    public = clock_public(match.clock, now_ms=now_ms, stall_bound_ms=settings.STALL_BOUND_S * 1000)
    seats = "; ".join(
        f"{i}: {s['bank_ms'] / 1000:.1f} s + {s['delay_ms'] / 1000:.1f} s"
        + (" ▶" if i in public["active"] else "")
        for i, s in enumerate(public["seats"])
    )
    if match.status != MatchStatus.RUNNING:
        return _("stopped") + f" ({seats})"
    if public["running"]:
        due = (public["deadline_ms"] - now_ms) / 1000
        state = _("running, first flag in %(s).1f s") % {"s": due}
    elif public["stall_deadline_ms"] is not None:
        due = (public["stall_deadline_ms"] - now_ms) / 1000
        state = _("stopped, stall bound in %(s).0f s") % {"s": due}
    else:
        state = _("stopped")
    return f"{state} — {seats}"


class MatchOperationsMixin:
    """Adds to a Match admin: the match's Abort and Adjudicate pages (buttons on its change page,
    ``admin/live/match/change_form.html``) and readable players, game and clock."""

    change_form_template = "admin/live/match/change_form.html"

    @admin.display(description=gettext_lazy("game"), ordering="game")
    def game_title(self, match: Match) -> str:
        return game_title(match)

    @admin.display(description=gettext_lazy("players"))
    def players(self, match: Match) -> str:
        return players_html(match)

    @admin.display(description=gettext_lazy("clock"))
    def clock_state(self, match: Match) -> str:
        return clock_text(match)

    def get_urls(self) -> list[Any]:
        wrap: Callable[..., Any] = self.admin_site.admin_view  # type: ignore[attr-defined]
        return [
            path("<int:match_id>/abort/", wrap(self.abort_view), name="live_match_abort"),
            path(
                "<int:match_id>/adjudicate/",
                wrap(self.adjudicate_view),
                name="live_match_adjudicate",
            ),
            *super().get_urls(),  # type: ignore[misc]
        ]

    def _page(self, request: HttpRequest, match: Match, form: Any, title: str) -> HttpResponse:
        context = {
            **self.admin_site.each_context(request),  # type: ignore[attr-defined]
            "title": title,
            "match": match,
            "game_title": game_title(match),
            "players": players_html(match),
            "clock": clock_text(match),
            "form": form,
            "opts": Match._meta,
            "change_url": reverse("admin:live_match_change", args=[match.pk]),
        }
        return render(request, "operations/match_action.html", context)

    def _allowed(self, request: HttpRequest, match: Match) -> bool:
        return self.has_change_permission(request, match)  # type: ignore[attr-defined,no-any-return]

    def abort_view(self, request: HttpRequest, match_id: int) -> HttpResponse:
        match = get_object_or_404(Match.objects.prefetch_related("seats__user"), pk=match_id)
        if not self._allowed(request, match):
            return HttpResponse(status=403)
        form = AbortForm(request.POST or None)
        if request.method == "POST" and form.is_valid():
            done = services.match_abort(
                match_id=match.pk,
                reason_code=form.cleaned_data["reason"],
                note=form.cleaned_data["note"],
                actor=request.user,  # type: ignore[arg-type]
            )
            if done:
                messages.success(request, _("Match %(id)d aborted.") % {"id": match.pk})
            else:
                messages.warning(request, _("The match had already ended."))
            return HttpResponseRedirect(reverse("admin:live_match_change", args=[match.pk]))
        return self._page(request, match, form, _("Abort match %(id)d") % {"id": match.pk})

    def adjudicate_view(self, request: HttpRequest, match_id: int) -> HttpResponse:
        match = get_object_or_404(Match.objects.prefetch_related("seats__user"), pk=match_id)
        if not self._allowed(request, match):
            return HttpResponse(status=403)
        form = AdjudicateForm(request.POST or None, match=match)
        if request.method == "POST" and form.is_valid():
            try:
                outcome = services.match_adjudicate(
                    match_id=match.pk,
                    loser_seat=form.loser_seat(),
                    reason_code=form.cleaned_data["reason"],
                    note=form.cleaned_data["note"],
                    actor=request.user,  # type: ignore[arg-type]
                )
            except OperationError as exc:
                messages.error(request, exc.message)
            else:
                text = (
                    _("Match %(id)d ended with the decided result.")
                    if outcome == "ended"
                    else _("Match %(id)d: its result was replaced and ratings corrected.")
                )
                messages.success(request, text % {"id": match.pk})
                return HttpResponseRedirect(reverse("admin:live_match_change", args=[match.pk]))
        return self._page(request, match, form, _("Decide match %(id)d") % {"id": match.pk})


# --- users ----------------------------------------------------------------------------------------


def reason_action(
    modeladmin: Any,
    request: HttpRequest,
    queryset: QuerySet[Any],
    *,
    form_class: type[Any],
    action: str,
    title: str,
    apply: Callable[[Any, Any], bool],
) -> HttpResponse | None:
    """An admin action that first asks for a reason: the intermediate page on the first POST,
    ``apply(obj, form)`` for each selected object once it is filled in."""
    form = form_class(request.POST if "apply" in request.POST else None)
    if "apply" in request.POST and form.is_valid():
        done = 0
        for obj in queryset:
            try:
                done += bool(apply(obj, form))
            except OperationError as exc:
                modeladmin.message_user(request, f"{obj}: {exc.message}", messages.ERROR)
        modeladmin.message_user(
            request, _("%(title)s: %(n)d done.") % {"title": title, "n": done}, messages.SUCCESS
        )
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": title,
        "form": form,
        "objects": list(queryset),
        "action": action,
        "action_checkbox_name": ACTION_CHECKBOX_NAME,
        "opts": modeladmin.model._meta,
    }
    return render(request, "operations/user_action.html", context)


class UserOperationsMixin:
    """Adds to the User admin: ban, mute, lift sanctions, lift the queue cooldown (each with a
    reason), and the user's open sanctions and cooldown on the list and the change page."""

    @admin.display(description=gettext_lazy("sanctions / cooldown"))
    def operations_status(self, user: Any) -> str:
        parts = [
            f"{s.kind}" + (f" → {s.expires_at:%Y-%m-%d %H:%M}" if s.expires_at else "")
            for s in selectors.open_sanctions(user_id=user.pk)
        ]
        cooldown = selectors.cooldown_of(user_id=user.pk)
        if cooldown is not None:
            parts.append(
                _("queue cooldown until %(t)s (%(n)d no-shows)")
                % {"t": f"{cooldown.until:%H:%M:%S}", "n": cooldown.strikes}
            )
        return ", ".join(parts) or "—"

    @admin.action(
        description=gettext_lazy("Ban (no log-in, no play; running matches forfeited)"),
        permissions=["change"],
    )
    def ban_users(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            self,
            request,
            queryset,
            form_class=SanctionForm,
            action="ban_users",
            title=_("Ban users"),
            apply=lambda user, form: services.user_ban(
                user_id=user.pk,
                reason=form.cleaned_data["reason"],
                expires_at=form.expires_at(),
                actor=request.user,
            ),
        )

    @admin.action(description=gettext_lazy("Mute in chat"), permissions=["change"])
    def mute_users(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            self,
            request,
            queryset,
            form_class=SanctionForm,
            action="mute_users",
            title=_("Mute users"),
            apply=lambda user, form: services.user_mute(
                user_id=user.pk,
                reason=form.cleaned_data["reason"],
                expires_at=form.expires_at(),
                actor=request.user,
            ),
        )

    @admin.action(description=gettext_lazy("Lift bans and mutes"), permissions=["change"])
    def lift_sanctions(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        def lift(user: Any, form: Any) -> bool:
            done = False
            for sanction in selectors.open_sanctions(user_id=user.pk):
                done |= services.sanction_lift(
                    sanction_id=sanction.pk, reason=form.cleaned_data["reason"], actor=request.user
                )
            return done

        return reason_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            action="lift_sanctions",
            title=_("Lift bans and mutes"),
            apply=lift,
        )

    @admin.action(
        description=gettext_lazy("Lift the queue cooldown (no-shows)"), permissions=["change"]
    )
    def lift_cooldowns(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            action="lift_cooldowns",
            title=_("Lift queue cooldowns"),
            apply=lambda user, form: services.cooldown_lift(
                user_id=user.pk, reason=form.cleaned_data["reason"], actor=request.user
            ),
        )

    @admin.action(description=gettext_lazy("Mark as bot accounts"), permissions=["change"])
    def mark_bots(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            action="mark_bots",
            title=_("Mark as bot accounts"),
            apply=lambda user, form: services.user_bot_mark(
                user_id=user.pk, is_bot=True, reason=form.cleaned_data["reason"], actor=request.user
            ),
        )

    @admin.action(description=gettext_lazy("Unmark bot accounts"), permissions=["change"])
    def unmark_bots(self, request: HttpRequest, queryset: QuerySet[Any]) -> HttpResponse | None:
        return reason_action(
            self,
            request,
            queryset,
            form_class=ReasonForm,
            action="unmark_bots",
            title=_("Unmark bot accounts"),
            apply=lambda user, form: services.user_bot_mark(
                user_id=user.pk,
                is_bot=False,
                reason=form.cleaned_data["reason"],
                actor=request.user,
            ),
        )
