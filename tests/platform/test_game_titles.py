"""Game names in the reader's language (issue #31 item 6): a declaration's ``titles`` name the game
in other languages, ``live.catalogue.game_title`` picks the name for the active language, and the
pages (lobby, leaderboards, watch, TV, profiles, tournaments) and the API show it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.registry import all_games
from live import catalogue
from live.services import SeatSpec, match_start

GAMES = all_games()


def test_the_chinese_name_is_chosen_for_the_chinese_page_language() -> None:
    assert catalogue.game_title("dou_dizhu", "zh-hans") == "斗地主"
    assert catalogue.game_title(GAMES["tractor"], "zh-Hans") == "拖拉机"
    assert catalogue.game_title("dou_dizhu", "zh-cn") == "斗地主"


def test_the_english_title_stands_in_where_no_other_name_is_declared() -> None:
    assert catalogue.game_title("dou_dizhu", "de") == "Dou Dizhu"
    assert catalogue.game_title("dou_dizhu", "en") == "Dou Dizhu"
    assert catalogue.game_title("spectacular_bid", "zh-hans") == "Spectacular Bid"
    assert catalogue.game_title("dou_dizhu", "fr") == "Dou Dizhu"


def test_german_players_call_tractor_traktor() -> None:
    assert catalogue.game_title("tractor", "de") == "Traktor"


def test_an_unknown_game_is_named_by_its_slug() -> None:
    assert catalogue.game_title("no_such_game", "zh-hans") == "no_such_game"


def test_the_active_language_is_the_default() -> None:
    with translation.override("zh-hans"):
        assert catalogue.game_title("guandan") == "掼蛋"
    with translation.override("en"):
        assert catalogue.game_title("guandan") == "Guandan"


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_has_a_name_for_every_page_language(slug: str) -> None:
    for lang in catalogue.LANGUAGES:
        assert catalogue.game_title(slug, lang).strip()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/leaderboards/", "/watch/"])
def test_a_chinese_page_names_the_games_in_chinese(client: Client, path: str) -> None:
    client.cookies["django_language"] = "zh-hans"
    page = client.get(path).content.decode()
    assert "斗地主" in page and "拖拉机" in page
    for game in GAMES.values():
        if "zh" in game.titles:
            assert game.titles["zh"] in page and f">{game.title}<" not in page, game.slug
    assert "Dou Dizhu" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "tractor"), [("en", "Tractor"), ("de", "Traktor")])
@pytest.mark.parametrize("path", ["/", "/leaderboards/", "/watch/"])
def test_english_and_german_pages_keep_the_names_players_of_those_languages_use(
    client: Client, path: str, lang: str, tractor: str
) -> None:
    client.cookies["django_language"] = lang
    page = client.get(path).content.decode()
    assert "Dou Dizhu" in page and tractor in page
    assert "斗地主" not in page


@pytest.mark.django_db
def test_the_watch_list_names_a_running_match_in_the_readers_language(client: Client) -> None:
    match_start(game_slug="dou_dizhu", seats=[SeatSpec(ai_level="random")] * 3)
    client.cookies["django_language"] = "zh-hans"
    rows = client.get("/watch/").content.decode().split('data-testid="watch-list"')[-1]
    assert "斗地主" in rows


@pytest.mark.django_db
def test_the_games_api_keeps_the_english_title_and_adds_the_readers_name(client: Client) -> None:
    body = client.get("/api/v1/games/dou_dizhu/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    assert (body["title"], body["title_localized"]) == ("Dou Dizhu", "斗地主")
    body = client.get("/api/v1/games/dou_dizhu/", HTTP_ACCEPT_LANGUAGE="en").json()
    assert (body["title"], body["title_localized"]) == ("Dou Dizhu", "Dou Dizhu")


@pytest.mark.django_db
def test_the_leaderboard_index_keeps_the_english_title_and_adds_the_readers_name(
    client: Client,
) -> None:
    rows = client.get("/api/v1/leaderboards/", HTTP_ACCEPT_LANGUAGE="zh-Hans").json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    tractor = next(r for r in rows if r["game"] == "tractor")
    assert (tractor["title"], tractor["title_localized"]) == ("Tractor", "拖拉机")


@pytest.mark.django_db
def test_the_match_page_heading_names_the_game_in_the_readers_language(client: Client) -> None:
    match = match_start(game_slug="guandan", seats=[SeatSpec(ai_level="random")] * 4)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert '<h1 class="match-title">掼蛋 ' in page
    client.cookies["django_language"] = "en"
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert '<h1 class="match-title">Guandan ' in page
