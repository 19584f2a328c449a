from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "lobby"

    def ready(self) -> None:
        # Imported here, not at the top: these modules use models, which Django loads only after
        # every app's config.
        from live.providers import AFTER_MATCH_PROVIDERS  # imports models: only in ready()

        from .after_match import after_match  # imports models: only in ready()

        # Live's result screen offers the rematch and the new game the lobby runs.
        if after_match not in AFTER_MATCH_PROVIDERS:
            AFTER_MATCH_PROVIDERS.append(after_match)
