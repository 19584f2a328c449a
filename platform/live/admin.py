"""Operators' view of matches: players, game, clock, the full move log with arrival times, state;
Abort and Adjudicate pages with a reason (operations.admin_pages)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from operations.admin_pages import MatchOperationsMixin
from operations.forms import AbortForm
from operations.services import match_abort

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
class MatchAdmin(MatchOperationsMixin, admin.ModelAdmin):
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
    list_filter = ("game", "status", "end_reason", "rated")
    search_fields = ("id", "seats__user__username")
    readonly_fields = (
        "game_title",
        "players",
        "clock_state",
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

    def get_queryset(self, request: HttpRequest) -> QuerySet[Match]:
        return super().get_queryset(request).prefetch_related("seats__user")

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


@admin.register(TimeIncident)
class TimeIncidentAdmin(admin.ModelAdmin):
    list_display = ("created_at", "node", "kind", "match", "detail")
    list_filter = ("kind", "node")
    readonly_fields = ("match", "node", "kind", "detail", "created_at")


@admin.register(NodeClock)
class NodeClockAdmin(admin.ModelAdmin):
    list_display = ("node", "offset_ms", "round_trip_ms", "reliable", "problem", "measured_at")
    readonly_fields = list_display
