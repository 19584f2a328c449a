"""Operators' view of matches: seats, the full move log with arrival times, state, and aborting."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from . import services
from .models import Match, Move, NodeClock, Seat, TimeIncident


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    readonly_fields = ("seat", "user", "ai_level")
    can_delete = False


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    readonly_fields = (
        "seq",
        "seat",
        "kind",
        "action",
        "command_id",
        "arrived_ms",
        "committed_ms",
        "detail",
    )
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "rated", "seq", "end_reason", "created_at", "ended_at")
    list_filter = ("game", "status", "end_reason", "rated")
    search_fields = ("id", "seats__user__username")
    readonly_fields = (
        "game",
        "status",
        "seat_count",
        "options",
        "seed",
        "rated",
        "seq",
        "state",
        "clock",
        "wake_ms",
        "wake_job_ms",
        "result",
        "end_reason",
        "abort_reason",
        "created_by",
        "created_at",
        "ended_at",
    )
    inlines = [SeatInline, MoveInline]
    actions = ["abort_matches"]

    @admin.action(description="Abort the selected running matches (no rating result)")
    def abort_matches(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        done = sum(
            services.match_abort(
                match_id=m.pk,
                reason=f"aborted by operator {request.user}",
                by_user_id=request.user.pk,
            )
            for m in queryset
        )
        self.message_user(request, f"{done} match(es) aborted.", messages.SUCCESS)


@admin.register(TimeIncident)
class TimeIncidentAdmin(admin.ModelAdmin):
    list_display = ("created_at", "node", "kind", "match", "detail")
    list_filter = ("kind", "node")
    readonly_fields = ("match", "node", "kind", "detail", "created_at")


@admin.register(NodeClock)
class NodeClockAdmin(admin.ModelAdmin):
    list_display = ("node", "offset_ms", "round_trip_ms", "reliable", "problem", "measured_at")
    readonly_fields = list_display
