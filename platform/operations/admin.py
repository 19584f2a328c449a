"""The audit log (read-only: nobody edits history), the sanctions list, and the operator's match
admin: live's own ``MatchAdmin`` replaced by :class:`MatchOperationsAdmin`, which adds the Abort
and Adjudicate pages, readable players, game and clock, and the list's abort action (live imports
nothing of this app, so the extension is registered from here)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from live.admin import MatchAdmin
from live.models import Match

from .admin_pages import MatchOperationsMixin
from .forms import AbortForm
from .models import AuditEntry, Sanction
from .services import match_abort

# live.admin registered its MatchAdmin on import (above): the operator's version takes its place.
admin.site.unregister(Match)


@admin.register(Match)
class MatchOperationsAdmin(MatchOperationsMixin, MatchAdmin):
    list_display = (
        "id",
        "game_title",
        "players",
        "status",
        "clock_state",
        "rated",
        "seq",
        "end_reason",
        "created_at",
    )
    readonly_fields = ("game_title", "players", "clock_state", *MatchAdmin.readonly_fields)
    actions = ["abort_matches"]

    @admin.action(
        description="Abort the selected running matches (no rating result)", permissions=["change"]
    )
    def abort_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        """A list action for many matches at once: the reason "a technical problem on the
        server"; one match's page asks for the reason (its Abort button)."""
        form = AbortForm({"reason": "technical", "note": "aborted from the match list"})
        assert form.is_valid()
        done = sum(
            match_abort(
                match_id=m.pk,
                reason_code=form.cleaned_data["reason"],
                note=form.cleaned_data["note"],
                actor=request.user,  # type: ignore[arg-type]
            )
            for m in queryset
        )
        self.message_user(request, f"{done} match(es) aborted.", messages.SUCCESS)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ("created_at", "actor_name", "action", "target_repr", "reason")
    list_filter = ("action", "target_type")
    search_fields = ("actor_name", "target_repr", "target_id", "reason")
    date_hierarchy = "created_at"
    readonly_fields = (
        "created_at",
        "actor",
        "actor_name",
        "action",
        "target_type",
        "target_id",
        "target_repr",
        "reason",
        "detail",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    """Bans and mutes are given and lifted from the user list (with a reason, audited)."""

    list_display = ("user", "kind", "reason", "created_at", "created_by", "expires_at", "state")
    list_filter = ("kind",)
    search_fields = ("user__username", "reason")
    readonly_fields = (
        "user",
        "kind",
        "reason",
        "created_at",
        "created_by",
        "expires_at",
        "lifted_at",
        "lifted_by",
        "deactivated",
    )

    @admin.display(description=_("state"))
    def state(self, sanction: Sanction) -> str:
        if sanction.lifted_at is not None:
            return str(_("lifted"))
        if sanction.expires_at is not None and sanction.expires_at <= timezone.now():
            return str(_("expired"))
        return str(_("active"))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
