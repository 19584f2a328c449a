"""One stored analysis per match (``analysis.services`` is the only writer)."""

from __future__ import annotations

from django.db import models


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", "pending"
    RUNNING = "running", "running"
    DONE = "done", "done"
    FAILED = "failed", "failed"


class MatchAnalysis(models.Model):
    match = models.OneToOneField("live.Match", on_delete=models.CASCADE, related_name="analysis")
    status = models.CharField(
        max_length=10, choices=AnalysisStatus.choices, default=AnalysisStatus.PENDING
    )
    result = models.JSONField(null=True, blank=True, help_text="The game's analysis (done only).")
    error = models.TextField(blank=True, help_text="Why the job failed (for operators).")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True, help_text="When a job claimed it.")
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "match analyses"

    def __str__(self) -> str:
        return f"analysis of match {self.match_id}: {self.status}"
