"""``manage.py check``: every registered game has the parts the site needs (live.catalogue)."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

from games.registry import all_games

from .catalogue import missing_parts


@register("games")
def games_are_complete(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    return [
        Error(
            f"game {slug!r} is registered but lacks its {part}",
            hint="Follow docs/architecture.md, 'Adding a game'.",
            obj=f"games.{slug}",
            id="games.E001",
        )
        for slug, game in all_games().items()
        for part in missing_parts(game)
    ]
