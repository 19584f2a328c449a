"""Guandan in real Chromium against the AI: a person plays one whole deal through the board's own
controls — selecting cards, choosing a reading when the cards read more than one way, passing,
giving a card back after a tribute — sees the deal's places and both teams' levels, presses
Continue, and the next deal starts; then resigns and sees the match's result."""

from __future__ import annotations

import time

import pytest

from .conftest import WAIT_MS, click, enabled, press_until, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser


def step(page) -> str:
    """One action through the board's own controls; '' while waiting for the AI.  Never
    Continue: that is offered once the deal is over, and the test presses it after checking the
    deal's result (pressed here, in a race with the loop's look for the result, the next deal
    could start before the result was checked)."""
    if enabled(page, "suggest-button"):  # the return dialog after a tribute
        click(page.get_by_test_id("suggest-button"))
        if enabled(page, "return-button") and click(page.get_by_test_id("return-button")):
            return "return"
        return ""
    if enabled(page, "hint-button"):
        for _ in range(4):  # a hint, and its reading when the cards read more than one way
            if not click(page.get_by_test_id("hint-button")):
                return ""
            if page.get_by_test_id("readings").count() and click(page.get_by_test_id("reading-0")):
                if enabled(page, "play-button") and click(page.get_by_test_id("play-button")):
                    return "reading"
            if enabled(page, "play-button"):
                return "play" if click(page.get_by_test_id("play-button")) else ""
    if enabled(page, "pass-button"):
        return "pass" if click(page.get_by_test_id("pass-button")) else ""
    return ""


def test_a_whole_deal_against_the_ai_then_the_next_deal_then_resign(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("eggthrower"))
    start_ai_match(page, "guandan", level="greedy")
    board = page.get_by_test_id("board")
    board.get_by_test_id("levels").wait_for(timeout=WAIT_MS)
    for seat in range(4):
        assert board.get_by_test_id(f"seat-{seat}").is_visible()
    assert board.get_by_test_id("level-team-0").inner_text().strip().endswith("2")
    assert board.get_by_test_id("level-team-1").inner_text().strip().endswith("2")
    assert board.get_by_test_id("hand").locator(".hand-card").count() == 27

    done: list[str] = []
    deadline = time.monotonic() + 360  # a bound on a busy machine
    while time.monotonic() < deadline and not board.get_by_test_id("deal-result").is_visible():
        if action := step(page):
            done.append(action)
        page.wait_for_timeout(100)
    result = board.get_by_test_id("deal-result")
    assert result.is_visible(), f"no deal result after {done}"
    assert {"play", "reading"} & set(done), done
    assert board.get_by_test_id("deal-places").locator("li").count() in (2, 4)
    assert board.get_by_test_id("deal-winner").inner_text().strip()
    levels = board.get_by_test_id("deal-levels").inner_text()
    assert any(str(n) in levels for n in (3, 4, 5)), levels  # the winners went up 1 to 3
    assert board.get_by_test_id("last-action").inner_text().strip()

    # Continue: once every seat has pressed it (the AI at once) the second deal starts.  A press
    # that crosses the AI's own is refused as out of date, and the board re-draws the button
    # when the AI's press arrives: press again until the next deal shows (press_until).
    board.get_by_test_id("continue-button").wait_for(state="visible", timeout=WAIT_MS)
    press_until(
        page, "continue-button", board.get_by_test_id("deal-level").filter(has_text="Deal 2")
    )

    click(page.get_by_test_id("resign-button"))
    click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert page.get_by_test_id("result-reason").inner_text().strip()
    assert not errors, errors
