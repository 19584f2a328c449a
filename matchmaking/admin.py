from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from .models import QueueCooldown, QueueEntry
from .services import cooldown_clear


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "rated", "rating", "joined_at", "last_seen", "priority")
    list_filter = ("game", "rated", "priority")
    search_fields = ("user__username",)
    readonly_fields = ("joined_at", "last_seen")


@admin.register(QueueCooldown)
class QueueCooldownAdmin(admin.ModelAdmin):
    list_display = ("user", "strikes", "until", "last_strike_at", "last_match")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "last_match")
    actions = ["forgive"]

    @admin.action(description="Forgive: clear the cooldown and its strikes")
    def forgive(self, request: HttpRequest, queryset: QuerySet[QueueCooldown]) -> None:
        users = list(queryset.values_list("user_id", flat=True))
        for user_id in users:
            cooldown_clear(user_id=user_id)
        messages.success(request, f"cleared {len(users)} cooldown(s)")
