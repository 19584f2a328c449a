"""What two people notice in two browsers: a notification when someone joins your table (on any
page, in English and German), the started table gone from "Open tables", the result screen with
rating changes and a rematch both accept; and against the computer: named computer players,
levels for people, a one-click rematch and the fair-deal check."""

from __future__ import annotations

import re
import time
import urllib.request

import pytest

from .conftest import WAIT_MS, click, enabled, sign_up, unique

pytestmark = pytest.mark.browser

MATCH_URL = re.compile(r".*/match/(\d+)/$")


def open_table(page, game: str = "spectacular_bid") -> int:
    """From the lobby: a two-seat table for people (rated); returns its id.  Other tests' open
    tables may be listed too: the page's own is the one it may cancel (its only one)."""
    page.get_by_test_id("create-table-game").select_option(game)
    page.get_by_test_id("create-table-seats").fill("2")
    page.get_by_test_id("create-table-ai-seats").fill("0")
    page.get_by_test_id("create-table-submit").click()
    table = page.get_by_test_id("open-table").filter(has=page.get_by_test_id("table-cancel"))
    table.wait_for(timeout=WAIT_MS)
    return int(table.get_attribute("data-table-id"))


def match_id_of(page) -> int:
    page.wait_for_url(MATCH_URL, timeout=WAIT_MS)
    return int(MATCH_URL.match(page.url).group(1))


def wait_connected(page) -> None:
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )


def resign(page) -> None:
    page.get_by_test_id("resign-button").click()
    page.get_by_test_id("resign-confirm-yes").click()
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)


