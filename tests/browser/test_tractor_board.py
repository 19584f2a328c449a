"""Tractor in real Chromium against the AI: a person plays one whole deal through the board's own
controls — declaring or passing at the declaration bar, burying 8 cards when dealing, leading and
following card by card — sees the count (the attackers' points, the kitty, both teams' levels),
presses Continue, and the next deal starts; then resigns and sees the match's result."""

from __future__ import annotations

import time

import pytest

from .conftest import WAIT_MS, click, enabled, press_until, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser


def step(page) -> str:
    """One action through the board's own controls; '' while waiting for the AI."""
    if enabled(page, "declare-1"):
        return "declare" if click(page.get_by_test_id("declare-1")) else ""
    if enabled(page, "bury-button") or (
        page.get_by_test_id("bury-button").count() and enabled(page, "hint-button")
    ):
        click(page.get_by_test_id("hint-button"))  # selects 8 cards
        if enabled(page, "bury-button") and click(page.get_by_test_id("bury-button")):
            return "bury"
        return ""
    if enabled(page, "hint-button"):
        click(page.get_by_test_id("hint-button"))
        if enabled(page, "play-button") and click(page.get_by_test_id("play-button")):
            return "play"
        return ""
    if enabled(page, "pass-button"):
        return "pass" if click(page.get_by_test_id("pass-button")) else ""
    return ""


def test_a_whole_deal_against_the_ai_then_the_next_deal_then_resign(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1200, "height": 1100})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("levelclimber"))
    start_ai_match(page, "tractor", level="beginner")
    board = page.get_by_test_id("board")
    board.get_by_test_id("tr-info").wait_for(timeout=WAIT_MS)
    for seat in range(4):
        assert board.get_by_test_id(f"seat-{seat}").is_visible()
    assert "2" in board.get_by_test_id("tr-level").inner_text()
    assert board.get_by_test_id("tr-levels").inner_text().count("2") >= 2, "both teams at 2"
    assert board.get_by_test_id("tr-trump").inner_text().strip()
    assert board.get_by_test_id("hand").locator(".hand-card").count() == 25

    done: list[str] = []
    deadline = time.monotonic() + 420  # a bound on a busy machine
    result = board.get_by_test_id("board-result")
    while time.monotonic() < deadline and not result.is_visible():
        if action := step(page):
            done.append(action)
        page.wait_for_timeout(80)
    assert result.is_visible(), f"no count after {done}"
    assert done.count("play") >= 20, done  # a lead or a follow's card: at least one a trick
    assert board.get_by_test_id("result-total").inner_text().strip()
    assert board.get_by_test_id("result-kitty").locator(".card-slot").count() == 8
    assert board.get_by_test_id("result-levels").inner_text().strip()
    assert board.get_by_test_id("last-action").inner_text().strip()
    assert "trump" in board.get_by_test_id("tr-trump").inner_text().lower() or (
        "no trump" in board.get_by_test_id("tr-trump").inner_text().lower()
    )

    # Continue: once every seat has pressed it (the AI at once) the second deal starts.  A press
    # that crosses the AI's own is refused as out of date, and the board re-draws the button
    # when the AI's press arrives: press again until the next deal shows (press_until).
    board.get_by_test_id("continue-button").wait_for(state="visible", timeout=WAIT_MS)
    press_until(page, "continue-button", board.get_by_test_id("tr-info").filter(has_text="Deal 2"))
    assert board.get_by_test_id("hand").locator(".hand-card").count() == 25

    click(page.get_by_test_id("resign-button"))
    click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert not errors, errors


NULL_WATCH = """() => {
  // Every text the info bar ever shows, from its first render on (issue #31: "nullnull").
  window.__infoTexts = [];
  new MutationObserver(() => {
    const info = document.querySelector("[data-testid=tr-info]");
    if (info) window.__infoTexts.push(info.textContent);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}"""


def test_the_info_bar_never_says_null_while_declaring_in_english_or_german(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1200, "height": 1100})
    page.add_init_script(f"({NULL_WATCH})()")
    sign_up(page, stack.base_url, unique("declarer"))
    start_ai_match(page, "tractor", level="beginner")
    board = page.get_by_test_id("board")
    for lang, deal in (("en", "Deal 1"), ("de", "Spiel 1")):
        if lang == "de":
            page.get_by_test_id("lang-de").click()
            page.wait_for_function("document.documentElement.lang === 'de'", timeout=WAIT_MS)
        board.get_by_test_id("declaration-bar").wait_for(timeout=WAIT_MS)  # still declaring
        info = board.get_by_test_id("tr-info")
        info.filter(has_text=deal).wait_for(timeout=WAIT_MS)
        assert "null" not in info.inner_text(), (lang, info.inner_text())
        seen = page.evaluate("window.__infoTexts")
        assert seen, "the info bar was never drawn"
        assert not [t for t in seen if "null" in t or "undefined" in t], (lang, seen)
