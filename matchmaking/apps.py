from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "ranked queue"

    def ready(self) -> None:
        # A queue-made match aborted because a seat never made its first decision: cool the no-show
        # down and put the others back at the front of the queue (live's no-show hook, inside the
        # transaction that aborts the match).
        from live import services as live_services

        from .services import queue_no_show

        if queue_no_show not in live_services.MATCH_NO_SHOW_HOOKS:
            live_services.MATCH_NO_SHOW_HOOKS.append(queue_no_show)
