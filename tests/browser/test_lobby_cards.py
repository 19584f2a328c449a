"""The lobby's game cards in real Chromium, on a phone (390×844) and a desktop (1280×800): every
playable game has a card with its picture, nothing scrolls sideways, and a card chosen by keyboard
opens that game's forms with the focus on them."""

from __future__ import annotations

import pytest

from live import catalogue

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= document.documentElement.clientWidth"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)], ids=["phone", "desktop"])
def test_lobby_cards_fit_the_screen_and_open_a_game_by_keyboard(
    shared_stack, browser, width: int, height: int
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    sign_up(page, stack.base_url, unique("lea"))
    page.goto(stack.base_url + "/")
    cards = page.get_by_test_id("game-card")
    cards.first.wait_for(timeout=WAIT_MS)
    assert sorted(cards.evaluate_all("els => els.map(e => e.dataset.game)")) == sorted(
        catalogue.playable_games()
    )
    loaded = page.locator(".game-picture").evaluate_all(
        "imgs => imgs.every(i => i.tagName !== 'IMG' || (i.complete && i.naturalWidth > 0))"
    )
    assert loaded
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    for card in cards.all():  # no card is wider than the screen
        box = card.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width

    choose = page.locator("[data-testid=game-card][data-game=bridge] [data-role=choose-game]")
    choose.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'play'")
    assert page.get_by_test_id("play-ai-game").input_value() == "bridge"
    assert page.get_by_test_id("create-table-game").input_value() == "bridge"
    assert "game=bridge" in page.url
    assert page.locator("#play-heading").inner_text() == "Play Bridge"
    assert "is-chosen" in (
        page.locator("[data-testid=game-card][data-game=bridge]").get_attribute("class") or ""
    )
    page.keyboard.press("Tab")  # the next stop is inside the chosen game's forms
    assert page.evaluate("document.getElementById('play').contains(document.activeElement)")
    play_top = page.locator("#play").bounding_box()
    assert play_top is not None and 0 <= play_top["y"] < height  # scrolled into view
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert errors == []
