from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

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
