"""Tractor in real Chromium against the AI: a person plays one whole deal through the board's own
controls — declaring or passing at the declaration bar, burying 8 cards when dealing, leading and
following card by card — sees the count (the attackers' points, the kitty, both teams' levels),
presses Continue, and the next deal starts; then resigns and sees the match's result.  The seats
sit at a compass table (kit/table.js): each player card at its place, the viewer at the bottom,
the partner across, every play of the trick on its player's side; on a phone the hand and the
actions are on the first screen."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import (
    STYLED,
    WAIT_MS,
    at_the_table,
    click,
    enabled,
    phone_page,
    press_until,
    sign_up,
    start_ai_match,
    unique,
)

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
    for seat in range(4):  # (the place's own name gives way to the page's player card)
        assert board.get_by_test_id(f"place-{seat}").is_visible()
        assert board.get_by_test_id(f"count-{seat}").is_visible()
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
            page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=WAIT_MS)
        board.get_by_test_id("declaration-bar").wait_for(timeout=WAIT_MS)  # still declaring
        info = board.get_by_test_id("tr-info")
        info.filter(has_text=deal).wait_for(timeout=WAIT_MS)
        assert "null" not in info.inner_text(), (lang, info.inner_text())
        seen = page.evaluate("window.__infoTexts")
        assert seen, "the info bar was never drawn"
        assert not [t for t in seen if "null" in t or "undefined" in t], (lang, seen)


TABLE = """() => {
  const box = (e) => {
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom,
            x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2};
  };
  const q = (sel) => document.querySelector(sel);
  const trick = {};
  for (const e of document.querySelectorAll("[data-testid=trick] [data-testid^=trick-]")) {
    if (e.querySelector(".card-slot")) trick[e.dataset.testid.slice(6)] = box(e);
  }
  return {
    me: JSON.parse(q("#your-seats").textContent)[0],
    places: Object.fromEntries([0, 1, 2, 3].map((s) => [s, box(q(`[data-testid=place-${s}]`))])),
    sides: Object.fromEntries([0, 1, 2, 3].map(
      (s) => [s, q(`[data-testid=place-${s}]`).dataset.side])),
    clocks: [0, 1, 2, 3].map((s) => q(
      `[data-testid=place-${s}] [data-testid=clock-place-${s}] [data-testid=clock-${s}]`) !== null),
    centre: box(q("[data-testid=table-centre]")),
    hand: box(q("[data-testid=hand]")),
    trick,
  };
}"""


def until_a_card_is_on_the_trick(page) -> dict:
    """Plays (through the board's own controls) until a play lies on the current trick; the
    table as it is then."""
    deadline = time.monotonic() + 240  # a bound on a busy machine
    done: list[str] = []
    while time.monotonic() < deadline:
        at = page.evaluate(TABLE)
        if at["trick"]:
            return at
        if action := step(page):
            done.append(action)
        page.wait_for_timeout(80)
    raise AssertionError(f"no card on the trick after {done}")


def test_every_seat_sits_at_its_place_partner_across_and_a_play_lies_at_its_players_side(
    shared_stack, browser
) -> None:
    """Issue #31 item 2 at 1280×800: every player card (name and clock) in its seat's place, the
    viewer's place at the bottom under the centre, the partner's across above it, the opponents'
    left and right of it (play goes counter-clockwise: the next seat on the right); a card played
    to the trick lies nearer its player's place than any other."""
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    board = at_the_table(page, stack.base_url, "tractor", unique("tablesitter"), level="beginner")

    at = page.evaluate(TABLE)
    me = at["me"]
    partner, right, left = (me + 2) % 4, (me + 1) % 4, (me + 3) % 4
    places, centre = at["places"], at["centre"]
    assert all(at["clocks"]), "every seat's clock sits at its place"
    assert not page.get_by_test_id("players").is_visible(), "no separate row of player cards"
    assert at["sides"] == {
        str(me): "bottom",
        str(partner): "top",
        str(right): "right",
        str(left): "left",
    }, at["sides"]
    assert places[str(partner)]["bottom"] <= centre["top"], "the partner across, above the centre"
    assert places[str(me)]["top"] >= centre["bottom"], "the viewer at the bottom"
    assert places[str(left)]["right"] <= centre["left"], "an opponent on the left"
    assert centre["right"] <= places[str(right)]["left"], "an opponent on the right"
    assert places[str(me)]["bottom"] <= at["hand"]["top"], "the hand under the table"
    # the badges and the count at each place (the dealer's crown once a dealer is known)
    for seat in range(4):
        place = board.get_by_test_id(f"place-{seat}")
        assert place.get_by_test_id(f"count-{seat}").is_visible()
    partner_badge = board.get_by_test_id(f"place-{partner}").locator(".tr-partner")
    assert partner_badge.is_visible()

    at = until_a_card_is_on_the_trick(page)
    for seat, spot in at["trick"].items():
        nearest = min(
            at["places"],
            key=lambda s: (
                (at["places"][s]["x"] - spot["x"]) ** 2 + (at["places"][s]["y"] - spot["y"]) ** 2
            ),
        )
        assert nearest == seat, f"seat {seat}'s play lies nearest place {nearest}: {at}"
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], "no sideways scroll"
    assert not errors, errors


