"""Every registered game is complete on the site, and the site checks it (``manage.py check``).

The lists come from the registry, never from a hand-kept list: a new game is checked by existing.
"""

from __future__ import annotations

import dataclasses
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.test import Client

from games.registry import all_games
from live import catalogue
from live.checks import games_are_complete
from live.services import SeatSpec, match_start

GAMES = sorted(all_games())


def test_manage_py_check_passes_with_every_registered_game() -> None:
    out = StringIO()
    call_command("check", stdout=out)
    assert "no issues" in out.getvalue()


def test_the_lobby_offers_exactly_the_registered_games_that_pass_the_check() -> None:
    from lobby.selectors import game_choices

    assert sorted(g["slug"] for g in game_choices()) == GAMES


def test_a_game_without_board_rules_or_docs_fails_the_check_and_is_not_offered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A half-added game (engine only) is named with each missing file; the lobby hides it."""
    base = all_games()["spectacular_bid"]
    half = dataclasses.replace(base, slug="half_added", title="Half added")
    monkeypatch.setattr("live.checks.all_games", lambda: {**all_games(), "half_added": half})
    errors = games_are_complete()
    assert [e.id for e in errors] == ["games.E001"] * 5
    assert [e.msg for e in errors] == [
        "game 'half_added' is registered but lacks its board module "
        "frontend/static/boards/half_added.js",
        "game 'half_added' is registered but lacks its rules help "
        "frontend/templates/rules/half_added_en.html",
        "game 'half_added' is registered but lacks its rules help "
        "frontend/templates/rules/half_added_de.html",
        "game 'half_added' is registered but lacks its rules help "
        "frontend/templates/rules/half_added_zh_hans.html",
        "game 'half_added' is registered but lacks its docs page docs/games/half_added.md",
    ]
    monkeypatch.setattr("live.checks.all_games", lambda: {"half_added": half})
    with pytest.raises(SystemCheckError, match="half_added"):
        call_command("check", stdout=StringIO(), stderr=StringIO())
    assert catalogue.missing_parts(half) and not catalogue.missing_parts(base)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("slug", GAMES)
def test_every_games_match_page_renders_its_board_and_rules(
    client: Client, make_user, slug: str, lang: str
) -> None:
    game = all_games()[slug]
    user = make_user()
    level = next(iter(game.bots))
    seats = [SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level=level)] * (game.seat_counts[0] - 1)
    match = match_start(game_slug=slug, seats=seats)
    client.force_login(user)
    client.cookies["django_language"] = lang
    page = client.get(f"/match/{match.pk}/").content.decode()
    assert f"/static/boards/{slug}.js" in page
    assert 'data-testid="rules-help"' in page and 'data-testid="rules-other-language"' in page
