"""AI entrants as the lobby presents computer players, so that one AI has one name, one level and
one rating everywhere: a name from the lobby's list ("Ada (bot)", ``live.ai_players``) that the
table's match seat carries too, the level's name people know (Beginner, Casual, Club player,
Expert) and the level's rating as the lobby shows it (its own once established, else the level's
guide rating) — never the platform's starting rating of a newcomer."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from games.core import Game
from games.registry import get_game
from live.ai_players import AI_NAMES, Level, game_levels
from lobby.selectors import ai_level_ratings


def entrant_names(taken: Collection[str], count: int) -> list[str]:
    """``count`` AI names no entry of the event has yet, in the lobby's order; after the twelve
    names come round again with a number ("Ada 2 (bot)")."""
    used = set(taken)
    out: list[str] = []
    n = 0
    while len(out) < count:
        base = AI_NAMES[n % len(AI_NAMES)]
        lap = n // len(AI_NAMES)
        name = f"{base} (bot)" if lap == 0 else f"{base} {lap + 1} (bot)"
        if name not in used:
            out.append(name)
            used.add(name)
        n += 1
    return out


def levels_of(game: Game[Any]) -> list[Level]:
    """The game's AI levels as the lobby offers them: people's names, descriptions, ratings."""
    return game_levels(game, ai_level_ratings().get(game.slug))


def level_rating(game_slug: str, level: str) -> float:
    """The rating an AI entrant of ``level`` enters with (and is seeded by): the lobby's figure."""
    for shown in levels_of(get_game(game_slug)):
        if shown.key == level:
            return float(shown.rating)
    raise KeyError(level)


def level_labels(game_slug: str) -> dict[str, str]:
    """Each level key's people's name in the current language."""
    return {level.key: level.label for level in game_levels(get_game(game_slug))}
