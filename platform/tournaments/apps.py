from pathlib import Path

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    # Stated, not derived: under pytest, tests/tournaments/ (a folder without __init__.py on the
    # test path) made Django take that folder for the app's, and the app's locale/ went unread.
    path = str(Path(__file__).resolve().parent)

    def ready(self) -> None:
        # React to every match ending, inside the transaction that ends it (live.services).
        from live import services as live_services  # imports models: only in ready()

        from .services import match_ended  # imports models: only in ready()

        if match_ended not in live_services.MATCH_ENDED_HOOKS:
            live_services.MATCH_ENDED_HOOKS.append(match_ended)
        # Tell live which matches' deals other tables still play (live.embargo).
        from live import embargo  # imports models: only in ready()

        from .selectors import embargoed_matches  # imports models: only in ready()

        if embargoed_matches not in embargo.EMBARGO_FILTERS:
            embargo.EMBARGO_FILTERS.append(embargoed_matches)
        # Chat's tournament rooms exist for the tournaments that do (chat.selectors).
        from chat import selectors as chat_selectors  # imports models: only in ready()

        from .selectors import tournament_exists  # imports models: only in ready()

        if tournament_exists not in chat_selectors.TOURNAMENT_EXISTS:
            chat_selectors.TOURNAMENT_EXISTS.append(tournament_exists)
        # Live's result screen leads back to the event a tournament game belongs to.
        from live.providers import AFTER_MATCH_PROVIDERS  # imports models: only in ready()

        from .after_match import after_match  # imports models: only in ready()

        if after_match not in AFTER_MATCH_PROVIDERS:
            AFTER_MATCH_PROVIDERS.append(after_match)
        # The Celery tasks register the jobs the services queue by name (jobs.enqueue).
        from . import tasks  # noqa: F401 (imports models: only in ready())
