from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "ratings"

    def ready(self) -> None:
        # A rated match's result moves the ratings inside the transaction that ends it (live's
        # hook).  First among the hooks, whatever the order of the apps: a rated result is applied
        # before tournaments, chat or anything else react to the ending.
        from live import services as live_services

        from .services import match_ended

        if match_ended not in live_services.MATCH_ENDED_HOOKS:
            live_services.MATCH_ENDED_HOOKS.insert(0, match_ended)
