"""Every game's rules help comes in English, German and Simplified Chinese (issue #31, "Three
languages"): a Chinese file beside each English one with the same structure, shown first on a page
in Chinese (Django's "zh-hans") with the other two behind toggles, and its opening paragraph the
lobby card's description there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.test import Client

from games.registry import all_games
from live import catalogue
from live.services import SeatSpec, match_start
from lobby import game_cards

TEMPLATES = Path(django_settings.BASE_DIR) / "frontend" / "templates"
HAN = re.compile(r"[\u4e00-\u9fff]")
GAMES = sorted(all_games())


@pytest.fixture
def chinese_offered(settings: Any) -> None:
    """The site offers zh-hans (settings add it with the Chinese catalogues; this test does not
    depend on that change)."""
    if "zh-hans" not in dict(settings.LANGUAGES):
        settings.LANGUAGES = [*settings.LANGUAGES, ("zh-hans", "简体中文")]


def _structure(html: str) -> list[str]:
    """The help's skeleton: its headings and list items counted per section."""
    return re.findall(r"<(h3|ul|p)\b", html)


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_has_chinese_rules_help_shaped_like_the_english(slug: str) -> None:
    templates = catalogue.rules_templates(slug)
    assert set(templates) == {"en", "de", "zh"}
    assert templates["zh"] == f"rules/{slug}_zh_hans.html"
    english = (TEMPLATES / templates["en"]).read_text()
    chinese = (TEMPLATES / templates["zh"]).read_text()
    assert chinese.startswith('<section lang="zh-Hans" class="rules-text" data-testid="rules-zh">')
    assert _structure(chinese) == _structure(english)
    assert len(re.findall(r"<li\b", chinese)) == len(re.findall(r"<li\b", english))
    assert HAN.search(game_cards.rules_summary(slug, "zh")), slug


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_match_page_in_chinese_shows_the_chinese_rules_first(
    client: Client, make_user, chinese_offered: None, slug: str
) -> None:
    game = all_games()[slug]
    user = make_user()
    level = next(iter(game.bots))
    seats = [SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level=level)] * (game.seat_counts[0] - 1)
    match = match_start(game_slug=slug, seats=seats)
    client.force_login(user)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    page = client.get(f"/match/{match.pk}/").content.decode()
    help_ = page[page.index('data-testid="rules-help"') :]
    chinese, others = help_.index('data-testid="rules-zh"'), help_.index("rules-other-language")
    assert chinese < others < help_.index('data-testid="rules-en"')
    assert others < help_.index('data-testid="rules-de"')
    assert 'data-lang="zh-hans"' in page  # what match-page.js maps to the zh dictionaries


@pytest.mark.django_db
def test_german_and_english_pages_offer_the_chinese_rules_behind_a_toggle(client: Client) -> None:
    for lang in ("en", "de"):
        client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = lang
        user_page = _any_match_page(client)
        toggles = user_page[user_page.index("rules-other-language") :]
        assert 'data-testid="rules-zh"' in toggles and "阅读中文规则" in toggles


def _any_match_page(client: Client) -> str:
    game = all_games()["one_poker"]
    level = next(iter(game.bots))
    match = match_start(game_slug="one_poker", seats=[SeatSpec(ai_level=level)] * 2)
    return client.get(f"/match/{match.pk}/").content.decode()


@pytest.mark.django_db
def test_the_lobby_in_chinese_describes_each_game_by_its_chinese_rules(
    client: Client, chinese_offered: None
) -> None:
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    page = client.get("/").content.decode()
    for slug in catalogue.playable_games():
        assert game_cards.rules_summary(slug, "zh") in page, slug
    assert "南北两家合作" in page and "North and South play together" not in page


@pytest.mark.django_db
def test_the_games_api_gives_the_chinese_summary_to_a_chinese_reader(
    client: Client, chinese_offered: None
) -> None:
    bridge = client.get("/api/v1/games/bridge/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert bridge["rules_language"] == "zh"
    assert bridge["rules_summary"] == game_cards.rules_summary("bridge", "zh")
    assert HAN.search(bridge["rules_summary"])
