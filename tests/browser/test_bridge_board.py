"""Bridge in real Chromium against the robots: a whole deal through the board's own controls.

The person (South) opens 7NT from the keyboard (digit, then N) — nobody can bid higher, so South
declares and plays both hands: its own cards and, once the opening lead is made and the dummy is
shown, North's — then passes whatever the robots call.  All 13 tricks are played by clicking a
highlighted card; the score breakdown, the side scores and the four hands appear at the end.
"""

from __future__ import annotations

import time

import pytest

from .conftest import WAIT_MS, click, enabled, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser


def playable(page):
    return page.locator(
        "[data-testid=my-hand] button.is-playable:not([disabled]),"
        " [data-testid=dummy] button.is-playable:not([disabled])"
    )


def test_a_whole_deal_of_bridge_declared_against_the_robots(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("declarer"))
    start_ai_match(page, "bridge", level="greedy")
    board = page.get_by_test_id("board")
    page.get_by_test_id("bidding-box").wait_for(timeout=WAIT_MS)

    # South calls first: 7NT from the keyboard.
    page.get_by_test_id("call-7NT").wait_for(state="visible", timeout=WAIT_MS)
    assert page.get_by_test_id("call-pass").is_enabled()
    assert not page.get_by_test_id("call-double").is_enabled(), "nothing to double yet"
    page.locator("body").press("7")
    page.locator("body").press("n")
    page.get_by_test_id("auction-0").wait_for(timeout=WAIT_MS)
    assert "7" in page.get_by_test_id("auction-0").inner_text()

    played = 0
    saw_dummy = False
    deadline = time.monotonic() + 360  # a bound on a busy machine
    while time.monotonic() < deadline:
        if page.get_by_test_id("score-breakdown").is_visible():
            break
        if enabled(page, "call-pass"):
            click(page.get_by_test_id("call-pass"))
        elif playable(page).count():
            if page.get_by_test_id("dummy").count():
                saw_dummy = True
            if click(playable(page)):
                played += 1
        page.wait_for_timeout(120)

    assert page.get_by_test_id("score-breakdown").is_visible(), f"deal not over ({played} cards)"
    assert saw_dummy, "the dummy was shown and played from"
    assert played >= 13, "South played its own and the dummy's cards"
    contract = page.get_by_test_id("contract").inner_text()
    assert "7" in contract
    headline = page.get_by_test_id("score-headline").inner_text()
    assert "7" in headline
    sides = page.get_by_test_id("side-scores").inner_text()
    assert "North" in sides and "East" in sides
    assert page.get_by_test_id("all-hands").locator("button").count() == 52
    assert page.locator("[data-testid^=score-item-]").count() >= 1
    assert board.get_by_test_id("last-action").inner_text().strip()
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert not errors, errors


def test_robot_defenders_reject_a_claim_with_a_guess_and_accept_a_concession(
    shared_stack, browser
) -> None:
    """The declarer (the person) claims every trick at its first turn to play: play stops, the
    robots answer (a random deal gives no thirteen sure tricks: rejected) and play continues with
    the claim no longer offered in that trick; at the next trick it claims no trick at all, which
    the robots accept, and the deal ends with the claim in the score."""
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("claimer"))
    start_ai_match(page, "bridge", level="greedy")
    page.get_by_test_id("call-7NT").wait_for(state="visible", timeout=WAIT_MS)
    page.locator("body").press("7")
    page.locator("body").press("n")
    deadline = time.monotonic() + 120
    while not page.get_by_test_id("claim-box").is_visible():
        assert time.monotonic() < deadline, "the claim was never offered"
        if enabled(page, "call-pass"):
            click(page.get_by_test_id("call-pass"))
        page.wait_for_timeout(120)
    assert page.get_by_test_id("claim-count").input_value() == "13"  # all remaining, by default
    page.locator("body").press("c")  # the key takes the person to the claim
    assert page.evaluate("document.activeElement.dataset.testid") == "claim-count"
    page.get_by_test_id("claim-button").click()
    outcome = page.get_by_test_id("claim-outcome")
    outcome.wait_for(state="visible", timeout=WAIT_MS)
    assert "13 of 13" in outcome.inner_text() and "rejected by" in outcome.inner_text()
    assert not page.get_by_test_id("claim-box").is_visible(), "not again in the same trick"
    assert not page.get_by_test_id("claim-answer").is_visible(), "the declarer does not answer"

    # Play on to the next trick, then concede everything: the robots accept.
    deadline = time.monotonic() + 180
    while not page.get_by_test_id("claim-box").is_visible():
        assert time.monotonic() < deadline, "the claim was not offered again"
        if playable(page).count():
            click(playable(page))
        page.wait_for_timeout(150)
    page.get_by_test_id("claim-count").select_option("0")
    page.get_by_test_id("claim-button").click()
    page.get_by_test_id("score-breakdown").wait_for(state="visible", timeout=WAIT_MS)
    claimed = page.get_by_test_id("score-claimed").inner_text()
    assert claimed.startswith("Claimed: 0 of the last")
    assert not errors, errors