FIRST_SCREEN = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, x: (r.left + r.right) / 2};
  };
  const q = (sel) => document.querySelector(sel);
  window.scrollTo(0, 0);
  const buttons = [...document.querySelectorAll("[data-testid=controls] button")];
  const turn = buttons.some((b) => !b.disabled);
  const spots = {};
  for (const e of document.querySelectorAll("[data-testid=trick] [data-testid^=trick-]")) {
    spots[e.dataset.side] = box(e);
  }
  const places = {};
  for (const e of document.querySelectorAll("[data-testid^=place-]")) {
    places[e.dataset.side] = box(e);
  }
  return {
    phase: (q("[data-testid=board]") && q("[data-testid=board]").dataset.phase) || "",
    hand: q("[data-testid=hand]") && box(q("[data-testid=hand]")),
    button: turn ? {name: buttons[0].dataset.testid, ...box(buttons[0])} : null,
    spots,
    places,
    inner: window.innerHeight,
    scrollY: window.scrollY,
    width: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  };
}"""


def test_on_a_phone_the_hand_and_the_actions_are_on_the_first_screen_in_every_phase(
    shared_stack, browser
) -> None:
    """Issue #31 item 3 at 390×844: no sideways scroll, and whenever it is the player's turn —
    declaring, burying, leading or following — the hand and the first action button lie within
    the first screen (the page scrolled to its top); each play of the trick lies under its
    player's place (left, across, right as the places stand in their row)."""
    stack = shared_stack("embedded")
    context, page, errors = phone_page(browser)
    sign_up(page, stack.base_url, unique("phonetractor"))
    start_ai_match(page, "tractor", level="beginner")
    board = page.get_by_test_id("board")
    board.get_by_test_id("hand").wait_for(timeout=WAIT_MS)
    page.wait_for_function(STYLED, timeout=WAIT_MS)

    seen: list[str] = []  # the phases measured on the player's turn
    deadline = time.monotonic() + 300  # a bound on a busy machine
    while time.monotonic() < deadline and not ("bid" in seen and seen.count("play") >= 4):
        # one snapshot: the phase read apart from the page's boxes could be the last trick's
        # "play" while the boxes were already the next deal's, which has no trick
        at = page.evaluate(FIRST_SCREEN)
        phase = at["phase"]
        assert at["width"] <= at["innerWidth"], f"the page scrolls sideways ({phase}): {at}"
        if at["button"] and at["hand"] and (not seen or seen[-1] != phase or phase == "play"):
            seen.append(phase)
            assert at["hand"]["bottom"] <= at["inner"], f"the hand below the first screen: {at}"
            assert at["button"]["bottom"] <= at["inner"], f"the action below the screen: {at}"
            if phase == "play":
                for side in ("left", "top", "right"):
                    spot, place = at["spots"][side], at["places"][side]
                    assert place["left"] <= spot["x"] <= place["right"], (side, at)
        cards = board.get_by_test_id("hand").locator(".hand-card").count()
        if step(page) and phase == "play":
            # The next turn to measure comes with a card fewer in the hand (a play the server
            # refused as out of date leaves the hand as it was: the loop simply goes on).
            try:
                page.wait_for_function(
                    "(n) => document.querySelectorAll('[data-testid=hand] .hand-card').length < n",
                    arg=cards,
                    timeout=WAIT_MS,
                )
            except PlaywrightTimeout:
                pass
        page.wait_for_timeout(80)
    assert "bid" in seen and seen.count("play") >= 4, f"the player's turns measured: {seen}"
    browser.close(context)
    assert not errors, errors


