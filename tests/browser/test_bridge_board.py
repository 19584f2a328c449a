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


# The 6NT deal of tests/games/bridge/test_bridge_claims.py (the king of spades onside), seat order
# South, West, North, East.
FINESSE_DEAL = [
    "AS QS 2S KH QH JH AD KD QD AC KC QC JC",
    "8S 7S 6S 7H 6H 5H 4H 8D 7D 6D 5D 7C 6C",
    "5S 4S 3S AH 3H 2H 4D 3D 2D 5C 4C 3C 2C",
    "KS JS 10S 9S 10H 9H 8H JD 10D 9D 10C 9C 8C",
]

START_AT_ONE_DEVICE = """
import json
from accounts.models import User
from live.commitments import commitment_ensure
from live.services import SeatSpec, match_start
user = User.objects.get(username={name!r}).pk
match = match_start(game_slug="bridge", seats=[SeatSpec(user_id=user)] * 4,
    options={{"hand_over": True, "deals": [{{"hands": {hands!r}, "vulnerability": "none"}}]}},
    created_by_id=user)
commitment_ensure(match_id=match.pk)
print(json.dumps(match.pk))
"""


def test_human_defenders_see_the_declarers_hand_and_answer_a_claim(shared_stack, browser) -> None:
    """One person holds every seat at one device, a hand-over between seats (the lobby's pass
    and play, here with the fixed 6NT deal): South claims 12 tricks at its first turn; West, then
    East, each see "Declarer claims 12 of the remaining 13 tricks" with the declarer's 13 cards
    and Accept / Reject — West accepts from the keyboard (C, then Enter), East rejects; play goes
    on with the rejection noted."""
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    name = unique("table")
    sign_up(page, stack.base_url, name)
    hands = [text.split() for text in FINESSE_DEAL]
    match_id = stack.django(START_AT_ONE_DEVICE.format(name=name, hands=hands))
    page.goto(f"{stack.base_url}/match/{match_id}/")

    def step(until) -> None:
        """Reveal each seat's cards, bid 6NT as South and pass otherwise, play any card, until
        ``until()`` holds."""
        deadline = time.monotonic() + 180
        while not until():
            assert time.monotonic() < deadline, "the deal did not get there"
            if enabled(page, "handover-button"):
                click(page.get_by_test_id("handover-button"))
            elif enabled(page, "call-6NT") and not page.get_by_test_id("auction-0").count():
                click(page.get_by_test_id("call-6NT"))
            elif enabled(page, "call-pass"):
                click(page.get_by_test_id("call-pass"))
            elif playable(page).count() and not page.get_by_test_id("claim-box").is_visible():
                click(playable(page))
            page.wait_for_timeout(150)

    step(lambda: page.get_by_test_id("claim-box").is_visible())
    assert "6NT" in page.get_by_test_id("contract").inner_text()
    page.get_by_test_id("claim-count").select_option("12")
    page.get_by_test_id("claim-button").click()

    for answer in ("accept", "reject"):
        box = page.get_by_test_id("claim-answer")
        step(lambda box=box: box.is_visible())
        title = box.get_by_test_id("claim-title").inner_text()
        assert title == "Declarer claims 12 of the remaining 13 tricks"
        shown = box.locator("[data-testid^=claim-card-]")
        assert shown.count() == 13  # the declarer's hand
        assert box.get_by_test_id("claim-card-AS").count() == 1
        assert not page.get_by_test_id("claim-box").is_visible()
        if answer == "accept":
            page.locator("body").press("c")
            focused = page.evaluate("document.activeElement.dataset.testid")
            assert focused == "claim-accept"
            page.keyboard.press("Enter")
            page.get_by_test_id("handover-button").wait_for(timeout=WAIT_MS)  # now East's turn
        else:
            box.get_by_test_id("claim-reject").click()

    outcome = page.get_by_test_id("claim-outcome")
    step(lambda: outcome.is_visible())
    assert "rejected by" in outcome.inner_text() and "East" in outcome.inner_text()
    assert not page.get_by_test_id("score-breakdown").is_visible(), "play continues"
    assert not errors, errors


