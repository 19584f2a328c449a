"""Time controls in real Chromium (docs/players.md, "Time controls"): a player chooses "No clock"
or "Relaxed" against the computer and the match page says it is not the standard clock — in
English and in German; the result screen's "New game" keeps the chosen clock; and in the lobby's
table form a longer clock unticks and disables "Rated game"."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

GAME = "spectacular_bid"
MATCH_URL = re.compile(r".*/match/(\d+)/$")

TEXTS = {
    "en": {
        "untimed_option": "No clock",
        "relaxed_option": "Relaxed (",
        "untimed_note": "No clock — not the standard clock",
        "relaxed_note": "Relaxed clock — not the standard clock",
        "clock_status": "No clock",
    },
    "de": {
        "untimed_option": "Ohne Uhr",
        "relaxed_option": "Entspannt (",
        "untimed_note": "Ohne Uhr — nicht die Standarduhr",
        "relaxed_note": "Entspannte Uhr — nicht die Standarduhr",
        "clock_status": "Ohne Uhr",
    },
}


def choose_time_control(page, form: str, choice: str) -> str:  # type: ignore[no-untyped-def]
    """Choose ``choice`` for GAME in the lobby form ``form`` ("play-ai" or "create-table");
    returns the option's label.  Every game has its own options, so pick the game's own."""
    select = page.get_by_test_id(f"{form}-time-control")
    option = select.locator(f"optgroup[data-game={GAME}] option[value={choice}]")
    select.select_option(element=option.element_handle())
    assert select.input_value() == choice
    return option.inner_text()


def start_against_the_computer(page, choice: str) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """From the lobby: GAME against the random computer player with the clock ``choice``."""
    page.get_by_test_id("play-ai-game").select_option(GAME)
    level = page.locator(
        f"[data-testid=play-ai-level] optgroup[data-game={GAME}] option[value=random]"
    )
    page.get_by_test_id("play-ai-level").select_option(element=level.element_handle())
    label = choose_time_control(page, "play-ai", choice)
    page.get_by_test_id("play-ai-mode-ai").check()
    page.get_by_test_id("play-ai-submit").click()
    return match_id_of(page), label


def match_id_of(page, other_than: int | None = None) -> int:  # type: ignore[no-untyped-def]
    page.wait_for_url(
        lambda url: (
            bool(MATCH_URL.match(url))
            and (other_than is None or not url.endswith(f"/{other_than}/"))
        ),
        timeout=WAIT_MS,
    )
    return int(MATCH_URL.match(page.url).group(1))  # type: ignore[union-attr]


def wait_connected(page) -> None:  # type: ignore[no-untyped-def]
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )


def note_of(page) -> tuple[str | None, str]:  # type: ignore[no-untyped-def]
    note = page.get_by_test_id("time-control-note")
    note.wait_for(timeout=WAIT_MS)
    return note.get_attribute("data-time-control"), note.inner_text().strip()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_clock_and_relaxed_against_the_computer_say_they_are_not_the_standard_clock(
    shared_stack, browser, lang: str
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique(f"tina{lang}"))
    if lang == "de":
        page.get_by_test_id("lang-de").click()
        page.locator("html[lang=de]").wait_for(state="attached", timeout=WAIT_MS)
    texts = TEXTS[lang]

    # No clock: the note says so, and the clocks show no figures but "No clock".
    first, label = start_against_the_computer(page, "untimed")
    assert label.strip() == texts["untimed_option"]
    assert note_of(page) == ("untimed", texts["untimed_note"])
    wait_connected(page)
    status = page.get_by_test_id("clock-status")
    status.filter(has_text=texts["clock_status"]).wait_for(timeout=WAIT_MS)
    clock = page.get_by_test_id("clock-0")
    page.locator(f"[data-testid=clock-0][aria-label='{texts['clock_status']}']").wait_for(
        timeout=WAIT_MS
    )
    assert "–" in clock.inner_text()

    # Resigning, then "New game" on the result screen: the next match has no clock either.
    page.get_by_test_id("resign-button").click()
    page.get_by_test_id("resign-confirm-yes").click()
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    new_game = page.get_by_test_id("new-game-button")
    new_game.wait_for(state="visible", timeout=WAIT_MS)
    assert page.get_by_test_id("new-game-time-control").input_value() == "untimed"
    new_game.click()
    second = match_id_of(page, other_than=first)
    assert second != first
    assert note_of(page) == ("untimed", texts["untimed_note"])

    # Relaxed: three times the standard clock, and the note says it is not the standard one.
    page.goto(f"{stack.base_url}/")
    _third, label = start_against_the_computer(page, "relaxed")
    assert label.startswith(texts["relaxed_option"])
    assert note_of(page) == ("relaxed", texts["relaxed_note"])
    wait_connected(page)
    assert not errors, errors


def test_choosing_a_longer_clock_for_a_table_unticks_and_disables_rated(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("otto"))
    page.get_by_test_id("create-table-game").select_option(GAME)
    rated = page.get_by_test_id("create-table-rated")
    assert rated.is_checked() and rated.is_enabled()

    for choice in ("long", "untimed", "relaxed"):
        choose_time_control(page, "create-table", choice)
        assert not rated.is_checked() and rated.is_disabled(), choice
    choose_time_control(page, "create-table", "standard")
    assert rated.is_enabled()
    rated.check()
    choose_time_control(page, "create-table", "long")
    assert not rated.is_checked() and rated.is_disabled()

    # The unrated table with the longer clock is opened and listed as such (among other tests'
    # open tables: Otto's own is the one he may cancel).
    page.get_by_test_id("create-table-seats").fill("2")
    page.get_by_test_id("create-table-ai-seats").fill("0")
    page.get_by_test_id("create-table-submit").click()
    own = page.get_by_test_id("open-table").filter(has=page.get_by_test_id("table-cancel"))
    badge = own.get_by_test_id("table-time-control")
    badge.wait_for(timeout=WAIT_MS)
    assert badge.get_attribute("data-time-control") == "long"
    assert badge.inner_text().strip() == "Long clock — not the standard clock"
    assert not errors, errors
