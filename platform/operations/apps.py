from pathlib import Path

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class OperationsConfig(AppConfig):
    name = "operations"
    # Stated, not derived: under pytest, tests/operations/ (a folder without __init__.py on the
    # test path) made Django take that folder for the app's, and the app's locale/ went unread.
    path = str(Path(__file__).resolve().parent)
    verbose_name = _("Operations")

    def ready(self) -> None:
        # Observability only: the clock worker's job lateness goes to Redis (operations.clocklag).
        from . import clocklag  # imports models (live.timebase): only in ready()

        clocklag.connect()
