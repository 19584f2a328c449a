"""What the lobby says about each game, read from the game's own parts, never from a list here:
adding a game adds its card with no change in the platform.

* the description: the first paragraph of the game's rules help in the page's language
  (``frontend/templates/rules/<slug>_<lang>.html``, which every playable game has);
* seats and the typical length: the game's declaration (``Game.seat_counts``,
  ``Game.typical_minutes``);
* the picture: ``frontend/static/boards/<slug>.svg``, a miniature of its board beside the board
  module (a game without one gets the lobby's plain card picture);
* how many matches of it run now: :func:`lobby.selectors.running_counts`.
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from django.contrib.staticfiles import finders
from django.template.loader import get_template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import strip_tags
from django.utils.translation import get_language, ngettext

from games.core import Game
from live import catalogue

_FIRST_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.DOTALL | re.IGNORECASE)


def _language(slug: str) -> str:
    """The page's language if the game's rules help exists in it, else English."""
    lang = (get_language() or "en").lower()
    templates = catalogue.rules_templates(slug)
    for candidate in (lang, lang.split("-")[0]):
        if candidate in templates:
            return candidate
    return "en"


@cache
def rules_summary(slug: str, lang: str) -> str:
    """The first paragraph of the game's rules help in ``lang``, as plain text ("" if it has
    none).  Rules help is written to open with what the game is: that opening is the card's
    description."""
    text = get_template(catalogue.rules_templates(slug)[lang]).render({})
    found = _FIRST_PARAGRAPH.search(text)
    if found is None:
        return ""
    return " ".join(html.unescape(strip_tags(found.group(1))).split())


def picture_path(slug: str) -> str:
    """The static path of the game's board miniature."""
    return f"boards/{slug}.svg"


@cache
def picture_url(slug: str) -> str | None:
    return static(picture_path(slug)) if finders.find(picture_path(slug)) else None


def seats_text(game: Game[Any]) -> str:
    counts = sorted(set(game.seat_counts))
    if len(counts) == 1:
        n = counts[0]
        return ngettext("%(count)s player", "%(count)s players", n) % {"count": n}
    return ngettext("%(low)s to %(count)s players", "%(low)s to %(count)s players", counts[-1]) % {
        "low": counts[0],
        "count": counts[-1],
    }


def length_text(game: Game[Any]) -> str:
    """ "About 15 minutes" ("" when the game does not say)."""
    minutes = game.typical_minutes
    if minutes is None:
        return ""
    return ngettext("about %(count)s minute", "about %(count)s minutes", minutes) % {
        "count": minutes
    }


def playing_text(count: int) -> str:
    if not count:
        return ngettext("no game running now", "no games running now", 0)
    return ngettext("%(count)s game running now", "%(count)s games running now", count) % {
        "count": count
    }


def game_cards(games: list[Game[Any]], running: dict[str, int]) -> list[dict[str, Any]]:
    """One card per game, in the order given, in the active language; ``running``: running
    matches by game (:func:`lobby.selectors.running_counts`)."""
    watch = reverse("watch:list")
    return [
        {
            "slug": g.slug,
            "title": catalogue.game_title(g),
            "summary": rules_summary(g.slug, _language(g.slug)),
            "seats": seats_text(g),
            "length": length_text(g),
            "running": running.get(g.slug, 0),
            "running_text": playing_text(running.get(g.slug, 0)),
            "picture": picture_url(g.slug),
            "watch_url": f"{watch}?game={g.slug}",
        }
        for g in games
    ]
