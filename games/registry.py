"""Finds every game: each package under ``games/`` that exposes a ``GAME`` (a ``games.core.Game``).

Discovery instead of a hand-kept list keeps "adding a game" a change inside its own package.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from typing import Any

import games
from games.core import Game


@cache
def all_games() -> dict[str, Game[Any]]:
    """Every registered game by slug, in a stable order."""
    found: dict[str, Game[Any]] = {}
    for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.slug] = game
    return found


def get_game(slug: str) -> Game[Any]:
    """The game called ``slug``; KeyError names the unknown slug."""
    try:
        return all_games()[slug]
    except KeyError:
        raise KeyError(f"unknown game {slug!r}") from None
