"""A challenge: one player invites a named other to a game (docs/challenges.md).

The row says what was offered; ``challenges.services`` is the only writer.  An open challenge past
``expires_at`` is expired whatever its ``status`` column still says: the services and selectors
read it so (no process has to sweep it), and the next challenge between the same two people
closes it for good.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ChallengeStatus(models.TextChoices):
    OPEN = "open", "open"
    ACCEPTED = "accepted", "accepted"
    DECLINED = "declined", "declined"
    CANCELLED = "cancelled", "cancelled"
    EXPIRED = "expired", "expired"


class Challenge(models.Model):
    challenger = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent"
    )
    challenged = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_received"
    )
    game = models.CharField(max_length=40)
    seat_count = models.PositiveSmallIntegerField(
        help_text="Two, or the game's smallest table: the seats beyond two are the AI's."
    )
    ai_level = models.CharField(
        max_length=20, blank=True, help_text="The AI level of the seats beyond two (if any)."
    )
    rated = models.BooleanField(default=False)
    time_control = models.CharField(
        max_length=10, default="standard", help_text="One of lobby.time_controls.CHOICES."
    )
    status = models.CharField(
        max_length=10, choices=ChallengeStatus.choices, default=ChallengeStatus.OPEN
    )
    match = models.OneToOneField(
        "live.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        constraints = [
            # One open challenge from one person to another at a time: the database decides
            # between two clicks at once, not a check before the insert.
            models.UniqueConstraint(
                fields=["challenger", "challenged"],
                condition=models.Q(status="open"),
                name="one_open_challenge_per_pair",
            ),
            models.CheckConstraint(
                condition=~models.Q(challenger=models.F("challenged")),
                name="no_challenge_to_oneself",
            ),
        ]

    def __str__(self) -> str:
        return f"challenge {self.pk} ({self.game}, {self.status})"
