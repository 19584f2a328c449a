"""What the demo keeps: one row that serialises the top-ups, and the matches it started."""

from __future__ import annotations

from django.db import models


class DemoContent(models.Model):
    """The one row (pk 1) every top-up locks first: two beat ticks at once run one after the
    other, so neither starts a match or a tournament the other has just started."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    """The demo tournament now (scheduled or running), or the last one."""

    def __str__(self) -> str:
        return "demo content"


class DemoMatch(models.Model):
    """A match the demo started (the demo tournament's tables are the tournament's own)."""

    match = models.OneToOneField("live.Match", on_delete=models.CASCADE, related_name="+")
    game = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"demo {self.game} #{self.match_id}"
