"""Accessibility (issue #31 item 7): axe-core, run inside real Chromium, finds no serious or
critical violation on any page of the site, at 1280×800 and on a phone (390×844).

Visited on the shared stack: the home page (signed out), log-in, sign-up, the 404 page, then as a
new player the lobby, their account page and profile, the leaderboards, the ranked queue,
/watch/, the TV, the tournament list and a tournament's page, a running AI match of three
different games (each kind of board: the domino table, Bridge's compass table, a poker table),
that match's result screen, fair-deal page and replay; a second test opens every other board.
Every page is audited once it has drawn itself (the board mounted, the replay's position shown);
the findings of all pages are gathered and printed together, rule by rule with the elements axe
named, so that one run shows everything to fix."""

from __future__ import annotations

import re

import pytest

from support.axe import audit, report

from .conftest import WAIT_MS, click, sign_up, start_ai_match, unique
from .test_tournament_browser import CREATE, create

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}

GAMES = ("spectacular_bid", "bridge", "holdem")
"""Three boards built on different parts of the kit: the domino table, the four-seat compass
table with its auction box, and the poker table with its bet slider."""


class Audit:
    """Audits pages one after another and keeps every finding for the end."""

    def __init__(self, page) -> None:  # type: ignore[no-untyped-def]
        self.page = page
        self.failures: list[str] = []
        self.audited: list[str] = []

    def check(self, what: str) -> None:
        self.page.wait_for_load_state("load", timeout=WAIT_MS)
        try:
            found = audit(self.page)
        except Exception as exc:  # noqa: BLE001 - the page moved on (the TV): once more
            if "context was destroyed" not in str(exc):
                raise
            self.page.wait_for_load_state("load", timeout=WAIT_MS)
            found = audit(self.page)
        self.audited.append(what)
        if found:
            self.failures.append(report(f"{what} ({self.page.url})", found))

    def visit(self, what: str, url: str, ready: str | None = None) -> None:
        """Go to ``url``, wait for ``ready`` (a CSS selector) if given, and audit."""
        self.page.goto(url, timeout=WAIT_MS)
        if ready:
            self.page.locator(ready).first.wait_for(timeout=WAIT_MS)
        self.check(what)


def wait_for_board(page) -> None:  # type: ignore[no-untyped-def]
    """The board module has mounted and drawn (its loading line is gone)."""
    page.locator("#board .board-loading").wait_for(state="detached", timeout=WAIT_MS)


@pytest.mark.parametrize("size", list(SIZES))
def test_no_page_has_a_serious_or_critical_accessibility_violation(
    shared_stack, browser, size: str
) -> None:
    stack = shared_stack("embedded")
    base = stack.base_url
    made = create(stack, CREATE, unique("Accessible cup "))
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    axe = Audit(page)

    axe.visit("home page (signed out)", f"{base}/")
    axe.visit("log-in", f"{base}/accounts/login/")
    axe.visit("sign-up", f"{base}/accounts/signup/")
    axe.visit("page not found", f"{base}/no-such-page/")

    name = unique("axe")
    sign_up(page, base, name)
    axe.check("lobby")
    axe.visit("account", f"{base}/accounts/account/")
    axe.visit("leaderboards", f"{base}/leaderboards/")
    axe.visit("ranked queue", f"{base}/queue/")
    axe.visit("tournament list", f"{base}/tournaments/")
    axe.visit("tournament page", f"{base}/tournaments/{made['id']}/")

    matches: list[str] = []
    for slug in GAMES:
        page.goto(f"{base}/", timeout=WAIT_MS)
        start_ai_match(page, slug, level="random")
        wait_for_board(page)
        axe.check(f"{slug} match")
        matches.append(page.url)

    axe.visit("profile", f"{base}/accounts/u/{name}/", ready="[data-testid=recent-matches]")
    axe.visit("watch", f"{base}/watch/")
    axe.visit("TV", f"{base}/tv/")

    # The first match, finished: its result screen, fair-deal check and replay.
    first = matches[0]
    page.goto(first, timeout=WAIT_MS)
    wait_for_board(page)
    click(page.get_by_test_id("resign-button"))
    click(page.get_by_test_id("resign-confirm-yes"))
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    axe.check("result screen")
    axe.visit("fair-deal page", f"{first}fairness/")
    page.goto(f"{first}replay/", timeout=WAIT_MS)
    page.get_by_test_id("replay-position").filter(has_text=re.compile(r"\d")).wait_for(
        timeout=WAIT_MS
    )
    wait_for_board(page)
    axe.check("replay")

    assert len(axe.audited) == 19, axe.audited
    assert not axe.failures, "\n\n".join(axe.failures)


OTHER_GAMES = ("dou_dizhu", "guandan", "one_poker", "tractor", "zheng_shangyou")
"""The boards the page test above does not open: together with ``GAMES``, every board."""


@pytest.mark.parametrize("size", list(SIZES))
def test_no_other_board_has_a_serious_or_critical_accessibility_violation(
    shared_stack, browser, size: str
) -> None:
    stack = shared_stack("embedded")
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    axe = Audit(page)
    sign_up(page, stack.base_url, unique("axeboards"))
    for slug in OTHER_GAMES:
        page.goto(f"{stack.base_url}/", timeout=WAIT_MS)
        start_ai_match(page, slug, level="random")
        wait_for_board(page)
        axe.check(f"{slug} match")
    assert axe.audited == [f"{slug} match" for slug in OTHER_GAMES]
    assert not axe.failures, "\n\n".join(axe.failures)
