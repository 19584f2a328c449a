"""A person's path through the site in real Chromium: sign up, play the AI through the board for a
whole round to its settlement, then resign and see the result."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import WAIT_MS, click, enabled, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser


def take_one_step(page) -> str:
    """Do whatever the board offers now; returns what it did ('' when waiting for the AI, or when
    the board re-rendered under the click because a new state came: then look again)."""
    for testid in ("ready-button", "waive-button", "accept-button"):
        if enabled(page, testid):
            return testid if click(page.get_by_test_id(testid)) else ""
    tile = page.locator("[data-testid=sb-hand] .sb-tile.is-playable")
    if tile.count():
        # A second click on the selected tile would deselect it.
        if not page.locator("[data-testid=sb-hand] .sb-tile.is-playable.is-selected").count():
            click(tile)
        # Every open end has a marker; only those the selected tile fits are clickable.
        end = page.locator("[data-testid^=sb-end-].is-legal")
        try:
            end.first.wait_for(timeout=5000)
        except PlaywrightTimeout:
            return ""
        return "place" if click(end) else ""
    if enabled(page, "draw-button"):
        return "draw" if click(page.get_by_test_id("draw-button")) else ""
    return ""


def test_sign_up_play_a_round_against_the_ai_and_resign(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("alice"))
    assert page.get_by_test_id("nav-logout").is_visible()

    start_ai_match(page, "spectacular_bid")

    done: list[str] = []
    deadline = time.monotonic() + 240  # a bound on a busy machine
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
    result.wait_for(state="visible", timeout=WAIT_MS)
    assert page.get_by_test_id("result-reason").inner_text().strip()
    assert not errors, errors
