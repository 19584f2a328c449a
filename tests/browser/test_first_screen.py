"""Phones first (issue #31 item 3): on every board, at 390×844 and at 1280×800, the player's hand
and the controls of the move they must make lie inside the first screen, so that a player never
scrolls to play; and the page never scrolls sideways.

Each board is opened once per size, by a new player (so that no other match's notice sits above
it), against the AI on the shared stack, and measured as soon as it shows the hand: what the AI
does next changes the table, not where the hand and the controls are.  What counts as the hand and
as the controls is named per board in ``FIRST_SCREEN``; every enabled button of the board outside
the history counts as a control too."""

from __future__ import annotations

import pytest

from games.registry import all_games

from .conftest import WAIT_MS, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}

FIRST_SCREEN: dict[str, tuple[str, str]] = {
    # slug: (the hand, the controls); CSS selectors inside the board.
    "spectacular_bid": ("[data-testid=sb-hand-area]", "[data-testid=sb-panel]"),
    "dou_dizhu": ("[data-testid=hand]", "[data-testid=controls]"),
    "guandan": ("[data-testid=hand]", "[data-testid=controls]"),
    "zheng_shangyou": ("[data-testid=hand]", "[data-testid=controls]"),
    "tractor": ("[data-testid=hand]", "[data-testid=controls]"),
    "holdem": ("[data-testid=hole-cards]", "[data-testid=controls]"),
    "one_poker": ("[data-testid=my-cards]", "[data-testid=my-cards]"),
    "bridge": ("[data-testid=my-hand]", "[data-testid=bidding-box]"),
}
"""A new board must say here what its hand and its controls are (a KeyError until it does)."""

STYLED = "[...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)"
"""Every stylesheet has loaded: a board adds its own when it mounts, after its first drawing."""

MEASURE = """([hand, controls]) => {
  const board = document.querySelector("#board");
  const out = [];
  const place = (what, e) => {
    const r = e.getBoundingClientRect();
    if (r.width && r.height) out.push({what, top: Math.round(r.top), bottom: Math.round(r.bottom)});
  };
  for (const e of board.querySelectorAll(hand)) place(`hand ${hand}`, e);
  for (const e of board.querySelectorAll(controls)) place(`controls ${controls}`, e);
  for (const e of board.querySelectorAll("button:enabled")) {
    const name = e.dataset.testid || e.textContent;
    if (!e.closest("details, [data-testid=history]")) place(`button ${name}`, e);
  }
  return {
    inner: window.innerHeight,
    scrollY: window.scrollY,
    width: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    parts: out,
  };
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("slug", sorted(all_games()))
def test_the_hand_and_the_actions_are_on_the_first_screen(
    shared_stack, browser, slug: str, size: str
) -> None:
    hand, controls = FIRST_SCREEN[slug]
    stack = shared_stack("embedded")
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("firstscreen"))
    start_ai_match(page, slug)
    board = page.get_by_test_id("board")
    board.locator(hand).first.wait_for(state="visible", timeout=WAIT_MS)
    board.locator(controls).first.wait_for(state="visible", timeout=WAIT_MS)
    page.wait_for_function(STYLED, timeout=WAIT_MS)
    found = page.evaluate(MEASURE, [hand, controls])
    context.close()

    assert found["scrollY"] == 0, "the page scrolled by itself"
    assert found["width"] <= found["innerWidth"], f"the page scrolls sideways: {found}"
    names = {part["what"].split(" ", 1)[0] for part in found["parts"]}
    assert {"hand", "controls"} <= names, found
    below = [part for part in found["parts"] if part["bottom"] > found["inner"]]
    assert not below, f"below the first screen ({found['inner']} px): {below}"
    assert not errors, errors
