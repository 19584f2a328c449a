"""A challenge in two browsers: Anna challenges Ben from his profile page; Ben, in the lobby, sees
it arrive without reloading (the notification banner and the lobby's challenges list) and
accepts; both land on the match board, Anna taken there from her challenge's page.  On the way,
axe-core finds no serious or critical accessibility violation on the form, the challenge's page or
the lobby's challenges card."""

from __future__ import annotations

import re

import pytest

from support.axe import audit, report

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r".*/match/(\d+)/$")


def match_id_of(page) -> int:  # type: ignore[no-untyped-def]
    page.wait_for_url(MATCH_URL, timeout=WAIT_MS)
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )
    return int(MATCH_URL.match(page.url).group(1))


def test_a_challenge_is_seen_live_accepted_and_both_land_on_the_board(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    anna_name, ben_name = unique("anna"), unique("ben")
    errors: list[str] = []
    findings: list[str] = []

    def check(page, what: str) -> None:  # type: ignore[no-untyped-def]
        found = audit(page)
        if found:
            findings.append(report(f"{what} ({page.url})", found))

    anna = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    ben = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    for page in (anna, ben):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(anna, stack.base_url, anna_name)
    sign_up(ben, stack.base_url, ben_name)  # Ben stays in the lobby, where sign-up lands
    ben.get_by_test_id("challenges-empty").wait_for(timeout=WAIT_MS)
    ben.locator("[data-notify-region][data-connected='1']").wait_for(
        state="attached", timeout=WAIT_MS
    )

    # Anna: Ben's profile → Challenge → One Poker, relaxed clock, unrated.
    anna.goto(f"{stack.base_url}/accounts/u/{ben_name}/")
    anna.get_by_test_id("challenge-link").click()
    anna.get_by_test_id("challenge-form").wait_for(timeout=WAIT_MS)
    check(anna, "challenge form")
    # Bridge has no two-seat table: the computer's strength is asked, and it cannot be rated.
    anna.get_by_test_id("challenge-game").select_option("bridge")
    assert anna.get_by_test_id("challenge-level").is_visible()
    assert anna.get_by_test_id("challenge-rated").is_disabled()
    anna.get_by_test_id("challenge-game").select_option("one_poker")
    assert not anna.get_by_test_id("challenge-level").is_visible()
    assert anna.get_by_test_id("challenge-rated").is_enabled()
    relaxed = anna.locator(
        "[data-testid=challenge-time-control] optgroup[data-game=one_poker] option[value=relaxed]"
    )
    anna.get_by_test_id("challenge-time-control").select_option(element=relaxed.element_handle())
    assert anna.get_by_test_id("challenge-rated").is_disabled()  # only the standard clock rates
    anna.get_by_test_id("challenge-submit").click()
    anna.wait_for_url(re.compile(r".*/challenges/\d+/$"), timeout=WAIT_MS)
    challenge_id = anna.get_by_test_id("challenge").get_attribute("data-challenge-id")
    check(anna, "challenge page")
    anna.locator("[data-notify-region][data-connected='1']").wait_for(
        state="attached", timeout=WAIT_MS
    )

    # Ben, without reloading: a banner, and the challenge in the lobby's list.
    notice = ben.locator("[data-testid=notice][data-kind=challenge_offered]")
    notice.wait_for(timeout=WAIT_MS)
    assert f"{anna_name} challenges you: One Poker." in notice.inner_text()
    row = ben.locator(f"[data-testid=challenge-received][data-challenge-id='{challenge_id}']")
    # Well before the card's 30 s poll: the notice itself refreshed the list.
    row.wait_for(timeout=20_000)
    check(ben, "lobby with a challenge")
    row.get_by_test_id("challenge-accept").click()

    # Both on the same board.
    assert match_id_of(ben) == match_id_of(anna)
    assert errors == []
    assert not findings, "\n\n".join(findings)
