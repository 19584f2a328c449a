"""Durable facts of the queue: who waits for which game, and who may not queue for a while.

A queue entry is deleted when its player is seated (or leaves, or stops being seen); the match row
is then the record.  Cooldowns outlive entries: they are the queue's memory of no-shows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class QueueEntry(models.Model):
    """One waiting player.  At most one per user (a user is never in two queues at once), which is
    what keeps a player out of two matches made by concurrent passes: a pass deletes the entry in
    the same transaction that starts the match."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_entries"
    )
    game = models.CharField(max_length=40)
    rated = models.BooleanField(default=True, help_text="False: casual quick play.")
    rating = models.FloatField(help_text="The player's rating in this game when they joined.")
    joined_at = models.DateTimeField(
        help_text="Reference time; the wait (and window) counts from it."
    )
    last_seen = models.DateTimeField(
        help_text="Last sign of life (heartbeat); an entry not seen for the grace is removed."
    )
    priority = models.BooleanField(
        default=False, help_text="Put back after an opponent's no-show: seated before the others."
    )

    class Meta:
        ordering = ["-priority", "joined_at", "id"]
        verbose_name_plural = "queue entries"
        constraints = [models.UniqueConstraint(fields=["user"], name="one_queue_entry_per_user")]
        indexes = [models.Index(fields=["game", "rated"], name="queue_bucket")]

    def __str__(self) -> str:
        kind = "rated" if self.rated else "casual"
        return f"{self.user_id} waits for {self.game} ({kind})"


class QueueCooldown(models.Model):
    """How long a user must wait before queueing again after missing a queue match's first
    decision; ``strikes`` counts recent no-shows so that the wait grows (matchmaking/README.md)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="queue_cooldown"
    )
    strikes = models.PositiveIntegerField(default=0)
    until = models.DateTimeField()
    last_strike_at = models.DateTimeField()
    last_match = models.ForeignKey(
        "live.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-until"]

    def __str__(self) -> str:
        return f"{self.user_id} cooled down until {self.until:%Y-%m-%d %H:%M:%S} ({self.strikes})"