def test_the_opener_is_told_when_someone_joins_and_both_accept_a_rematch(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    alice_name, bob_name = unique("alice"), unique("bob")
    errors: list[str] = []
    alice = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    bob = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    for page in (alice, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, alice_name)
    sign_up(bob, stack.base_url, bob_name)

    # Alice opens a table and reads the leaderboards (in German) while she waits.
    table_id = open_table(alice)
    alice.get_by_test_id("lang-de").click()
    alice.goto(f"{stack.base_url}/leaderboards/")
    alice.locator("[data-notify-region][data-connected='1']").wait_for(
        state="attached", timeout=WAIT_MS
    )
    sound = alice.get_by_test_id("notify-sound")
    assert sound.get_attribute("aria-pressed") == "false"
    sound.click()  # sound on: a first tone confirms it
    assert sound.get_attribute("aria-pressed") == "true" and "Ton an" in sound.inner_text()

    bob.goto(f"{stack.base_url}/")
    bob.locator(f"[data-testid=open-table][data-table-id='{table_id}']").get_by_test_id(
        "table-join"
    ).click()
    match_id = match_id_of(bob)

    notice = alice.get_by_test_id("notice").first
    notice.wait_for(timeout=WAIT_MS)
    assert notice.get_attribute("data-kind") == "table_started"
    assert f"{bob_name} hat sich an deinen Tisch gesetzt" in notice.inner_text()
    assert alice.get_by_test_id("notices").get_attribute("data-sounds") == "2"
    # The started table is no longer an open one, for anybody.
    bob.goto(f"{stack.base_url}/")
    assert not bob.locator(f"[data-testid=open-table][data-table-id='{table_id}']").count()
    assert bob.get_by_test_id("my-started-table").count() == 1

    notice.get_by_test_id("notice-go").click()
    assert match_id_of(alice) == match_id
    wait_connected(alice)
    bob.goto(f"{stack.base_url}/match/{match_id}/")
    wait_connected(bob)

    # Bob resigns the rated match: both see who resigned and the rating change.
    resign(bob)
    alice.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    # The rating changes and the forfeit come with each page's after-facts, fetched a moment
    # after the result is drawn: wait for them on both pages.
    alice.get_by_test_id("rating-change-0").wait_for(timeout=WAIT_MS)
    bob.get_by_test_id("rating-change-1").wait_for(timeout=WAIT_MS)
    assert "1500 → 1520 (+20)" in alice.get_by_test_id("rating-change-0").inner_text()
    assert "1500 → 1480 (−20)" in bob.get_by_test_id("rating-change-1").inner_text()
    assert f"{bob_name} hat aufgegeben." in alice.get_by_test_id("result-reason").inner_text()
    assert f"{bob_name} resigned." in bob.get_by_test_id("result-reason").inner_text()

    # Rematch: Bob offers, Alice's result screen shows the offer at once, she accepts.
    bob.get_by_test_id("rematch-button").click()
    bob.get_by_test_id("rematch-status").filter(has_text=f"Waiting for {alice_name}").wait_for(
        timeout=WAIT_MS
    )
    alice.get_by_test_id("rematch-status").filter(
        has_text=f"{bob_name} bietet eine Revanche an"
    ).wait_for(timeout=WAIT_MS)
    alice.get_by_test_id("rematch-button").click()
    new_for_alice = match_id_of_new(alice, match_id)
    new_for_bob = match_id_of_new(bob, match_id)
    assert new_for_alice == new_for_bob != match_id
    wait_connected(alice)
    # Seats moved round: Alice sat first, now Bob does.
    assert bob_name in alice.get_by_test_id("player-0").inner_text()
    assert not errors, errors


def match_id_of_new(page, old: int) -> int:
    page.wait_for_url(
        lambda url: bool(MATCH_URL.match(url)) and not url.endswith(f"/{old}/"), timeout=WAIT_MS
    )
    return int(MATCH_URL.match(page.url).group(1))


def test_waiting_in_the_lobby_the_opener_is_taken_to_the_match(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    sign_up(alice, stack.base_url, unique("alice"))
    sign_up(bob, stack.base_url, unique("bob"))
    table_id = open_table(alice)
    alice.locator("[data-notify-region][data-connected='1']").wait_for(
        state="attached", timeout=WAIT_MS
    )
    bob.goto(f"{stack.base_url}/")
    bob.locator(f"[data-testid=open-table][data-table-id='{table_id}']").get_by_test_id(
        "table-join"
    ).click()
    assert match_id_of(alice) == match_id_of(bob)


def test_against_the_computer_names_levels_result_rematch_and_fair_deals(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    carla = unique("carla")
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    failed: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: failed.append(r.url) if r.status == 404 else None)
    sign_up(page, stack.base_url, carla)

    # Levels for people, the newcomer's level chosen, its description shown.
    page.get_by_test_id("play-ai-game").select_option("holdem")
    level = page.get_by_test_id("play-ai-level")
    assert level.input_value() == "greedy"
    assert level.locator("option:checked").inner_text().startswith("Casual (about")
    assert "bets them hard" in page.get_by_test_id("play-ai-level-description").inner_text()
    page.get_by_test_id("play-ai-submit").click()
    first = match_id_of(page)
    wait_connected(page)
    names = [page.get_by_test_id(f"player-{s}").inner_text() for s in range(1, 4)]
    assert [n.split(" (bot)")[0] for n in names] == ["Bruno", "Clara", "Dmitri"]
    assert all("level Casual" in n for n in names)

    # Resigning: the three computer players share first place and no "score 0" is listed.
    resign(page)
    rows = page.get_by_test_id("result-list").locator("li")
    # The list is drawn from the final state first and tagged once the match's after-facts (who
    # forfeited, rating changes) have been fetched: on a busy machine that is a moment later.
    rows.filter(has_text=carla).filter(has_text="resigned").wait_for(timeout=WAIT_MS)
    texts = [rows.nth(i).inner_text() for i in range(rows.count())]
    assert sum("1. " in t and "(shared)" in t for t in texts) == 3, texts
    assert not any("score" in t for t in texts), texts
    assert any(carla in t and "resigned" in t for t in texts), texts
    assert page.get_by_test_id("new-game-button").is_visible()

    # The fair-deal check of the finished match.
    page.get_by_test_id("result-fairness").click()
    page.get_by_test_id("fairness-page").wait_for(timeout=WAIT_MS)
    assert page.get_by_test_id("fairness-verdict").get_attribute("data-ok") == "1"
    assert page.get_by_test_id("fairness-check").count() == 3
    page.go_back()
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)

    # The computer accepts a rematch at once: one click and the next match is on.
    page.get_by_test_id("rematch-button").wait_for(timeout=WAIT_MS)
    page.get_by_test_id("rematch-button").click()
    assert match_id_of_new(page, first) != first
    wait_connected(page)
    with urllib.request.urlopen(f"{stack.base_url}/favicon.ico") as icon:
        assert icon.status == 200 and b"<svg" in icon.read()
    assert not errors, errors
    assert not failed, failed


MOVES = """
import json
from live.models import Move
print(json.dumps(Move.objects.filter(match_id={match_id}).count()))
"""


def ready_until_moves(page, stack, match_id: int, at_least: int) -> None:
    """Press Ready until the match's move log holds ``at_least`` moves (the AI has answered).  A
    press that crosses the AI's own move is refused as out of date: then Ready is offered again
    and pressed again, as a person would."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while (count := stack.django(MOVES.format(match_id=match_id))) < at_least:
        assert time.monotonic() < deadline, f"{count} moves of match {match_id}"
        if enabled(page, "ready-button"):
            click(page.get_by_test_id("ready-button"))


def test_a_replay_steps_through_the_whole_move_log(shared_stack, browser) -> None:
    import json

    stack = shared_stack("embedded")
    dora = unique("dora")
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, dora)
    page.get_by_test_id("play-ai-game").select_option("spectacular_bid")
    page.get_by_test_id("play-ai-submit").click()
    match_id = match_id_of(page)
    wait_connected(page)
    page.get_by_test_id("ready-button").click()
    ready_until_moves(page, stack, match_id, 2)  # the AI answers: with the resignation, 3 moves
    resign(page)
    page.get_by_test_id("result-replay").click()
    page.get_by_test_id("replay-page").wait_for(timeout=WAIT_MS)
    with urllib.request.urlopen(f"{stack.base_url}/match/{match_id}/fairness.json") as r:
        log = json.loads(r.read())["moves"]
    moves = page.get_by_test_id("replay-move")
    moves.first.wait_for(timeout=WAIT_MS)
    assert moves.count() == len(log) >= 3
    position = page.get_by_test_id("replay-position")
    position.filter(has_text=f"of {len(log)}").wait_for(timeout=WAIT_MS)
    page.get_by_test_id("board").locator("[data-testid]").first.wait_for(timeout=WAIT_MS)
    seen = []
    for n in range(1, len(log) + 1):
        page.keyboard.press("ArrowRight")
        page.locator(f"[data-testid=replay-position][data-step='{n}']").wait_for(timeout=WAIT_MS)
        seen.append(
            page.locator("[data-testid=replay-move][aria-current]").get_attribute("data-step")
        )
    assert seen == [str(n) for n in range(1, len(log) + 1)]
    assert position.inner_text().startswith(f"Step {len(log)} of {len(log)}")
    page.keyboard.press("Home")
    page.locator("[data-testid=replay-position][data-step='0']").wait_for(timeout=WAIT_MS)
    page.get_by_test_id("replay-view").select_option("0")  # dora's own tiles, revealed
    page.get_by_test_id("replay-last").click()
    page.locator(f"[data-testid=replay-position][data-step='{len(log)}']").wait_for(timeout=WAIT_MS)
    assert page.get_by_test_id("replay-clock-0").inner_text().startswith(f"{dora}: ")
    assert not errors, errors
