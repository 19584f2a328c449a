"""Durable facts of tournaments.

``Tournament`` is the row every tournament-wide writer locks (registration, starting, pairing a
round, pausing); ``Entry`` is a player in it (a user, or an AI level entered by the organiser);
``Round`` and ``Pairing`` (one table of one round, linked to the live ``Match`` that plays it) and
``Bye`` hold the results the standings are computed from (``matchmaking.standings``, a pure function
of them); ``AuditEntry`` records what organisers and operators did, and why.

Lock order (docs/tournaments.md, "The app"): tournament → match → pairing.  A match's ending
(``services.match_ended``, called by live inside the transaction that ends the match, with the
match row locked) only ever locks the pairing of that match, never the tournament row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Format(models.TextChoices):
    SWISS = "swiss", "Swiss"
    ROUND_ROBIN = "round_robin", "round robin"
    KNOCKOUT = "knockout", "knockout"
    ARENA = "arena", "arena"
    PAIRS = "pairs", "pairs (duplicate, Mitchell or Howell)"


class MovementKind(models.TextChoices):
    MITCHELL = "mitchell", "Mitchell"
    HOWELL = "howell", "Howell"


class EntryPolicy(models.TextChoices):
    EVERYONE = "everyone", "everyone"
    INVITED = "invited", "invited players only"
    RATING_RANGE = "rating_range", "players within a rating range"


class TournamentStatus(models.TextChoices):
    SCHEDULED = "scheduled", "scheduled"
    RUNNING = "running", "running"
    PAUSED = "paused", "paused"
    FINISHED = "finished", "finished"
    CANCELLED = "cancelled", "cancelled"


class Tournament(models.Model):
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40, db_index=True)
    format = models.CharField(max_length=12, choices=Format.choices)
    bank_ms = models.PositiveIntegerField(help_text="Clock bank per player and game, ms.")
    delay_ms = models.PositiveIntegerField(help_text="Delay before each fresh decision, ms.")
    rated = models.BooleanField(default=True)
    seats_per_table = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Swiss: rounds to play; round robin: optional length."
    )
    double_round_robin = models.BooleanField(default=False)
    knockout_games = models.PositiveSmallIntegerField(
        default=1, help_text="Knockout (two seats): regular games per match."
    )
    arena_minutes = models.PositiveIntegerField(null=True, blank=True)
    movement = models.CharField(
        max_length=8,
        choices=MovementKind.choices,
        blank=True,
        help_text="Pairs: the movement (empty: Howell up to 16 pairs, else Mitchell).",
    )
    boards_per_round = models.PositiveSmallIntegerField(
        default=2, help_text="Pairs: boards each table plays in a round."
    )
    round_break_s = models.PositiveIntegerField(
        default=10, help_text="Pause between the end of a round and the start of the next."
    )
    registration_opens = models.DateTimeField()
    registration_closes = models.DateTimeField()
    starts_at = models.DateTimeField(db_index=True)
    max_players = models.PositiveIntegerField()
    entry_policy = models.CharField(
        max_length=12, choices=EntryPolicy.choices, default=EntryPolicy.EVERYONE
    )
    rating_min = models.PositiveIntegerField(null=True, blank=True)
    rating_max = models.PositiveIntegerField(null=True, blank=True)
    invited = models.ManyToManyField(
        settings.AUTH_USER_MODEL, blank=True, related_name="tournament_invitations"
    )
    duplicate_deals = models.BooleanField(default=False)
    forbidden_pairs = models.JSONField(
        default=list, blank=True, help_text="Pairs of entry ids that never meet (Swiss)."
    )
    tiebreak_order = models.JSONField(
        default=list,
        blank=True,
        help_text="Swiss and round robin: tie-break codes in the order they rank ties "
        "(e.g. BH-C1, SB, DE, WIN).",
    )
    seed = models.BigIntegerField(help_text="Drives the duplicate deals and schedule shuffles.")
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="organised_tournaments"
    )
    status = models.CharField(
        max_length=10,
        choices=TournamentStatus.choices,
        default=TournamentStatus.SCHEDULED,
        db_index=True,
    )
    current_round = models.PositiveSmallIntegerField(default=0)
    next_round_at = models.DateTimeField(
        null=True, blank=True, help_text="When the next round is due (after the round break)."
    )
    schedule = models.JSONField(
        null=True,
        blank=True,
        help_text="Round robin: every round's tables; pairs: the movement and pair numbers; both "
        "fixed at the start.",
    )
    status_reason = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ends_at = models.DateTimeField(null=True, blank=True, help_text="Arena: no pairing after it.")
    ended_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        permissions = [("organise_tournament", "Can create and run tournaments")]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_format_display()}, {self.game})"

    @property
    def is_open(self) -> bool:
        return self.status in (TournamentStatus.SCHEDULED, TournamentStatus.RUNNING)


class EntryStatus(models.TextChoices):
    ACTIVE = "active", "active"
    WITHDRAWN = "withdrawn", "withdrawn"
    ELIMINATED = "eliminated", "eliminated"


def played_by(user_id: int) -> models.Q:
    """Entries ``user_id`` plays in: as the entrant, or as the partner who accepted (pairs)."""
    return models.Q(user_id=user_id) | models.Q(partner_id=user_id, partner_accepted=True)


class Entry(models.Model):
    """A player of a tournament: a user, or an AI level (each AI entry is a player of its own).

    In a pairs tournament an entry is a *pair*: the user (or AI level) and a partner — a user who
    accepted the invitation (``partner_accepted``), or else the robot ``partner_ai_level``.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
    )
    ai_level = models.CharField(max_length=20, blank=True)
    ai_name = models.CharField(
        max_length=40,
        blank=True,
        help_text="An AI entrant's name, as the lobby names AI players; its match seats carry it.",
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_partnerships",
        help_text="Pairs: the partner the player named (plays once they accept).",
    )
    partner_accepted = models.BooleanField(default=False)
    partner_ai_level = models.CharField(
        max_length=20, blank=True, help_text="Pairs: the robot partner's level."
    )
    partner_ai_name = models.CharField(
        max_length=40,
        blank=True,
        help_text="Pairs: the robot partner's name, as the lobby names AI players; its match "
        "seats carry it.",
    )
    rating = models.FloatField(help_text="Rating in the game when entered (refreshed at start).")
    status = models.CharField(
        max_length=10, choices=EntryStatus.choices, default=EntryStatus.ACTIVE, db_index=True
    )
    joined_round = models.PositiveSmallIntegerField(
        default=1, help_text="The first round this entry can be paired in (late join)."
    )
    status_reason = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        verbose_name_plural = "entries"
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=models.Q(user__isnull=False),
                name="one_entry_per_user",
            ),
            models.CheckConstraint(
                condition=(models.Q(user__isnull=False) & models.Q(ai_level=""))
                | (models.Q(user__isnull=True) & ~models.Q(ai_level="")),
                name="entry_is_user_xor_ai",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def display_name(self) -> str:
        if self.user_id:
            own = self.user.username
        else:
            own = self.ai_name or f"AI {self.ai_level} #{self.pk}"  # entered before AI names
        if self.partner_id and self.partner_accepted:
            return f"{own} & {self.partner.username}"
        if self.partner_ai_name:
            return f"{own} & {self.partner_ai_name}"
        if self.partner_ai_level and self.user_id:
            return f"{own} & AI {self.partner_ai_level}"  # entered before robot partners' names
        return own


class RoundStatus(models.TextChoices):
    PLAYING = "playing", "playing"
    DONE = "done", "done"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=8, choices=RoundStatus.choices, default=RoundStatus.PLAYING
    )
    deal_seed = models.BigIntegerField(
        help_text="The seed every table of the round shares when the tournament plays duplicate "
        "deals."
    )
    plan = models.JSONField(
        null=True, blank=True, help_text="Knockout: the bracket matches or heat of this round."
    )
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            # The second guard (after the tournament row lock) against pairing a round twice.
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id} round {self.number}"


