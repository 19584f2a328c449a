"""The site on a phone (390×844, issue #31) in real Chromium: no page scrolls sideways (a wide table
scrolls inside its own box instead), and the main navigation folds behind a menu button that a
keyboard can open and close.  Checked on the home page, the lobby, /watch/, a tournament page and
the tournament list, a profile, a running board, and the finished match's fair-deal and replay
pages."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, click, sign_up, start_ai_match, unique
from .test_tournament_browser import CREATE, create

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

WIDEST = """() => {
  const limit = window.innerWidth;
  const out = [];
  for (const e of document.querySelectorAll("body *")) {
    const r = e.getBoundingClientRect();
    if (r.right > limit + 0.5 && r.width > 0) {
      const name = `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}`;
      out.push(`${name}[${e.dataset.testid || ""}] right=${Math.round(r.right)}`);
    }
  }
  return out.slice(0, 12);
}"""


def assert_no_sideways_scroll(page, what: str) -> None:
    """The document is no wider than the viewport; on failure, name what sticks out."""
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{what}: {width} px wide at {inner} px: {page.evaluate(WIDEST)}"


def assert_nav_collapses(page, what: str) -> None:
    """The nav's links are hidden behind the menu button; the button (by keyboard) shows them and
    hides them again, and says so with aria-expanded."""
    button = page.get_by_test_id("nav-toggle")
    lobby_link = page.get_by_test_id("nav-lobby")
    assert button.is_visible(), f"{what}: no menu button"
    assert button.get_attribute("aria-expanded") == "false"
    assert not lobby_link.is_visible(), f"{what}: the nav is not collapsed"
    button.focus()
    page.keyboard.press("Enter")
    lobby_link.wait_for(state="visible", timeout=5000)
    assert button.get_attribute("aria-expanded") == "true"
    assert_no_sideways_scroll(page, f"{what} (menu open)")
    page.keyboard.press("Escape")
    lobby_link.wait_for(state="hidden", timeout=5000)
    assert button.get_attribute("aria-expanded") == "false"
    button.focus()
    page.keyboard.press("Space")
    lobby_link.wait_for(state="visible", timeout=5000)
    page.keyboard.press("Space")
    lobby_link.wait_for(state="hidden", timeout=5000)


def test_no_page_scrolls_sideways_on_a_phone_and_the_nav_collapses(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    name = unique("phone")
    made = create(stack, CREATE, unique("Phone cup with a rather long name "))
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(f"{stack.base_url}/", timeout=WAIT_MS)
    assert_no_sideways_scroll(page, "home page")
    assert_nav_collapses(page, "home page")

    sign_up(page, stack.base_url, name)
    # A running match first, so that /watch/ lists a game (its table is what grew too wide).
    start_ai_match(page, "tractor", level="beginner")
    assert re.search(r"/match/\d+/$", page.url)
    page.get_by_test_id("board").get_by_test_id("tr-info").wait_for(timeout=WAIT_MS)
    assert_no_sideways_scroll(page, "tractor board")
    assert_nav_collapses(page, "tractor board")
    match_url = page.url

    pages = {
        "lobby": "/",
        "watch": "/watch/",
        "tournament": f"/tournaments/{made['id']}/",
        "tournament list": "/tournaments/",
        "profile": f"/accounts/u/{name}/",
    }
    for what, path in pages.items():
        page.goto(f"{stack.base_url}{path}", timeout=WAIT_MS)
        assert_no_sideways_scroll(page, what)
        assert_nav_collapses(page, what)
    assert page.get_by_test_id("recent-matches").count(), "the profile lists the running match"

    # Once the match is over: its fair-deal check (long hashes) and its replay.
    page.goto(match_url, timeout=WAIT_MS)
    click(page.get_by_test_id("resign-button"))
    click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert_no_sideways_scroll(page, "result screen")
    for what in ("fairness", "replay"):
        page.goto(f"{match_url}{what}/", timeout=WAIT_MS)
        if what == "replay":  # drawn by its script: the position and the board
            page.get_by_test_id("replay-position").filter(has_text=re.compile(r"\d")).wait_for(
                timeout=WAIT_MS
            )
            page.locator("#board .board-loading").wait_for(state="detached", timeout=WAIT_MS)
        assert_no_sideways_scroll(page, what)

    page.get_by_test_id("lang-de").click()  # the button's word in German
    page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=WAIT_MS)
    assert page.get_by_test_id("nav-toggle").inner_text().strip() == "Menü"
    assert_nav_collapses(page, "replay (de)")
    assert not errors, errors


def test_without_javascript_the_nav_stays_open(shared_stack, browser) -> None:
    """Progressive enhancement: with scripts off there is no menu button, and every link shows."""
    stack = shared_stack("embedded")
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{stack.base_url}/", timeout=WAIT_MS)
    assert not page.get_by_test_id("nav-toggle").is_visible()
    assert page.get_by_test_id("nav-lobby").is_visible()
    assert page.get_by_test_id("nav-login").is_visible()
    assert_no_sideways_scroll(page, "home page without scripts")


def test_on_a_match_page_the_language_choice_folds_into_the_menu_and_still_switches(
    shared_stack, browser
) -> None:
    """On a phone the board needs the screen's height: on a match page the language buttons sit
    in the menu (hidden until it opens) instead of a header row of their own; opened, they switch
    the page to German as anywhere else."""
    stack = shared_stack("embedded")
    page = browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("phonelang"))
    assert page.get_by_test_id("lang-de").is_visible(), "the lobby keeps its language row"
    start_ai_match(page, "one_poker")
    assert not page.get_by_test_id("lang-de").is_visible(), "folded into the menu"
    page.get_by_test_id("nav-toggle").click()
    page.get_by_test_id("lang-de").click()
    page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=WAIT_MS)
    assert page.get_by_test_id("nav-toggle").inner_text().strip() == "Menü"
    assert not errors, errors
