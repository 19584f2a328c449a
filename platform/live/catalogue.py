"""What the site needs of a game besides its engine, and which games have all of it.

A game exists once its package under ``games/`` declares ``GAME``; it is *playable on the site* once
it also has its board module, its rules help in English, German and Simplified Chinese and its docs
page.  One function
answers that, for the system check (``manage.py check`` fails on a registered game that lacks a
part, so a half-added game cannot be deployed by accident) and for the lobby (which offers exactly
the games that pass, so a missing static file in a deployment hides the game instead of serving a
500).  docs/architecture.md "Adding a game" is the checklist a developer follows.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.staticfiles import finders
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import get_language

from games.core import Game
from games.registry import all_games

LANGUAGES = ("en", "de", "zh")
"""The rules help's languages, keyed as the browser's dictionaries are (kit/i18n.js): "zh" is
Simplified Chinese, the page language Django calls "zh-hans" (its first two letters select it)."""

# The file suffix for a language whose key is shorter than its name: the Chinese help says which
# script it is written in, so a Traditional Chinese one could sit beside it.
_FILE_SUFFIX = {"zh": "zh_hans"}


def board_module(slug: str) -> str:
    """The board's static path (one ES module per game, ``frontend/static/boards/``)."""
    return f"boards/{slug}.js"


def rules_templates(slug: str) -> dict[str, str]:
    """The rules help per interface language (``frontend/templates/rules/``):
    ``<slug>_en.html``, ``<slug>_de.html`` and ``<slug>_zh_hans.html``, keyed en, de, zh."""
    return {lang: f"rules/{slug}_{_FILE_SUFFIX.get(lang, lang)}.html" for lang in LANGUAGES}


_READ_IN = {
    "en": ("en", "Read the rules in English"),
    "de": ("de", "Regeln auf Deutsch lesen"),
    "zh": ("zh-Hans", "阅读中文规则"),
}
"""Each help's ``lang`` attribute and its toggle's words, written in that help's own language."""


def rules_in_page_order(slug: str, lang: str | None = None) -> list[dict[str, str]]:
    """The rules help of every language, the page's language (default: the active one) first:
    each with its ``template``, its ``lang`` attribute and the words of its toggle."""
    first = page_language(lang)
    templates = rules_templates(slug)
    ordered = [first, *(other for other in LANGUAGES if other != first)]
    return [
        {"template": templates[key], "lang": _READ_IN[key][0], "toggle": _READ_IN[key][1]}
        for key in ordered
    ]


def docs_page(slug: str) -> str:
    """The game's page in ``docs/games/`` (options, actions, view, forfeit, deals)."""
    return f"docs/games/{slug}.md"


def missing_parts(game: Game[Any]) -> list[str]:
    """Every part of ``game`` the site lacks, as sentences naming the file to add."""
    missing = []
    if not finders.find(board_module(game.slug)):
        missing.append(f"board module frontend/static/{board_module(game.slug)}")
    for template in rules_templates(game.slug).values():
        try:
            get_template(template)
        except TemplateDoesNotExist:
            missing.append(f"rules help frontend/templates/{template}")
    if not (settings.BASE_DIR / docs_page(game.slug)).is_file():
        missing.append(f"docs page {docs_page(game.slug)}")
    return missing


@cache
def playable_games() -> dict[str, Game[Any]]:
    """The registered games with every part the site needs, by slug (stable for a process)."""
    return {slug: g for slug, g in all_games().items() if not missing_parts(g)}


def page_language(lang: str | None = None) -> str:
    """The site's key ("en", "de", "zh") for a Django language code, by default the active one:
    "zh-hans" is "zh", as for the rules help; a language the site lacks is English."""
    code = (lang or get_language() or "en").lower()
    key = code.split("-")[0].split("_")[0]
    return key if key in LANGUAGES else "en"


def game_title(game: Game[Any] | str, lang: str | None = None) -> str:
    """The name a person reads for ``game`` (a declaration or a slug) in ``lang`` (default: the
    active language).  The declaration's ``titles`` hold the other languages' names; the English
    ``title`` stands in where none is declared, and an unknown slug is shown as itself (an old
    match of a game that was removed)."""
    if isinstance(game, str):
        found = all_games().get(game)
        if found is None:
            return game
        game = found
    return game.titles.get(page_language(lang), game.title)
