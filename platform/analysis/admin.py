"""Operators see each stored analysis and why a job failed; deleting a row lets the next viewer
ask for the analysis again (a failed one is never retried by itself)."""

from __future__ import annotations

from django.contrib import admin

from .models import MatchAnalysis


@admin.register(MatchAnalysis)
class MatchAnalysisAdmin(admin.ModelAdmin):
    list_display = ("match", "status", "created_at", "started_at", "finished_at")
    list_filter = ("status",)
    readonly_fields = ("match", "status", "result", "error", "created_at", "finished_at")
