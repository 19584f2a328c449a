"""Durable facts of a live match.

``Match`` holds the snapshot (engine state + clock) and is the row every writer locks; ``Move`` is
the append-only log that is the truth (a match can be replayed from it).  ``TimeIncident`` and
``NodeClock`` record what the platform knows about the quality of its own time measurement.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from .ai_players import ai_seat_name


class MatchStatus(models.TextChoices):
    WAITING = "waiting", "waiting"
    RUNNING = "running", "running"
    FINISHED = "finished", "finished"
    ABORTED = "aborted", "aborted"


class EndReason(models.TextChoices):
    NORMAL = "normal", "played to the end"
    RESIGN = "resign", "resignation"
    TIME = "time", "time ran out"
    ABORT = "abort", "aborted by an operator"
    UNRELIABLE_TIME = "unreliable_time", "aborted: unreliable time"
    STALL = "stall", "stalled beyond the bound"
    NO_START = "no_start", "aborted: first decision not made in time"
    OUTAGE = "outage", "aborted: the server was down"
    ADJUDICATED = "adjudicated", "decided by an operator"


class Match(models.Model):
    game = models.CharField(max_length=40, db_index=True)
    status = models.CharField(
        max_length=10, choices=MatchStatus.choices, default=MatchStatus.RUNNING, db_index=True
    )
    seat_count = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True)
    seed = models.BigIntegerField()
    seed_salt = models.CharField(
        max_length=64,
        blank=True,
        help_text="Secret until the match ends; with the seed it opens the commitment.",
    )
    seed_commitment = models.CharField(
        max_length=64,
        blank=True,
        help_text="SHA-256 of salt and seed, shown from the start (live.fairness).",
    )
    rated = models.BooleanField(default=False, help_text="Fixed when the match starts.")
    from_queue = models.BooleanField(
        default=False, help_text="Made by the matchmaker: a missed first decision aborts it."
    )
    seq = models.PositiveIntegerField(default=0)
    state = models.JSONField(help_text="The engine's full state after `seq` actions.")
    clock = models.JSONField(default=dict)
    wake_ms = models.BigIntegerField(
        null=True,
        blank=True,
        help_text="When the server must act by itself (a deadline or a stall bound), epoch ms.",
    )
    wake_job_ms = models.BigIntegerField(
        null=True,
        blank=True,
        help_text="When the pending clock job runs, epoch ms (at or before wake_ms: it moves "
        "itself on, so a move needs no new job unless its deadline comes earlier).",
    )
    result = models.JSONField(null=True, blank=True)
    end_reason = models.CharField(max_length=20, choices=EndReason.choices, blank=True)
    abort_reason = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "matches"
        # The clock's queries look at running matches only.  Every move rewrites ``wake_ms``, so a
        # full index keeps an entry for every row version ever written until vacuum catches up: in
        # a burst of deadlines the claim query walked tens of thousands of them per tick.  These
        # hold running versions only, in deadline order (the claim stops after its batch).
        indexes = [
            models.Index(
                fields=["wake_ms"],
                name="live_match_running_wake",
                condition=models.Q(status="running"),
            ),
            models.Index(
                fields=["wake_job_ms"],
                name="live_match_running_wake_job",
                condition=models.Q(status="running"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.pk} ({self.status})"

    @property
    def is_live(self) -> bool:
        return self.status == MatchStatus.RUNNING


class Seat(models.Model):
    """Who sits where: a user, or an AI of a given level (never both)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="match_seats",
    )
    ai_level = models.CharField(max_length=20, blank=True)
    ai_name = models.CharField(
        max_length=40,
        blank=True,
        help_text="An AI seat's name given by whoever made the match (a tournament's AI "
        "entrant); empty: the seat's own name (live.ai_players).",
    )

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_occupant_per_seat"),
            models.CheckConstraint(
                condition=(models.Q(user__isnull=False) & models.Q(ai_level=""))
                | (models.Q(user__isnull=True) & ~models.Q(ai_level="")),
                name="seat_is_user_xor_ai",
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.display_name}"

    @property
    def display_name(self) -> str:
        """The user's name, or the AI's: the one it was given, else the seat's own (distinct per
        seat: ``live.ai_players``)."""
        if self.user_id:
            return str(self.user.username)
        return self.ai_name or ai_seat_name(self.seat)


class MoveKind(models.TextChoices):
    ACTION = "action", "action"
    RESIGN = "resign", "resign"
    TIME_LOSS = "time_loss", "time loss"
    STALL = "stall", "stall bound"
    ABORT = "abort", "abort"


class Move(models.Model):
    """One entry of the append-only move log (never updated or deleted by the platform)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=10, choices=MoveKind.choices, default=MoveKind.ACTION)
    action = models.JSONField(null=True, blank=True)
    command_id = models.CharField(max_length=64, blank=True)
    arrived_ms = models.BigIntegerField(
        help_text="Arrival at the server (reference time), epoch ms."
    )
    committed_ms = models.BigIntegerField()
    detail = models.TextField(blank=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="one_move_per_seq"),
            models.UniqueConstraint(
                fields=["match", "seat", "command_id"],
                condition=~models.Q(command_id=""),
                name="command_applied_once",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.match_id}.{self.seq} {self.kind} seat {self.seat}"


class TimeIncident(models.Model):
    """A moment the platform could not trust its own time measurement."""

    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="time_incidents"
    )
    node = models.CharField(max_length=100)
    kind = models.CharField(max_length=30)
    detail = models.TextField()
    at_ms = models.BigIntegerField(
        null=True, blank=True, db_index=True, help_text="Reference time of the incident, epoch ms."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]


class NodeClock(models.Model):
    """Each process's latest measured offset to the time reference (shown to operators)."""

    node = models.CharField(max_length=100, unique=True)
    offset_ms = models.FloatField()
    round_trip_ms = models.FloatField(default=0)
    reliable = models.BooleanField(default=True)
    problem = models.TextField(blank=True)
    measured_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["node"]


class ServiceBeat(models.Model):
    """The platform's heartbeat: when a serving process (a web process, the sweeper) last showed
    it was up, in reference time.  A gap between two beats longer than ``OUTAGE_TOLERANCE_S`` is an
    outage: no command could arrive, so no arrival time was measured (see ``live.liveness``)."""

    name = models.CharField(max_length=20, unique=True)
    last_ms = models.BigIntegerField()
    node = models.CharField(max_length=100)

    def __str__(self) -> str:
        return f"{self.name} beat at {self.last_ms} by {self.node}"