COMPASS = """() => {
  const box = (e) => {
    if (!e) return null;
    const r = e.getBoundingClientRect();
    const x = (r.left + r.right) / 2;
    const y = (r.top + r.bottom) / 2;
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, x, y};
  };
  const q = (sel) => document.querySelector(sel);
  const trick = {};
  for (const e of document.querySelectorAll("[data-testid=trick] [data-testid^=trick-]")) {
    trick[e.dataset.testid.slice(6)] = box(e);
  }
  const dummy = q("[data-testid=dummy]");
  return {
    places: Object.fromEntries([0, 1, 2, 3].map((s) => [s, box(q(`[data-testid=place-${s}]`))])),
    hand: box(q("[data-testid=my-hand]")),
    centre: box(q("[data-testid=table-centre]")),
    clocks: [0, 1, 2, 3].map(
      (s) => q(`[data-testid=clock-place-${s}] [data-testid=clock-${s}]`) !== null),
    dummyPlace: dummy ? dummy.closest("[data-testid^=place-]").dataset.seat : null,
    trick,
  };
}"""


@pytest.mark.parametrize(
    "size",
    [
        {"viewport": {"width": 1280, "height": 800}},
        {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    ],
    ids=["desktop", "phone"],
)
def test_south_sits_at_the_bottom_of_a_compass_table_with_the_dummy_and_the_trick_at_their_seats(
    shared_stack, browser, size
) -> None:
    """Issue #31 item 2: for South, partner (North) above the hand, West on the left, East on the
    right, each seat's clock at its place; once South declares 7NT the dummy (North) is shown at
    its own seat, and each card of a trick lies on its player's side of the centre."""
    stack = shared_stack("embedded")
    context = browser.new_context(**size)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("compass"))
    start_ai_match(page, "bridge", level="greedy")
    page.get_by_test_id("my-hand").wait_for(timeout=WAIT_MS)
    page.get_by_test_id("clock-place-0").locator("[data-testid=clock-0]").wait_for(timeout=WAIT_MS)

    at = page.evaluate(COMPASS)
    places, hand = at["places"], at["hand"]
    assert all(at["clocks"]), "every seat's clock sits at its place"
    assert not page.get_by_test_id("players").is_visible(), "no separate row of clocks"
    assert places["2"]["bottom"] <= hand["top"], "partner (North) above the hand"
    assert places["1"]["x"] < places["2"]["x"] < places["3"]["x"], "West left, East right"
    assert places["1"]["bottom"] <= hand["top"] and places["3"]["bottom"] <= hand["top"]
    if size["viewport"]["width"] > 600:
        centre = at["centre"]
        assert places["1"]["right"] <= centre["left"] <= centre["right"] <= places["3"]["left"]
        assert places["2"]["bottom"] <= at["centre"]["top"]

    page.get_by_test_id("call-7NT").wait_for(state="visible", timeout=WAIT_MS)
    page.locator("body").press("7")
    page.locator("body").press("n")
    page.get_by_test_id("auction-0").wait_for(timeout=WAIT_MS)
    deadline = time.monotonic() + 120  # a bound on a busy machine
    while time.monotonic() < deadline:
        at = page.evaluate(COMPASS)
        if len(at["trick"]) == 4:
            break
        if enabled(page, "call-pass"):
            click(page.get_by_test_id("call-pass"))
        elif playable(page).count():
            click(playable(page))
        page.wait_for_timeout(120)
    assert len(at["trick"]) == 4, f"no whole trick on the table: {at}"
    assert at["dummyPlace"] == "2", "South declares: the dummy is North's hand, across"
    places, trick = at["places"], at["trick"]
    assert places["2"]["bottom"] <= at["hand"]["top"]
    assert trick["2"]["y"] < trick["1"]["y"] < trick["0"]["y"], "North's card on top, South's low"
    assert trick["2"]["y"] < trick["3"]["y"] < trick["0"]["y"]
    assert trick["1"]["x"] < trick["2"]["x"] < trick["3"]["x"], "West's card left, East's right"
    assert trick["1"]["x"] < trick["0"]["x"] < trick["3"]["x"]
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "no sideways scroll"
    # Issue #31 item 3: in the play too, with the dummy on the table, the hand is on the first
    # screen (the page at its top, as it opens).
    page.evaluate("window.scrollTo(0, 0)")
    seen = page.evaluate(
        "[document.querySelector('[data-testid=my-hand]').getBoundingClientRect().bottom,"
        " window.innerHeight]"
    )
    assert seen[0] <= seen[1], f"the hand ends below the first screen: {seen}"
    browser.close(context)
    assert not errors, errors
