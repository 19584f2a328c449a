from django.apps import AppConfig


class MatchmakingConfig(AppConfig):
    name = "matchmaking"
    verbose_name = "ranked queue"

    def ready(self) -> None:
        # Imported here, not at the top: these modules use models, which Django loads only after
        # every app's config.
        from live import services as live_services  # imports models: only in ready()
        from live.notify_socket import USER_GROUP_HOOKS  # imports models: only in ready()

        from .conf import user_group  # imports models (live.timebase): only in ready()
        from .services import queue_no_show  # imports models: only in ready()

        # A queue-made match aborted because a seat never made its first decision: cool the no-show
        # down and put the others back at the front of the queue (live's no-show hook, inside the
        # transaction that aborts the match).
        if queue_no_show not in live_services.MATCH_NO_SHOW_HOOKS:
            live_services.MATCH_NO_SHOW_HOOKS.append(queue_no_show)
        # Every open page of a queued player hears the queue's ``matched`` on its notification
        # socket (live.notifications).
        if user_group not in USER_GROUP_HOOKS:
            USER_GROUP_HOOKS.append(user_group)
