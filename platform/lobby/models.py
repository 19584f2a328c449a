"""Open tables: a match that waits for people to take its seats."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class TableStatus(models.TextChoices):
    OPEN = "open", "open"
    STARTED = "started", "started"
    CANCELLED = "cancelled", "cancelled"


class Table(models.Model):
    game = models.CharField(max_length=40)
    seat_count = models.PositiveSmallIntegerField()
    rated = models.BooleanField(default=False)
    time_control = models.CharField(
        max_length=10,
        default="standard",
        help_text="lobby.time_controls: standard, relaxed, long or untimed (unrated only).",
    )
    status = models.CharField(
        max_length=10, choices=TableStatus.choices, default=TableStatus.OPEN, db_index=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tables_created"
    )
    match = models.OneToOneField(
        "live.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="table"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"table {self.pk} ({self.game}, {self.status})"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="table_seats",
    )
    ai_level = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="one_per_table_seat"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="one_seat_per_user_per_table",
            ),
        ]


class Rematch(models.Model):
    """An offer to play a finished match again with the same players and settings
    (``lobby.rematch``): it starts once every person at the table accepted (AI seats accept at
    once); anyone declining closes it."""

    match = models.OneToOneField("live.Match", on_delete=models.CASCADE, related_name="rematch")
    accepted = models.JSONField(default=list, help_text="Ids of the users who accepted.")
    declined_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    new_match = models.OneToOneField(
        "live.Match",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch_of",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"rematch of match {self.match_id}"