class PairingStatus(models.TextChoices):
    PLAYING = "playing", "playing"
    REPLAY = "replay", "to be replayed"
    DONE = "done", "done"
    VOID = "void", "void (arena game aborted)"


class Pairing(models.Model):
    """One table of one round: entries in seat order, the live match playing it, its result.

    ``placings`` (1 = best, per seat), ``absent`` (entry ids that forfeited: no-shows, withdrawals
    during the game) and ``points`` (per seat, set only when duplicate deals replace placement
    points by matchpoints) are what ``matchmaking.standings.Game`` needs.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(help_text="The table's number in the round.")
    deal_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Pairs: the board (deal) number played at this table."
    )
    players = models.JSONField(
        help_text="Entry ids in seat order (pairs: North–South, East–West, North–South, "
        "East–West by seat; partners sit in the last two seats)."
    )
    match = models.OneToOneField(
        "live.Match",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="tournament_pairing",
    )
    status = models.CharField(
        max_length=8, choices=PairingStatus.choices, default=PairingStatus.PLAYING, db_index=True
    )
    placings = models.JSONField(null=True, blank=True)
    scores = models.JSONField(null=True, blank=True, help_text="The game's own score per seat.")
    absent = models.JSONField(default=list, blank=True)
    points = models.JSONField(null=True, blank=True)
    no_shows = models.JSONField(
        default=list, blank=True, help_text="Entry ids that never moved (a subset of absent)."
    )
    ko_match = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Knockout: which match of the bracket round."
    )
    ko_game = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Knockout: game number within the match (0-based)."
    )
    replays = models.PositiveSmallIntegerField(default=0)
    earlier_matches = models.JSONField(
        default=list, blank=True, help_text="Matches of this table that were aborted and replayed."
    )
    adjudicated = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round", "board", "deal_number"]
        indexes = [models.Index(fields=["tournament", "status"], name="tournament_pairing_status")]

    def __str__(self) -> str:
        return f"{self.round} board {self.board}"


class Bye(models.Model):
    """A round an entry was not seated in, with the points it gave (FIDE C.07 16.2 kinds)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="byes")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=12)
    points = models.FloatField(default=0.0)

    class Meta:
        ordering = ["round", "entry"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_round_entry")
        ]


