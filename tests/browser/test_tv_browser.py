"""Watching in real Chromium: /tv/ shows a running AI match as a spectator, counts the watcher,
and moves on by itself when the match ends (docs/players.md "Watching").

On a stack of its own (``make_stack``), not the shared one: what the TV shows is chosen among
every running match of the site (the best-rated people's, the newest of equals), and the test's
last check is that the TV goes idle once nothing runs.  On the shared stack other tests' matches
still run (untimed ones for ever, tournaments' next rounds start by themselves), so the TV would
rightly show or move on to one of those."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser


def test_the_tv_shows_a_running_ai_match_and_moves_on_when_it_ends(make_stack, browser) -> None:
    stack = make_stack("embedded")
    player = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    sign_up(player, stack.base_url, unique("tvplayer"))
    start_ai_match(player, "spectacular_bid")
    match_id = re.search(r"/match/(\d+)/", player.url).group(1)

    viewer = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    errors: list[str] = []
    viewer.on("pageerror", lambda exc: errors.append(str(exc)))
    viewer.goto(f"{stack.base_url}/tv/", timeout=WAIT_MS)
    assert viewer.get_by_test_id("tv-bar").is_visible()
    assert viewer.get_by_test_id("match-page").get_attribute("data-match-id") == match_id
    viewer.get_by_test_id("connection-status").and_(viewer.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )
    assert not viewer.get_by_test_id("resign-button").count()  # a spectator's page
    count = viewer.get_by_test_id("spectator-count")
    count.and_(viewer.locator("[data-count='1']")).wait_for(timeout=WAIT_MS)
    assert "1 watching" in count.inner_text()
    # The player sees the watcher too.
    player.get_by_test_id("spectator-count").and_(player.locator("[data-count='1']")).wait_for(
        timeout=WAIT_MS
    )

    player.get_by_test_id("resign-button").click()
    player.get_by_test_id("resign-confirm-yes").click()
    viewer.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    # Nothing else runs: after the result has been shown, the TV says so and waits.
    viewer.get_by_test_id("tv-idle").wait_for(timeout=WAIT_MS)
    assert not errors, errors
