"""Current rating per player (or AI level) per game, and every change with the match behind it."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Rating(models.Model):
    """A person's — or an AI level's — current Elo in one game (exactly one of the two is set)."""

    game = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    ai_level = models.CharField(max_length=20, blank=True)
    rating = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "-rating"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user"],
                condition=models.Q(user__isnull=False),
                name="one_rating_per_user_and_game",
            ),
            models.UniqueConstraint(
                fields=["game", "ai_level"],
                condition=models.Q(user__isnull=True),
                name="one_rating_per_ai_level_and_game",
            ),
        ]

    def __str__(self) -> str:
        who = self.user.username if self.user_id else f"AI {self.ai_level}"
        return f"{who} {self.game} {self.rating:.0f}"


class RatingChange(models.Model):
    """One participant's change from one match; unique per (match, seat): applied exactly once."""

    match = models.ForeignKey("live.Match", on_delete=models.CASCADE, related_name="rating_changes")
    seat = models.PositiveSmallIntegerField()
    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="changes")
    before = models.FloatField()
    after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="one_change_per_match_seat"),
        ]

    @property
    def delta(self) -> float:
        return self.after - self.before


class DeferredRating(models.Model):
    """A rated match whose rating change waits for its deal's embargo to lift.

    Other tables still play the same deal (``live.embargo``): a rating, its history, the
    leaderboard or the match's rating changes moving now would tell them how the deal went.  The
    row exists from the match's end until the change is applied (``services.ratings_release``);
    at most one per match.
    """

    match = models.OneToOneField(
        "live.Match", on_delete=models.CASCADE, related_name="deferred_rating"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"rating of match {self.match_id} waits for its deal's embargo"
