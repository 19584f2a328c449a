"""What each game can be run as — its table sizes and tournament formats — in words, for the
organiser before they pick (the form's table) and for a refusal after (the form's translated
error, the service's English one).  One list of formats a game supports, :func:`formats_for`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.core import Game
from live import catalogue

from . import pairs
from .models import Format

FORMAT_NAMES = {
    Format.SWISS: gettext_lazy("Swiss"),
    Format.ROUND_ROBIN: gettext_lazy("Round robin"),
    Format.KNOCKOUT: gettext_lazy("Knockout"),
    Format.ARENA: gettext_lazy("Arena"),
    Format.PAIRS: gettext_lazy("Pairs (duplicate)"),
}
"""The formats' names as the form's choices show them."""


def formats_for(game: Game[Any]) -> list[str]:
    """The formats ``game``'s tournaments can have: every game plays Swiss, round robin, knockout
    and arena; pairs only a game for two partnerships with fixed deals."""
    formats = [Format.SWISS, Format.ROUND_ROBIN, Format.KNOCKOUT, Format.ARENA]
    if pairs.unsuitable(game, pairs.SEATS) is None:
        formats.append(Format.PAIRS)
    return [str(f) for f in formats]


def either(words: list[str]) -> str:
    """["a"] → "a"; ["a", "b", "c"] → "a, b or c", in the page's language."""
    if len(words) == 1:
        return words[0]
    return _("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def tables_words(game: Game[Any]) -> str:
    return _("tables of %(sizes)s players") % {"sizes": either([str(n) for n in game.seat_counts])}


def formats_words(game: Game[Any]) -> str:
    names = []
    for key in formats_for(game):
        if key == Format.KNOCKOUT and game.seat_counts != (2,):
            names.append(_("knockout heats"))
        else:
            names.append(str(FORMAT_NAMES[Format(key)]))
    return either(names)


def support_rows() -> list[dict[str, str]]:
    """The form's table: every playable game with its tables and formats."""
    return [
        {
            "slug": slug,
            "title": catalogue.game_title(game),
            "tables": tables_words(game),
            "formats": formats_words(game),
        }
        for slug, game in catalogue.playable_games().items()
    ]


def seats_refusal(game: Game[Any], seats: int) -> str | None:
    """Why ``game`` cannot be played at tables of ``seats`` (saying what it can), or None."""
    if seats in game.seat_counts:
        return None
    return _(
        "%(game)s is played at %(tables)s, not %(seats)s. Its tournaments can be %(formats)s."
    ) % {
        "game": catalogue.game_title(game),
        "tables": tables_words(game),
        "seats": seats,
        "formats": formats_words(game),
    }


def format_refusal(game: Game[Any], format_key: str) -> str | None:
    """Why ``game`` cannot be run as ``format_key`` (saying what it can), or None."""
    if format_key in formats_for(game):
        return None
    return _(
        "%(game)s cannot be played as a “%(format)s” tournament. Its tournaments can be "
        "%(formats)s."
    ) % {
        "game": catalogue.game_title(game),
        "format": str(FORMAT_NAMES[Format(format_key)]),
        "formats": formats_words(game),
    }
