"""The four card boards in real Chromium: each plays against the AI through its own controls
(bids, multi-selected plays, passes, locks, bets from the slider) until a deal is settled or the
match ends, then resigns; no page error may occur on the way."""

from __future__ import annotations

import time

import pytest

from .conftest import click, sign_up, start_ai_match

pytestmark = pytest.mark.browser


def enabled(page, testid: str) -> bool:
    button = page.get_by_test_id(testid)
    return bool(button.count()) and button.first.is_visible() and button.first.is_enabled()


def step(page, turn: int, seen: list[str]) -> str:
    """One action through the board's own controls; '' while waiting for the AI."""
    for testid in ("bid-3", "bid-2", "bid-1"):
        if enabled(page, testid):
            return "bid" if click(page.get_by_test_id(testid)) else ""
    locks = page.locator("[data-testid^=lock-]:not([data-testid^=lock-state])")
    if locks.count() and locks.first.is_enabled():
        return "lock" if click(locks) else ""
    if enabled(page, "bet-button") and (turn % 3 == 0 or "bet" not in seen):
        if click(page.get_by_test_id("size-half-pot")) and click(page.get_by_test_id("bet-button")):
            return "bet"
        return ""
    for testid in ("check-button", "call-button"):
        if enabled(page, testid):
            return testid if click(page.get_by_test_id(testid)) else ""
    if enabled(page, "hint-button"):
        click(page.get_by_test_id("hint-button"))
        if enabled(page, "play-button") and click(page.get_by_test_id("play-button")):
            return "play"
    if enabled(page, "pass-button"):
        return "pass" if click(page.get_by_test_id("pass-button")) else ""
    return ""


@pytest.mark.parametrize(
    ("slug", "needs"),
    [
        ("dou_dizhu", {"play"}),
        ("zheng_shangyou", {"play"}),
        ("holdem", {"bet"}),
        ("one_poker", {"lock", "bet"}),
    ],
)
def test_card_board_plays_against_the_ai_then_resigns(make_stack, browser, slug, needs) -> None:
    stack = make_stack("embedded")
    page = browser.new_page(viewport={"width": 1000, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, "cardplayer")
    start_ai_match(page, slug)
    done: list[str] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (needs <= set(done) and len(done) >= 6):
        if page.get_by_test_id("result-screen").is_visible():
            if needs <= set(done):
                break
            # The random AI may end a match at once (an all-in called on the first hand, a
            # one-deal game): back to the lobby through the result screen and play another.
            click(page.get_by_test_id("result-lobby"))
            page.wait_for_url(f"{stack.base_url}/")
            start_ai_match(page, slug)
            continue
        if action := step(page, len(done), done):
            done.append(action)
        page.wait_for_timeout(150)
    assert needs <= set(done), done
    assert page.get_by_test_id("last-action").inner_text().strip()
    if not page.get_by_test_id("result-screen").is_visible():
        click(page.get_by_test_id("resign-button"))
        click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=15000)
    assert not errors, errors
