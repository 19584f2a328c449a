"""A person's path through the site in real Chromium: sign up, play the AI through the board for a
whole round to its settlement, then resign and see the result."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import sign_up, start_ai_match

pytestmark = pytest.mark.browser


def take_one_step(page) -> str:
    """Do whatever the board offers now; returns what it did ('' when waiting for the AI)."""
    for testid in ("ready-button", "waive-button", "accept-button"):
        button = page.get_by_test_id(testid)
        if button.count() and button.first.is_enabled() and button.first.is_visible():
            button.first.click()
            return testid
    tile = page.locator("[data-testid=sb-hand] .sb-tile.is-playable")
    if tile.count():
        # A second click on the selected tile would deselect it.
        if not page.locator("[data-testid=sb-hand] .sb-tile.is-playable.is-selected").count():
            tile.first.click()
        # Every open end has a marker; only those the selected tile fits are clickable.
        end = page.locator("[data-testid^=sb-end-].is-legal")
        try:
            end.first.wait_for(timeout=5000)
        except PlaywrightTimeout:
            return ""  # the board re-rendered under the click (a new state came): look again
        end.first.click()
        return "place"
    draw = page.get_by_test_id("draw-button")
    if draw.count() and draw.is_enabled():
        draw.click()
        return "draw"
    return ""


def test_sign_up_play_a_round_against_the_ai_and_resign(make_stack, browser) -> None:
    stack = make_stack("embedded")
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, "alice")
    assert page.get_by_test_id("nav-logout").is_visible()

    start_ai_match(page, "spectacular_bid")

    done: list[str] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if page.get_by_test_id("sb-round-summary").count():
            break
        step = take_one_step(page)
        if step:
            done.append(step)
        page.wait_for_timeout(150)
    assert page.get_by_test_id("sb-round-summary").count(), f"no settlement after {done}"
    assert "ready-button" in done and {"place", "draw"} & set(done), done

    page.get_by_test_id("resign-button").click()
    page.get_by_test_id("resign-confirm-yes").click()
    result = page.get_by_test_id("result-screen")
    result.wait_for(state="visible", timeout=15000)
    assert page.get_by_test_id("result-reason").inner_text().strip()
    assert not errors, errors
