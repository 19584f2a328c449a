from django.contrib import admin

from .models import Challenge


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    """Read-mostly: an operator looks a challenge up; the players' pages change it."""

    list_display = ("id", "challenger", "challenged", "game", "status", "created_at", "expires_at")
    list_filter = ("game", "status")
    raw_id_fields = ("challenger", "challenged", "match")
