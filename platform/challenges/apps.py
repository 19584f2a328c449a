from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    """Challenges: one player invites a named other to a game; the match starts when they accept."""

    name = "challenges"
