"""Every registered game's board in real Chromium, against the AI: the board loads without a page
error, plays through its own controls (bids, multi-selected plays, passes, locks, bets from the
slider, tiles placed at an end) until it has done what its game needs or the match ends, then the
player resigns and sees the result. The list of games is the registry's, not one kept here."""

from __future__ import annotations

import time

import pytest

from games.registry import all_games

from .conftest import WAIT_MS, click, enabled, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser

# What a board must have done through its own controls before its test is satisfied (a game not
# named here must load, show its state and let the player resign).
NEEDS: dict[str, set[str]] = {
    "spectacular_bid": {"place"},
    "dou_dizhu": {"play"},
    "zheng_shangyou": {"play"},
    "holdem": {"bet"},
    "one_poker": {"lock", "bet"},
    "guandan": {"play"},
}


def card_step(page, turn: int, seen: list[str]) -> str:
    """One action through a card board's own controls; '' when it offers none."""
    for testid in ("bid-3", "bid-2", "bid-1"):
        if enabled(page, testid):
            return "bid" if click(page.get_by_test_id(testid)) else ""
    locks = page.locator("[data-testid^=lock-]:not([data-testid^=lock-state]):enabled")
    if locks.count():
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


def tile_step(page) -> str:
    """One action through a domino board's own controls; '' when it offers none."""
    for testid in ("ready-button", "waive-button", "accept-button"):
        if enabled(page, testid):
            return testid if click(page.get_by_test_id(testid)) else ""
    tile = page.locator("[data-testid=sb-hand] .sb-tile.is-playable")
    if tile.count():
        if not page.locator("[data-testid=sb-hand] .sb-tile.is-playable.is-selected").count():
            click(tile)
        end = page.locator("[data-testid^=sb-end-].is-legal")
        return "place" if end.count() and click(end) else ""
    if enabled(page, "draw-button"):
        return "draw" if click(page.get_by_test_id("draw-button")) else ""
    return ""


def step(page, turn: int, seen: list[str]) -> str:
    """One action through the board's own controls; '' while waiting for the AI."""
    return card_step(page, turn, seen) or tile_step(page)


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_board_plays_against_the_ai_then_resigns(shared_stack, browser, slug) -> None:
    needs = NEEDS.get(slug, set())
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1000, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("boardplayer"))
    start_ai_match(page, slug)
    board = page.get_by_test_id("board")
    board.locator("[data-testid]").first.wait_for(timeout=WAIT_MS)  # the board module mounted
    done: list[str] = []
    deadline = time.monotonic() + 240  # a bound on a busy machine
    while needs and time.monotonic() < deadline and not (needs <= set(done) and len(done) >= 6):
        if page.get_by_test_id("result-screen").is_visible():
            if needs <= set(done):
                break
            # The random AI may end a match at once (an all-in called on the first hand, a
            # one-deal game): back to the lobby through the result screen and play another.
            click(page.get_by_test_id("result-lobby"))
            page.wait_for_url(f"{stack.base_url}/", timeout=WAIT_MS)
            start_ai_match(page, slug)
            continue
        if action := step(page, len(done), done):
            done.append(action)
        page.wait_for_timeout(150)
    assert needs <= set(done), done
    assert not board.locator(".board-error").count()
    if needs:
        last = board.locator("[data-testid=last-action], [data-testid=sb-last-action]")
        assert last.first.inner_text().strip()
    if not page.get_by_test_id("result-screen").is_visible():
        click(page.get_by_test_id("resign-button"))
        click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert not errors, errors