DEALT_TO_DECLARE = """
import json
from accounts.models import User
from games.tractor import GAME
from live.commitments import commitment_ensure
from live.services import SeatSpec, match_start
user = User.objects.get(username={name!r}).pk
deal = GAME.deal_for(4, 4, 0)  # seat 0 holds three 2s, the level of the first deal
deal["first"] = 0  # and speaks first: its declaration is the first, so it deals
match = match_start(game_slug="tractor",
    seats=[SeatSpec(user_id=user)] + [SeatSpec(ai_level="beginner")] * 3,
    options={{"deals": [deal]}}, created_by_id=user)
commitment_ensure(match_id=match.pk)
print(json.dumps(match.pk))
"""


def test_on_a_phone_the_dealer_unfolds_the_buried_kitty_while_playing_and_it_stays_open(
    shared_stack, browser
) -> None:
    """On a phone the kitty row gives way to the trick during the play; the dealer (here the
    person: first to speak, holding the level's 2s, declaring first) finds the eight cards they
    buried folded under "Kitty": closed at first, open on a tap, still open after the next card
    is played (the centre is redrawn), with the hand and the actions still on the first screen."""
    stack = shared_stack("embedded")
    context, page, errors = phone_page(browser)
    name = unique("kittydealer")
    sign_up(page, stack.base_url, name)
    match_id = stack.django(DEALT_TO_DECLARE.format(name=name))
    page.goto(f"{stack.base_url}/match/{match_id}/")
    board = page.get_by_test_id("board")
    board.get_by_test_id("hand").wait_for(timeout=WAIT_MS)
    page.wait_for_function(STYLED, timeout=WAIT_MS)
    deadline = time.monotonic() + 180  # a bound on a busy machine
    while board.get_attribute("data-phase") != "play":
        assert time.monotonic() < deadline, "the deal did not reach the play"
        step(page)
        page.wait_for_timeout(80)
    peek = board.get_by_test_id("kitty-peek")
    peek.wait_for(state="visible", timeout=WAIT_MS)
    cards = peek.get_by_test_id("kitty-peek-cards")
    assert not cards.is_visible(), "the kitty is folded until the dealer opens it"
    assert not board.get_by_test_id("kitty").is_visible(), "the kitty row gives way on a phone"
    peek.locator("summary").click()
    cards.wait_for(state="visible", timeout=WAIT_MS)
    assert cards.locator(".card-slot").count() == 8, cards.inner_html()
    # The next card played redraws the centre: the fold stays open.
    trick_before = board.get_by_test_id("trick").inner_html()
    while board.get_by_test_id("trick").inner_html() == trick_before:
        assert time.monotonic() < deadline, "no card was played"
        step(page)
        page.wait_for_timeout(80)
    assert board.get_by_test_id("kitty-peek-cards").is_visible(), "the fold closed on a redraw"
    # With it open, the hand and the actions of the player's turn are still on the first screen.
    while not (at := page.evaluate(FIRST_SCREEN))["button"]:
        assert time.monotonic() < deadline, "the player's turn did not come"
        page.wait_for_timeout(80)
    assert at["hand"]["bottom"] <= at["inner"] and at["button"]["bottom"] <= at["inner"], at
    browser.close(context)
    assert not errors, errors
