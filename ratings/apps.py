from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        # Imported here, not at the top: these modules use models, which Django loads only after
        # every app's config (the same holds for each app's ready below).
        from live import providers  # imports models: only in ready()
        from live import services as live_services  # imports models: only in ready()
        from live.operator_services import RESULT_REPLACED_HOOKS  # imports models: only in ready()

        from .services import match_ended, ratings_replace_result  # imports models: only in ready()
        from .shown import RatingsShown  # imports models: only in ready()

        # A rated match's result moves the ratings inside the transaction that ends it (live's
        # hook).  First among the hooks, whatever the order of the apps: a rated result is applied
        # before tournaments, chat or anything else react to the ending.
        if match_ended not in live_services.MATCH_ENDED_HOOKS:
            live_services.MATCH_ENDED_HOOKS.insert(0, match_ended)
        # An operator's verdict on a finished match replaces its rating changes.
        if ratings_replace_result not in RESULT_REPLACED_HOOKS:
            RESULT_REPLACED_HOOKS.append(ratings_replace_result)
        # Live's result screen, watch list and game API show ratings through this reader.
        providers.ratings_provide(RatingsShown())
