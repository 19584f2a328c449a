from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    """Analysis of finished matches: the stored result of each game's own analysis function."""

    name = "analysis"
