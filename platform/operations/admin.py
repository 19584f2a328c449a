"""The audit log (read-only: nobody edits history) and the sanctions list."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import AuditEntry, Sanction


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
        from django.utils import timezone

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
