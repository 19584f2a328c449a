from pathlib import Path

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChatConfig(AppConfig):
    name = "chat"
    # Stated, not derived: under pytest, tests/chat/ (a folder without __init__.py on the test
    # path) would be taken for the app's folder, and the app's locale/ would go unread.
    path = str(Path(__file__).resolve().parent)
    verbose_name = _("Chat")

    def ready(self) -> None:
        # When a match ends both of its rooms become readable by everyone (docs/chat.md).
        # Imported here, not at the top: they use models, loaded only after every app's config.
        from live import services as live_services  # imports models: only in ready()

        from .services import match_ended  # imports models: only in ready()

        if match_ended not in live_services.MATCH_ENDED_HOOKS:
            live_services.MATCH_ENDED_HOOKS.append(match_ended)
