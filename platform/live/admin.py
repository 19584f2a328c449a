"""Operators' view of matches: seats, the full move log with arrival times, state, clock.

Live's own admin, complete without any other app.  The operations app builds on it: its admin
replaces :class:`MatchAdmin` with a subclass that adds readable players, game and clock columns,
the Abort and Adjudicate pages and the list's abort action (``operations.admin``), so live imports
nothing of operations."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

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
    list_display = (
        "id",
        "game",
        "status",
        "rated",
        "seq",
        "end_reason",
        "created_at",
    )
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

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).prefetch_related("seats__user")


@admin.register(TimeIncident)
class TimeIncidentAdmin(admin.ModelAdmin):
    list_display = ("created_at", "node", "kind", "match", "detail")
    list_filter = ("kind", "node")
    readonly_fields = ("match", "node", "kind", "detail", "created_at")


@admin.register(NodeClock)
class NodeClockAdmin(admin.ModelAdmin):
    list_display = ("node", "offset_ms", "round_trip_ms", "reliable", "problem", "measured_at")
    readonly_fields = list_display
