"""Phones first (issue #31 item 3): on every board, at 390×844 and at 1280×800, the player's hand
and the controls of the move they must make lie inside the first screen, so that a player never
scrolls to play; and the page never scrolls sideways.

Each board is opened once per size, by a new player (so that no other match's notice sits above
it), against the AI on the shared stack, and measured as soon as it shows the hand: what the AI
does next changes the table, not where the hand and the controls are.  What counts as the hand and
as the controls is named per board in ``FIRST_SCREEN``; every enabled button of the board outside
the history counts as a control too.

What the deal changes is measured for the worst case, not only for the hand dealt: a hand whose
cards stand apart in groups (``GROUPS``: Guandan's level cards and jokers, Tractor's trumps) is
checked as if its groups fell where they take the most rows, and no row of the board may be
stretched by the seats' column beside it (whose height follows the deal and the play so far)."""

from __future__ import annotations

import itertools

import pytest

from games.registry import all_games

from .conftest import STYLED, WAIT_MS, sign_up, start_ai_match, unique

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

GROUPS: dict[str, tuple[str, int]] = {
    # slug: (the class of a hand card that opens a group, the most such cards a hand can hold).
    "guandan": ("gd-group-start", 2),  # the level cards and wildcards; the jokers
    "tractor": ("tr-trump-start", 1),  # the trumps
}
"""A hand whose groups stand a little apart: whether a deal has them (a Guandan hand without a
joker has one group, not two) changes how many rows the hand takes, so the test measures the
widest hand of that size too (``worst_rows``), not only the one dealt."""

MEASURE = """([hand, controls, groupClass]) => {
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
  // The hand's cards as a flex row that wraps: the room in a row, each card's share of it, the
  // rows they take.  A group's opening card is measured on a copy of a card given that class, put
  // in the list and taken out again at once (the game and its hand never see it).
  let cards = null;
  const mine = board.querySelector(hand);
  const list = mine && (mine.matches(".hand-cards") ? mine : mine.querySelector(".hand-cards"));
  if (list && list.children.length) {
    const style = getComputedStyle(list);
    const share = (li) => {
      const s = getComputedStyle(li);
      const width = li.getBoundingClientRect().width;
      return width + parseFloat(s.marginLeft) + parseFloat(s.marginRight);
    };
    const items = [...list.children];
    const first = items[0].getBoundingClientRect();
    let group = null;
    if (groupClass) {
      const copy = items[items.length - 1].cloneNode(true);
      copy.className = groupClass;
      list.append(copy);
      group = share(copy);
      copy.remove();
    }
    cards = {
      room: list.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      shares: items.map(share),
      plain: Math.min(...items.map(share)),
      group,
      rows: new Set(items.map((li) => Math.round(li.getBoundingClientRect().top))).size,
      pitch: first.height + parseFloat(style.rowGap),
    };
  }
  // A part of the board a row taller than what it holds: a row stretched by something beside it
  // that spans it (the seats' column), whose height depends on the deal and the game so far.
  const slack = [];
  const grid = board.matches(".cg, .sb") ? board : board.querySelector(".cg, .sb");
  for (const e of grid ? grid.children : []) {
    const r = e.getBoundingClientRect();
    const align = getComputedStyle(e).alignSelf;
    if (!r.height || e.matches(".cg-seats") || !["auto", "normal", "stretch"].includes(align)) {
      continue;
    }
    const range = document.createRange();
    range.selectNodeContents(e);
    const inner = range.getBoundingClientRect();
    const s = getComputedStyle(e);
    const end = r.bottom - parseFloat(s.borderBottomWidth) - parseFloat(s.paddingBottom);
    const spare = end - inner.bottom;
    // (half a line: the text's own box is lower than its line by the line's leading)
    const line = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
    if (inner.height && spare > line / 2) {
      slack.push({what: e.className || e.tagName, spare: Math.round(spare)});
    }
  }
  return {
    cards,
    slack,
    inner: window.innerHeight,
    scrollY: window.scrollY,
    width: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    parts: out,
  };
}"""


def rows(shares: list[float], room: float) -> int:
    """The rows a wrapping flex row of items ``shares`` wide takes in ``room``: a row takes items
    while they fit, and always at least one."""
    count, used = 1, 0.0
    for n, share in enumerate(shares):
        if n and used + share > room + 0.01:
            count, used = count + 1, 0.0
        used += share
    return count


def worst_rows(cards: dict, groups: int) -> int:
    """The most rows a hand of this many cards takes with up to ``groups`` of them opening a group,
    wherever in the hand those cards are."""
    n, plain, group = len(cards["shares"]), cards["plain"], cards["group"]
    if not groups:
        return rows(cards["shares"], cards["room"])
    worst = 0
    for places in itertools.combinations(range(n), groups):
        shares = [group if i in places else plain for i in range(n)]
        worst = max(worst, rows(shares, cards["room"]))
    return worst


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
    group_class, groups = GROUPS.get(slug, ("", 0))
    found = page.evaluate(MEASURE, [hand, controls, group_class])

    assert found["scrollY"] == 0, "the page scrolled by itself"
    assert found["width"] <= found["innerWidth"], f"the page scrolls sideways: {found}"
    names = {part["what"].split(" ", 1)[0] for part in found["parts"]}
    assert {"hand", "controls"} <= names, found
    # The widest hand of this size: every part from the hand's top down moves down by the rows
    # it would add.
    cards = found["cards"]  # None: a hand of a few cards side by side (Hold'em, Bridge, …)
    extra = 0.0
    if cards:
        assert rows(cards["shares"], cards["room"]) == cards["rows"], f"the hand's rows: {cards}"
        extra = (max(worst_rows(cards, groups), cards["rows"]) - cards["rows"]) * cards["pitch"]
    hand_top = min(part["top"] for part in found["parts"] if part["what"].startswith("hand "))
    for part in found["parts"]:
        if part["top"] >= hand_top:
            part["bottom"] = round(part["bottom"] + extra)
    assert not found["slack"], f"rows stretched by a part beside them: {found['slack']}"
    below = [part for part in found["parts"] if part["bottom"] > found["inner"]]
    assert not below, f"below the first screen ({found['inner']} px): {below}"
    assert not errors, errors
