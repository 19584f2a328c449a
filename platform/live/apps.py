from django.apps import AppConfig


class LiveConfig(AppConfig):
    name = "live"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the games check)