class AuditEntry(models.Model):
    """Something an organiser, an operator or the platform itself did to a tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Empty: the platform itself.",
    )
    action = models.CharField(max_length=40)
    reason = models.TextField(blank=True)
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.action}"


class SharedDeal(models.Model):
    """A live match whose deal other tables of the tournament play too: every table of a
    duplicate round, every board of a pairs session, and an aborted game of either that was
    replayed with the same deal.  The row outlives the pairing's move to a replay, so the aborted
    match stays under the deal embargo (``selectors.embargoed_matches``: docs/tournaments.md,
    "Deal embargo") until the deal is done everywhere."""

    match = models.OneToOneField("live.Match", on_delete=models.CASCADE, related_name="shared_deal")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="shared_deals"
    )
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="shared_deals")
    deal_number = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Pairs: the board; empty: the round's duplicate deals."
    )

    def __str__(self) -> str:
        return f"match {self.match_id}: {self.round}"


class OrganiserRequest(models.Model):
    """A user's "Ask to organise", for the staff to answer in the admin (granting adds the user
    to the Organisers group through the audited access service).  One open request per user:
    asking again while one waits changes nothing."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organiser_requests"
    )
    note = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    granted = models.BooleanField(null=True, blank=True, help_text="Empty while unanswered.")
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(answered_at__isnull=True),
                name="one_open_organiser_request",
            )
        ]

    def __str__(self) -> str:
        return f"organiser request of {self.user}"
