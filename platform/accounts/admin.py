from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.http import HttpRequest

from live.socket_access import sockets_close_after_commit
from operations.access import ACCESS_FIELDS, group_permissions_set, user_access_set
from operations.admin_pages import UserOperationsMixin

from .models import ApiToken, User


class ApiTokenInline(admin.TabularInline):
    model = ApiToken
    extra = 0
    fields = ("name", "prefix", "created_at", "last_used_at", "revoked_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(User)
class PlatformUserAdmin(UserOperationsMixin, UserAdmin):
    """Django's user admin plus bans, mutes and the queue cooldown (operations.admin_pages)."""

    list_display = (*UserAdmin.list_display, "is_active", "is_bot", "operations_status")
    list_filter = (*UserAdmin.list_filter, "is_bot")
    readonly_fields = ("is_bot", "operations_status")
    fieldsets = (
        *UserAdmin.fieldsets,
        ("Platform", {"fields": ("is_bot", "operations_status")}),
    )
    inlines = [ApiTokenInline]
    actions = [
        "ban_users",
        "mute_users",
        "lift_sanctions",
        "lift_cooldowns",
        "mark_bots",
        "unmark_bots",
    ]

    # --- who may grant access (issue 28: a moderator made itself superuser) -------------------
    # Staff, superuser, groups and permissions are read-only to everyone but superusers (the
    # form then has no such fields, so whatever a POST carries for them is ignored), and a
    # superuser's changes to them go through operations.access, which audits them.

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = tuple(super().get_readonly_fields(request, obj))
        if request.user.is_superuser:
            return fields
        return fields + tuple(f for f in ACCESS_FIELDS if f not in fields)

    def _guards_someone_above(self, request: HttpRequest, obj: Any) -> bool:
        """A non-superuser may not change another staff account or any superuser: setting
        their password or e-mail would make it them."""
        return (
            obj is not None
            and not request.user.is_superuser
            and obj.pk != request.user.pk
            and (obj.is_staff or obj.is_superuser)
        )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if self._guards_someone_above(request, obj):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if self._guards_someone_above(request, obj):
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change:
            # The form's own save leaves the access flags as they were; save_related hands
            # what the superuser chose to the audited service.
            for name in ("is_staff", "is_superuser"):
                if name in form.initial:
                    setattr(obj, name, form.initial[name])
        super().save_model(request, obj, form, change)
        if change and form.initial.get("is_active") and not obj.is_active:
            sockets_close_after_commit(user_id=obj.pk)  # deactivated: every socket closes (4003)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        chosen = {
            name: form.cleaned_data.pop(name) for name in ACCESS_FIELDS if name in form.fields
        }
        super().save_related(request, form, formsets, change)
        if change and len(chosen) == len(ACCESS_FIELDS):
            user_access_set(
                user_id=form.instance.pk,
                actor=request.user,
                reason="changed on the admin's user page",
                is_staff=chosen["is_staff"],
                is_superuser=chosen["is_superuser"],
                groups=chosen["groups"],
                permissions=chosen["user_permissions"],
            )


admin.site.unregister(Group)


@admin.register(Group)
class PlatformGroupAdmin(GroupAdmin):
    """Groups are roles: changing one's permissions changes every member's access, so only
    superusers may add, change or delete groups, and a change of permissions is audited
    (operations.access); everyone else with a permission on groups may only look."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.is_superuser

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        permissions = form.cleaned_data.pop("permissions", None)
        super().save_related(request, form, formsets, change)
        if permissions is not None:
            group_permissions_set(
                group_id=form.instance.pk,
                actor=request.user,
                reason="changed on the admin's group page",
                permissions=permissions,
            )
